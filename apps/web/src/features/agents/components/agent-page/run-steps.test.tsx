import type { Run } from '@spoke/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '#web/lib/query-client.ts';
import { suiteServer } from '#web/test/suite-server.ts';
import { sendJson, sendRaw } from '#web/test/test-server.ts';
import { sampleRun } from '#web/features/agents/testing/fixtures.ts';
import { RunSteps } from './run-steps.tsx';

const RUN: Run = sampleRun({
  input: null,
  steps: [
    {
      index: 0,
      type: 'tool',
      plan_step: 'fetch',
      duration_ms: 120,
      tool: 'http-request.http_request',
      arguments: { url: 'https://status.example.com/api' },
      result: { status: 503 },
      error: null,
    },
    {
      index: 1,
      type: 'control',
      plan_step: 'check',
      duration_ms: 0,
      text: 'steps.fetch.status is at least 500: yes',
    },
    {
      index: 2,
      type: 'control',
      plan_step: 'each',
      duration_ms: 0,
      text: 'For each of steps.fetch.body.items: 2 items',
    },
    {
      index: 3,
      type: 'model',
      plan_step: 'summary',
      duration_ms: 900,
      text: 'The status page is down.',
      tokens: { input: 120, output: 12 },
    },
    { index: 4, type: 'model', duration_ms: 700, text: 'Done.' },
  ],
});

suiteServer((req, res) =>
  req.path === `/api/runs/${RUN.id}`
    ? sendJson(res, 200, { data: { run: RUN } })
    : sendRaw(res, 404),
);

describe('run steps', () => {
  it('shows a plan’s decisions and which plan step each step belongs to', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RunSteps runId={RUN.id} />
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Steps' });
    const [tool, decision, loop, model, plain] = within(list)
      .getAllByRole('listitem')
      .map((li) => within(li));

    expect(tool!.getByText('Step 1 · Tool call')).toBeTruthy();
    expect(tool!.getByText('Plan step').textContent).toBe('Plan step fetch');

    expect(decision!.getByText('Step 2 · Decision')).toBeTruthy();
    expect(decision!.getByText('steps.fetch.status is at least 500: yes')).toBeTruthy();
    expect(decision!.getByText('Plan step').textContent).toBe('Plan step check');
    // A decision has no arguments or result to show.
    expect(decision!.queryByText('Arguments')).toBeNull();

    expect(loop!.getByText('Step 3 · Decision')).toBeTruthy();
    expect(loop!.getByText('For each of steps.fetch.body.items: 2 items')).toBeTruthy();

    expect(model!.getByText('Step 4 · Model')).toBeTruthy();
    expect(model!.getByText('Plan step').textContent).toBe('Plan step summary');
    expect(model!.getByText('120 in / 12 out tokens')).toBeTruthy();

    // Steps of a run without a plan name no plan step.
    expect(plain!.queryByText('Plan step')).toBeNull();
  });
});

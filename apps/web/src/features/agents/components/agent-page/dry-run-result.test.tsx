import { render, screen, within } from '@testing-library/react';
import type { DryRun } from '@spoke/shared';
import { describe, expect, it } from 'vitest';
import { DryRunResult } from './dry-run-result.tsx';

const dry: DryRun = {
  dry_run: true,
  model_configured: false,
  steps: [
    { text: 'Fetch https://status.example.com/api', tools: [] },
    { text: 'Send what it returns to our webhook', tools: ['webhook.send_webhook'] },
  ],
  tools: [],
  missing_connections: [],
  plan_run: {
    status: 'succeeded',
    error: null,
    steps: [
      {
        index: 0,
        type: 'tool',
        plan_step: 'fetch',
        duration_ms: 12,
        tool: 'http-request.http_request',
        arguments: { method: 'GET', url: 'https://status.example.com/api' },
        result: { status: 200, body: { state: 'ok' } },
        error: null,
      },
      {
        index: 1,
        type: 'model',
        plan_step: 'summary',
        duration_ms: 0,
        text: 'Summarise it in one line',
        skipped: 'A dry run does not ask the model.',
      },
      {
        index: 2,
        type: 'tool',
        plan_step: 'send',
        duration_ms: 0,
        tool: 'webhook.send_webhook',
        arguments: {
          url: 'https://hooks.example.com/in',
          payload: { text: '[the model’s answer]' },
        },
        result: null,
        error: null,
        skipped:
          'Not sent: a dry run only calls tools that read. These are the arguments it would send.',
      },
    ],
  },
};

describe('a dry run of a plan', () => {
  it('shows what was read for real, what would be sent, and what the model would be asked', () => {
    render(<DryRunResult plan={dry} onClose={() => {}} />);
    expect(screen.getByText(/Tools that only read were called for real/)).toBeTruthy();
    const [read, model, send] = within(
      screen.getByRole('list', { name: 'Dry run steps' }),
    ).getAllByRole('listitem');
    expect(within(read!).getByText('read for real')).toBeTruthy();
    expect(within(read!).getByText(/"state": "ok"/)).toBeTruthy();
    expect(within(model!).getByText('not asked')).toBeTruthy();
    expect(within(model!).getByText('Summarise it in one line')).toBeTruthy();
    expect(within(send!).getByText('not sent')).toBeTruthy();
    expect(within(send!).getByText('Would send')).toBeTruthy();
    expect(within(send!).getByText(/hooks\.example\.com\/in/)).toBeTruthy();
  });

  it('says where a dry run stopped', () => {
    render(
      <DryRunResult
        plan={{
          ...dry,
          plan_run: {
            status: 'failed',
            error: 'Step "fetch" (http-request.http_request) failed: timeout',
            steps: [],
          },
        }}
        onClose={() => {}}
      />,
    );
    expect(screen.getByText(/The dry run stopped: Step "fetch"/)).toBeTruthy();
    expect(screen.getByText('No step ran.')).toBeTruthy();
  });
});

import type { AgentPlan } from '@spoke/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STATUS_PLAN } from '#web/features/agents/testing/plan-fixtures.ts';
import { NoPlan, PlanView } from './plan-view.tsx';

const EVERY_KIND: AgentPlan = {
  steps: [
    {
      id: 'fetch',
      kind: 'tool',
      note: 'Read the status page',
      tool: 'http-request.http_request',
      args: {
        url: 'https://status.example.com/api/v1/components?include=incidents&page_size=100',
        headers: { Accept: 'application/json' },
      },
      on_error: 'continue',
    },
    {
      id: 'check',
      kind: 'if',
      note: 'If it is down',
      condition: { value: 'steps.fetch.status', op: 'at_least', compare: 500 },
      then: [
        {
          id: 'summary',
          kind: 'model',
          instruction: 'Summarise the outage in two sentences.',
          inputs: ['steps.fetch.body'],
          output: {
            type: 'json',
            schema: { type: 'object', properties: { text: { type: 'string' } } },
          },
        },
      ],
      else: [
        {
          id: 'quiet',
          kind: 'tool',
          tool: 'webhook.send_webhook',
          args: { url: 'https://hooks.example.com/in', payload: 'all good' },
        },
      ],
    },
    {
      id: 'each',
      kind: 'for_each',
      over: 'steps.fetch.body.components',
      max: 20,
      steps: [
        {
          id: 'send',
          kind: 'tool',
          tool: 'webhook.send_webhook',
          args: { url: 'https://hooks.example.com/in', payload: 'Component {{item.name}} is down' },
        },
      ],
    },
    { id: 'work', kind: 'agent', instruction: 'Open a ticket if needed.', tools: [] },
    {
      id: 'gate',
      kind: 'if',
      condition: { value: 'input.priority', op: 'equals', compare: ['high', 'urgent'] },
      then: [],
    },
    { id: 'flag', kind: 'if', condition: { value: 'input.ok', op: 'is_true' }, then: [] },
  ],
};

/** A paragraph by how it starts, references inside it included. */
const sentence = (start: string) => (_text: string, element: Element | null) =>
  element?.tagName === 'P' && (element.textContent ?? '').startsWith(start);

const items = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .filter((li) => li.parentElement === list);

describe('plan view', () => {
  it('shows each step’s kind, id, note, tool and arguments, in order', () => {
    render(<PlanView plan={EVERY_KIND} />);
    const top = screen.getByRole('list', { name: 'Plan steps' });
    const steps = items(top);
    expect(steps.map((li) => li.querySelector('code')?.textContent)).toEqual([
      'fetch',
      'check',
      'each',
      'work',
      'gate',
      'flag',
    ]);
    const fetch = within(steps[0]!);
    expect(fetch.getByText('Tool')).toBeTruthy();
    expect(fetch.getByText('Step 1:')).toBeTruthy();
    expect(fetch.getByText('Read the status page')).toBeTruthy();
    expect(fetch.getByText('http-request.http_request')).toBeTruthy();
    const args = within(fetch.getByLabelText('Arguments of fetch'));
    expect(
      args.getByText(
        'https://status.example.com/api/v1/components?include=incidents&page_size=100',
      ),
    ).toBeTruthy();
    expect(args.getByText(/"Accept": "application\/json"/)).toBeTruthy();
    expect(fetch.getByText(/If it fails, the run goes on/)).toBeTruthy();
  });

  it('shows decisions and loops in words, with their steps nested', () => {
    render(<PlanView plan={EVERY_KIND} />);
    const check = within(items(screen.getByRole('list', { name: 'Plan steps' }))[1]!);
    expect(check.getByText('Decision')).toBeTruthy();
    expect(check.getByText(sentence('If steps')).textContent).toBe(
      'If steps.fetch.status is at least 500',
    );
    const then = within(check.getByRole('list', { name: 'Then (check)' }));
    expect(then.getByText('Language model')).toBeTruthy();
    expect(then.getByText('Summarise the outage in two sentences.')).toBeTruthy();
    expect(then.getByText('steps.fetch.body')).toBeTruthy();
    expect(then.getByText('JSON')).toBeTruthy();
    expect(then.getByText('Output schema')).toBeTruthy();
    const otherwise = within(check.getByRole('list', { name: 'Otherwise (check)' }));
    expect(otherwise.getByText('webhook.send_webhook')).toBeTruthy();

    const loop = within(screen.getByRole('list', { name: 'For each element (each)' }));
    expect(screen.getByText('Repeat')).toBeTruthy();
    expect(screen.getByText(sentence('For each element of')).textContent).toBe(
      'For each element of steps.fetch.body.components, at most 20 a run',
    );
    // A placeholder inside text is set apart from the words around it.
    expect(loop.getByText('{{item.name}}').tagName).toBe('CODE');
    expect(screen.getByText(sentence('If input.priority')).textContent).toBe(
      'If input.priority is one of “high”, “urgent”',
    );
    expect(screen.getByText(sentence('If input.ok')).textContent).toBe('If input.ok is true');
  });

  it('marks the steps that need a language model', () => {
    render(<PlanView plan={EVERY_KIND} />);
    expect(screen.getAllByText('Needs a language model')).toHaveLength(2);
    expect(screen.getByText(sentence('Needs a language model for')).textContent).toBe(
      'Needs a language model for 2 steps: summary, work. The other steps run without one.',
    );
    const work = within(items(screen.getByRole('list', { name: 'Plan steps' }))[3]!);
    expect(work.getByText('Agent')).toBeTruthy();
    expect(work.getByText('Needs a language model')).toBeTruthy();
    expect(work.getByText('every tool of the agent')).toBeTruthy();
  });

  it('says when a plan runs without a language model', () => {
    render(<PlanView plan={STATUS_PLAN} />);
    expect(screen.getByText(/Runs without a language model/)).toBeTruthy();
    expect(screen.queryByText('Needs a language model')).toBeNull();
    expect(screen.getByText('{{steps.fetch.body}}')).toBeTruthy();
  });

  it('explains what runs do for an agent without a plan', () => {
    render(<NoPlan />);
    expect(screen.getByText('This agent has no plan.')).toBeTruthy();
    expect(screen.getByText(/one language model loop over its instructions/)).toBeTruthy();
  });
});

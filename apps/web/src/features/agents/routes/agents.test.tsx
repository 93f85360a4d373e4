import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderSignedIn } from '#web/test/render-app.tsx';
import { suiteServer } from '#web/test/suite-server.ts';
import { sendRaw } from '#web/test/test-server.ts';
import { createFakeAgentsApi } from '../testing/fake-agents-api.ts';
import { listItem, sampleAgent } from '../testing/fixtures.ts';

let api = createFakeAgentsApi();
const server = suiteServer((req, res) => api.handle(req, res));
beforeEach(() => {
  api = createFakeAgentsApi();
});

const open = (path = '/app/agents') => renderSignedIn(path);

const agentList = () => screen.findByRole('list', { name: 'Your agents' });

function digest() {
  return listItem(sampleAgent({ last_run_at: '2026-03-05T10:31:09.640Z' }), {
    last_run_status: 'succeeded',
    usage: { messages: 3, integration_credits: 12 },
  });
}

function pausedWebhook() {
  return listItem(
    sampleAgent({
      id: 'hook-agent',
      status: 'paused',
      paused_until: '2026-04-04T10:00:00.000Z',
      spec: {
        ...sampleAgent().spec,
        name: 'Deploy watcher',
        category: 'DevOps Automation',
        trigger: { type: 'webhook' },
      },
    }),
    { usage: { messages: 1, integration_credits: 0 } },
  );
}

describe('agents list', () => {
  it('lists agents with status, trigger in words, last run and usage', async () => {
    api.state.agents = [digest(), pausedWebhook()];
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Autonomous Agent' })).toBeTruthy();
    const [first, second] = within(await agentList()).getAllByRole('listitem') as [
      HTMLElement,
      HTMLElement,
    ];
    const one = within(first);
    expect(one.getByRole('link', { name: 'Weekday ticket digest' }).getAttribute('href')).toBe(
      `/app/agents/${sampleAgent().id}`,
    );
    // Slack is not connected: its runs would fail, so it is not called active.
    expect(one.getByText('Needs setup').textContent).toBe(
      'Needs setup: connect Slack, answer 1 question',
    );
    expect(one.getByText('Every weekday at 9:00 (Europe/Berlin)')).toBeTruthy();
    expect(one.getByText('Succeeded')).toBeTruthy();
    expect(first.querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-05T10:31:09.640Z');
    expect(one.getByText('3 messages · 12 credits')).toBeTruthy();

    const two = within(second);
    expect(two.getByText('Paused until Apr 4, 2026')).toBeTruthy();
    expect(two.getByText('When its webhook URL is called')).toBeTruthy();
    expect(two.getByText('No runs yet')).toBeTruthy();
    expect(two.getByText('1 message · 0 credits')).toBeTruthy();
  });

  it('calls an agent active only when it can run, and failing when its last run failed', async () => {
    const connected = { zendesk: true, slack: true };
    const answered = { ...sampleAgent().spec, unresolved: [] };
    const ready = listItem(sampleAgent({ id: 'ready', connections: connected, spec: answered }));
    const failing = listItem(
      sampleAgent({ id: 'failing', connections: connected, spec: answered }),
      { last_run_status: 'failed', last_run_at: '2026-03-05T10:31:09.640Z' },
    );
    const asking = listItem(sampleAgent({ id: 'asking', connections: connected }));
    api.state.agents = [ready, failing, asking];
    open();
    const [first, second, third] = within(await agentList()).getAllByRole('listitem') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(await within(first).findByText('Active')).toBeTruthy();
    expect(within(second).getByText('Failing')).toBeTruthy();
    expect(within(third).getByText(/^Needs setup/).textContent).toBe(
      'Needs setup: answer 1 question',
    );
  });

  it('says an agent needs a language model when its runs need one and the server has none', async () => {
    api.state.model = 'none';
    const connected = { zendesk: true, slack: true };
    const answered = { ...sampleAgent().spec, unresolved: [] };
    // The sample agent has no plan: its runs are one model loop.
    api.state.agents = [listItem(sampleAgent({ connections: connected, spec: answered }))];
    open();
    const item = within(await agentList()).getAllByRole('listitem')[0]!;
    await waitFor(() =>
      expect(within(item).getByText(/^Needs setup/).textContent).toBe(
        'Needs setup: a language model (an administrator sets one up)',
      ),
    );
  });

  it('names event triggers from the integrations catalog', async () => {
    const agent = digest();
    agent.spec.trigger = { type: 'event', integration: 'zendesk', event: 'ticket.created' };
    api.state.agents = [agent];
    open();
    expect(
      await within(await agentList()).findByText(
        'When a ticket is created on Zendesk — by Zendesk’s webhook',
      ),
    ).toBeTruthy();
  });

  it('points to the studio when there are no agents', async () => {
    open();
    expect(await screen.findByText('You have no agents yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'agent studio' }).getAttribute('href')).toBe(
      '/app/dashboard',
    );
  });

  it('pages with Load more agents', async () => {
    api.state.pageSize = 2;
    api.state.agents = [1, 2, 3].map((n) =>
      listItem(sampleAgent({ id: `a${n}`, spec: { ...sampleAgent().spec, name: `Agent ${n}` } })),
    );
    const { user } = open();
    const list = await agentList();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load more agents' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getByRole('link', { name: 'Agent 3' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more agents' })).toBeNull();
    expect(server.requests.map((r) => r.path)).toContain('/api/agents?limit=20&cursor=2');
  });

  it('shows a failed load with a way to try again', async () => {
    let failures = 1;
    api.state.agents = [digest()];
    api.state.override = (req, res) => {
      if (!req.path.startsWith('/api/agents') || failures === 0) return false;
      failures -= 1;
      // A 4xx, which the query client does not retry on its own.
      sendRaw(res, 429);
      return true;
    };
    const { user } = open();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests. Please wait a moment and try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await agentList()).toBeTruthy();
  });
});

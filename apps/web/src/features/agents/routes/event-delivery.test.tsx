import type { IntegrationInfo } from '@spoke/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderSignedIn } from '#web/test/render-app.tsx';
import { suiteServer } from '#web/test/suite-server.ts';
import { sendJson, type RecordedRequest } from '#web/test/test-server.ts';
import { createFakeAgentsApi } from '../testing/fake-agents-api.ts';
import { AGENT_ID, listItem, sampleAgent } from '../testing/fixtures.ts';

// How an event reaches an agent — the service's webhook, or checks of one of its tools — as the
// studio's card and the agent page say it, and as the spec form edits it.

const G2: IntegrationInfo = {
  id: 'g2',
  name: 'G2',
  category: 'Sales',
  description: 'Software reviews.',
  transport: 'streamable-http',
  builtin: false,
  env: [],
  events: [
    { id: 'review.created', name: 'Review created', webhook: false, poll_tool: 'list_reviews' },
  ],
  tools: [
    { name: 'list_reviews', description: 'Lists the newest reviews.' },
    { name: 'search_reviews', description: 'Finds reviews by words.' },
  ],
  connected: true,
  available: true,
};

const POLLED = {
  type: 'event',
  integration: 'g2',
  event: 'review.created',
  delivery: { type: 'poll', interval_minutes: 15 },
} as const;

let api = createFakeAgentsApi();
const server = suiteServer((req, res) => api.handle(req, res));
beforeEach(() => {
  api = createFakeAgentsApi();
  api.state.integrations.push(structuredClone(G2));
  api.state.agents = [listItem(sampleAgent())];
});

async function openAgent() {
  const view = renderSignedIn(`/app/agents/${AGENT_ID}`);
  await screen.findByRole('heading', { level: 1, name: 'Weekday ticket digest' });
  return view;
}

const region = (name: string) => within(screen.getByRole('region', { name }));
const specForm = () => within(screen.getByRole('form', { name: 'Agent specification' }));
const agentPath = `/api/agents/${AGENT_ID}`;
const patches = (): RecordedRequest[] =>
  server.requests.filter((r) => r.method === 'PATCH' && r.path === agentPath);
const sentTrigger = (index = 0) =>
  (JSON.parse(patches()[index]?.body ?? '{}') as { spec: { trigger: unknown } }).spec.trigger;

describe('the trigger of an event agent', () => {
  it('says the service’s webhook delivers it, with the URL to point it at', async () => {
    const agent = api.state.agents[0]!;
    agent.spec.trigger = { type: 'event', integration: 'zendesk', event: 'ticket.created' };
    agent.webhook = { url: `http://test/api/hooks/${AGENT_ID}`, secret: 'whsec_first' };
    await openAgent();
    const trigger = region('Trigger');
    expect(
      await trigger.findByText('When a ticket is created on Zendesk — by Zendesk’s webhook'),
    ).toBeTruthy();
    expect(trigger.getByText(`http://test/api/hooks/${AGENT_ID}`)).toBeTruthy();
  });

  it('says how often it is checked, when it was last and what went wrong', async () => {
    const agent = api.state.agents[0]!;
    agent.spec.trigger = POLLED;
    agent.poll = {
      interval_minutes: 15,
      tool: 'list_reviews',
      next_poll_at: '2026-03-05T12:15:00.000Z',
      last_polled_at: '2026-03-05T12:00:00.000Z',
      last_error: 'list_reviews reported an error: rate limited',
    };
    await openAgent();
    const trigger = region('Trigger');
    expect(
      await trigger.findByText('When a review is created on G2 — checked every 15 minutes'),
    ).toBeTruthy();
    expect(trigger.getByText('list_reviews')).toBeTruthy();
    const last = trigger.getByText('Last check').nextElementSibling!;
    expect(last.querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-05T12:00:00.000Z');
    expect(trigger.getByRole('alert').textContent).toBe(
      'Problem with the last check: list_reviews reported an error: rate limited',
    );
    expect(trigger.queryByText(/hooks\//)).toBeNull();
  });

  it('says when no tool is known to check', async () => {
    const agent = api.state.agents[0]!;
    agent.spec.trigger = POLLED;
    agent.poll = {
      interval_minutes: 15,
      tool: null,
      next_poll_at: null,
      last_polled_at: null,
      last_error:
        'Choose the tool to check: G2 has no default tool that lists “review.created” items, so this agent is not polling yet.',
    };
    await openAgent();
    expect((await region('Trigger').findByRole('alert')).textContent).toMatch(
      /^Choose the tool to check: G2/,
    );
  });

  it('shows the delivery on the studio’s card of a new agent', async () => {
    api.state.created = sampleAgent({
      id: 'new-agent',
      spec: { ...sampleAgent().spec, trigger: POLLED },
      poll: {
        interval_minutes: 15,
        tool: 'list_reviews',
        next_poll_at: '2026-03-05T12:00:00.000Z',
        last_polled_at: null,
        last_error: null,
      },
    });
    const { user } = renderSignedIn('/app/dashboard');
    await user.type(await screen.findByLabelText('Describe your agent'), 'Reply to new G2 reviews');
    await user.click(screen.getByRole('button', { name: 'Create Agent' }));
    const card = within(await screen.findByRole('article', { name: 'Weekday ticket digest' }));
    expect(
      await card.findByText('When a review is created on G2 — checked every 15 minutes'),
    ).toBeTruthy();
    expect(
      card.getByText('Not yet. The first check notes what is already there and starts no run.'),
    ).toBeTruthy();
  });
});

describe('the spec form’s delivery fields', () => {
  it('checks an event that has no webhook, with the tool picked from the known ones', async () => {
    const { user } = await openAgent();
    const form = specForm();
    await user.click(form.getByRole('radio', { name: /On an event/ }));
    await waitFor(() =>
      expect(within(form.getByLabelText('Integration')).getAllByRole('option')).toHaveLength(3),
    );
    await user.selectOptions(form.getByLabelText('Integration'), 'g2');
    await user.selectOptions(form.getByLabelText('Event'), 'Review created');
    const group = within(form.getByRole('group', { name: 'How Spoke learns of it' }));
    // G2 cannot call a webhook for it: checking is chosen, the webhook is not offered.
    expect(group.getByRole('radio', { name: /By checking G2 regularly/ })).toHaveProperty(
      'checked',
      true,
    );
    expect(group.getByRole('radio', { name: /By G2’s webhook/ })).toHaveProperty('disabled', true);
    const interval = form.getByLabelText('Check every (minutes)') as HTMLInputElement;
    expect(interval.value).toBe('15');
    expect(form.getByText(/Checks are free/)).toBeTruthy();
    const tool = form.getByLabelText('Tool that lists new items') as HTMLSelectElement;
    expect(tool.tagName).toBe('SELECT');
    expect(
      within(tool)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['list_reviews (the usual one)', 'list_reviews', 'search_reviews']);
    await user.selectOptions(tool, 'search_reviews');
    await user.clear(interval);
    await user.type(interval, '60');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    await form.findByText('Changes saved.');
    expect(sentTrigger()).toEqual({
      type: 'event',
      integration: 'g2',
      event: 'review.created',
      delivery: { type: 'poll', interval_minutes: 60, tool: 'search_reviews' },
    });
    expect(
      await region('Trigger').findByText('When a review is created on G2 — checked every hour'),
    ).toBeTruthy();
  });

  it('types the tool where the integration’s tools are not known, and keeps a webhook choice', async () => {
    const { user } = await openAgent();
    const form = specForm();
    await user.click(form.getByRole('radio', { name: /On an event/ }));
    await user.selectOptions(await form.findByLabelText('Integration'), 'zendesk');
    await user.selectOptions(form.getByLabelText('Event'), 'Ticket created');
    expect(form.getByRole('radio', { name: /By Zendesk’s webhook/ })).toHaveProperty(
      'checked',
      true,
    );
    expect(form.queryByLabelText('Check every (minutes)')).toBeNull();
    await user.click(form.getByRole('radio', { name: /By checking Zendesk regularly/ }));
    const tool = form.getByLabelText('Tool that lists new items') as HTMLInputElement;
    expect(tool.tagName).toBe('INPUT');
    await user.type(tool, 'search_tickets');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    await form.findByText('Changes saved.');
    expect(sentTrigger()).toEqual({
      type: 'event',
      integration: 'zendesk',
      event: 'ticket.created',
      delivery: { type: 'poll', interval_minutes: 15, tool: 'search_tickets' },
    });
  });

  it('refuses an interval out of range before sending, and shows the server’s field errors', async () => {
    api.state.agents[0]!.spec.trigger = POLLED;
    const { user } = await openAgent();
    const form = specForm();
    const interval = (await form.findByLabelText('Check every (minutes)')) as HTMLInputElement;
    await user.clear(interval);
    await user.type(interval, '0');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await form.findByText('Interval must be at least 1 minute')).toBeTruthy();
    expect(interval.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(interval);
    expect(patches()).toHaveLength(0);

    await user.clear(interval);
    await user.type(interval, '30');
    expect(form.queryByText('Interval must be at least 1 minute')).toBeNull();
    api.state.override = (req, res) => {
      if (req.method !== 'PATCH') return false;
      sendJson(res, 422, {
        error: {
          message: 'Validation failed. Please check your input and try again.',
          code: 'VALIDATION_FAILED',
          fields: { 'spec.trigger.delivery.tool': 'G2 has no tool "list_reviewz"' },
        },
      });
      return true;
    };
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    const tool = form.getByLabelText('Tool that lists new items');
    expect(await form.findByText('G2 has no tool "list_reviewz"')).toBeTruthy();
    expect(tool.getAttribute('aria-invalid')).toBe('true');
    expect(tool.getAttribute('aria-describedby')).toContain(
      form.getByText('G2 has no tool "list_reviewz"').id,
    );
    expect(document.activeElement).toBe(tool);
  });
});

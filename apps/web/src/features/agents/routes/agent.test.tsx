import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '#web/test/render-app.tsx';
import { suiteServer } from '#web/test/suite-server.ts';
import { sendJson, type RecordedRequest } from '#web/test/test-server.ts';
import { createFakeAgentsApi } from '../testing/fake-agents-api.ts';
import { AGENT_ID, listItem, sampleAgent } from '../testing/fixtures.ts';

let api = createFakeAgentsApi();
const server = suiteServer((req, res) => api.handle(req, res));
beforeEach(() => {
  api = createFakeAgentsApi();
  api.state.agents = [listItem(sampleAgent())];
});
afterEach(() => {
  vi.useRealTimers();
});

async function openAgent(id = AGENT_ID) {
  const view = renderSignedIn(`/app/agents/${id}`);
  await screen.findByRole('heading', { level: 1, name: 'Weekday ticket digest' });
  return view;
}

const region = (name: string) => within(screen.getByRole('region', { name }));
const specForm = () => within(screen.getByRole('form', { name: 'Agent specification' }));
const sent = (method: string, path: string): RecordedRequest[] =>
  server.requests.filter((r) => r.method === method && r.path === path);
const agentPath = `/api/agents/${AGENT_ID}`;
// Pretty JSON is compared as written, line breaks and indentation included.
const asWritten = { normalizer: (text: string) => text };

function answerOnce(method: string, path: string, status: number, body: unknown) {
  let answered = false;
  api.state.override = (req, res) => {
    if (answered || req.method !== method || req.path !== path) return false;
    answered = true;
    sendJson(res, status, body);
    return true;
  };
}

describe('agent page', () => {
  it('shows the agent: spec in a form, questions to confirm, connections', async () => {
    await openAgent();
    expect(document.title).toBe('Weekday ticket digest · Spoke');
    // Slack is not connected yet: the agent cannot run as it is.
    expect(screen.getByText('Needs setup')).toBeTruthy();
    expect(screen.getByText('Which Slack channel should the summary go to?')).toBeTruthy();
    const form = specForm();
    expect((form.getByLabelText('Name') as HTMLInputElement).value).toBe('Weekday ticket digest');
    expect((form.getByLabelText('Category') as HTMLSelectElement).value).toBe('Customer Support');
    expect((form.getByLabelText('Instructions') as HTMLTextAreaElement).value).toMatch(
      /^You summarise the support tickets/,
    );
    expect(form.getByRole('radio', { name: /On a schedule/ })).toHaveProperty('checked', true);
    expect((form.getByLabelText(/^Cron expression/) as HTMLInputElement).value).toBe('0 9 * * 1-5');
    expect((form.getByLabelText('Step 1') as HTMLTextAreaElement).value).toBe(
      'Fetch the tickets created since the last run',
    );
    expect((form.getByLabelText('Guardrail 1') as HTMLInputElement).value).toBe(
      'Do not reply to customers',
    );
    // What an integration needs is said in the words of its form, not as a variable name.
    expect(await form.findByText('Needs: Zendesk subdomain')).toBeTruthy();
    expect(form.queryByText(/ZENDESK_SUBDOMAIN/)).toBeNull();
    const connections = within(
      await region('Integrations').findByRole('list', { name: 'Connections' }),
    );
    await waitFor(() =>
      expect(connections.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
        expect.stringMatching(/^ZendeskConnected/),
        expect.stringMatching(/^SlackNot connected/),
      ]),
    );
    expect(await region('Run history').findByText(/No runs yet/)).toBeTruthy();
  });

  it('marks the assumptions and questions as checked', async () => {
    const { user } = await openAgent();
    await user.click(screen.getByRole('button', { name: 'Mark as checked' }));
    await waitFor(() => expect(screen.queryByText('Please confirm')).toBeNull());
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 1, name: 'Weekday ticket digest' }),
    );
    expect(JSON.parse(sent('PATCH', agentPath)[0]?.body ?? '')).toEqual({
      spec: { assumptions: [], unresolved: [] },
    });
  });

  it('takes the answer to an open question into the instructions', async () => {
    const { user } = await openAgent();
    const question = 'Which Slack channel should the summary go to?';
    const form = within(screen.getByRole('form', { name: `Answer: ${question}` }));
    await user.click(form.getByRole('button', { name: 'Save answer' }));
    expect(form.getByText('Write an answer first')).toBeTruthy();
    expect(sent('PATCH', agentPath)).toHaveLength(0);

    await user.type(form.getByLabelText(question), '#support');
    await user.click(form.getByRole('button', { name: 'Save answer' }));
    await waitFor(() => expect(sent('PATCH', agentPath)).toHaveLength(1));
    const { spec } = JSON.parse(sent('PATCH', agentPath)[0]?.body ?? '') as {
      spec: { instructions: string; unresolved: string[] };
    };
    expect(spec.unresolved).toEqual([]);
    expect(spec.instructions.endsWith(`\n\nAnswers from your owner:\n- ${question} #support`)).toBe(
      true,
    );
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: `Answer: ${question}` })).toBeNull(),
    );
  });

  it('saves edits to the spec, lists included', async () => {
    const { user } = await openAgent();
    const form = specForm();
    const name = form.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Morning digest');
    expect(form.getByText('You have unsaved changes.')).toBeTruthy();
    await user.click(form.getByRole('button', { name: 'Add step' }));
    const step3 = form.getByLabelText('Step 3');
    expect(document.activeElement).toBe(step3);
    await user.type(step3, 'Mark urgent tickets');
    // Tools are chosen from the agent's integrations; step 1's tool the catalog does not list
    // stays shown, chosen, under "Other tools".
    await user.click(form.getByText(/^Tools for step 3:/));
    const step3Tools = within(form.getByRole('group', { name: 'Tools for step 3' }));
    await user.click(step3Tools.getByRole('checkbox', { name: 'slack.post_message' }));
    await user.click(form.getByText(/^Tools for step 1:/));
    const step1Tools = within(form.getByRole('group', { name: 'Tools for step 1' }));
    expect(step1Tools.getByText('Other tools')).toBeTruthy();
    const search = step1Tools.getByRole('checkbox', { name: 'zendesk.search_tickets' });
    expect((search as HTMLInputElement).checked).toBe(true);
    await user.click(step1Tools.getByRole('checkbox', { name: 'slack.post_message' }));
    await user.click(form.getByRole('button', { name: 'Remove guardrail 1' }));
    await user.click(form.getByRole('button', { name: 'Save changes' }));

    expect(await form.findByText('Changes saved.')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Morning digest' })).toBeTruthy();
    const [patch] = sent('PATCH', agentPath);
    const { spec } = JSON.parse(patch?.body ?? '') as { spec: Record<string, unknown> };
    expect(spec.name).toBe('Morning digest');
    expect(spec.steps).toEqual([
      {
        text: 'Fetch the tickets created since the last run',
        tools: ['zendesk.search_tickets', 'slack.post_message'],
      },
      { text: 'Post the summary to the team channel', tools: ['slack.post_message'] },
      { text: 'Mark urgent tickets', tools: ['slack.post_message'] },
    ]);
    expect(spec.guardrails).toEqual([]);
    expect(spec.trigger).toEqual({
      type: 'schedule',
      cron: '0 9 * * 1-5',
      timezone: 'Europe/Berlin',
      text: 'every weekday at 9:00',
    });
    expect(spec).not.toHaveProperty('assumptions');
  });

  it('checks the form before sending it', async () => {
    const { user } = await openAgent();
    const form = specForm();
    await user.clear(form.getByLabelText('Name'));
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(form.getByText('Name is required')).toBeTruthy();
    expect(document.activeElement).toBe(form.getByLabelText('Name'));
    expect(sent('PATCH', agentPath)).toHaveLength(0);
  });

  it('shows the server’s field error on the field and focuses it', async () => {
    answerOnce('PATCH', agentPath, 422, {
      error: {
        message: 'Validation failed. Please check your input and try again.',
        code: 'VALIDATION_FAILED',
        fields: { 'spec.trigger.cron': 'Schedules run at most every 5 minutes' },
      },
    });
    const { user } = await openAgent();
    const form = specForm();
    const cron = form.getByLabelText(/^Cron expression/);
    await user.clear(cron);
    await user.type(cron, '* * * * *');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await form.findByText('Schedules run at most every 5 minutes')).toBeTruthy();
    expect(
      form.getByText('Validation failed. Please check your input and try again.'),
    ).toBeTruthy();
    expect(cron.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(cron);
    expect(form.queryByText('Changes saved.')).toBeNull();

    await user.type(cron, '{Backspace}1');
    expect(form.queryByText('Schedules run at most every 5 minutes')).toBeNull();
  });

  it('shows the cron in words and the next five runs in the chosen time zone', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-04T10:00:00.000Z'));
    const { user } = await openAgent();
    const form = specForm();
    const next = () =>
      within(form.getByRole('list', { name: 'Next runs' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(form.getByText('every weekday at 9:00')).toBeTruthy();
    expect(next()).toEqual([
      'Thu, Mar 5, 2026, 09:00 GMT+1',
      'Fri, Mar 6, 2026, 09:00 GMT+1',
      'Mon, Mar 9, 2026, 09:00 GMT+1',
      'Tue, Mar 10, 2026, 09:00 GMT+1',
      'Wed, Mar 11, 2026, 09:00 GMT+1',
    ]);

    // New York moves to summer time on March 8, 2026: the runs after it are an hour earlier in UTC.
    await user.selectOptions(form.getByLabelText('Time zone'), 'America/New_York');
    expect(next()).toEqual([
      'Wed, Mar 4, 2026, 09:00 EST',
      'Thu, Mar 5, 2026, 09:00 EST',
      'Fri, Mar 6, 2026, 09:00 EST',
      'Mon, Mar 9, 2026, 09:00 EDT',
      'Tue, Mar 10, 2026, 09:00 EDT',
    ]);

    await user.selectOptions(form.getByLabelText('Common schedules'), 'Every hour');
    expect((form.getByLabelText(/^Cron expression/) as HTMLInputElement).value).toBe('0 * * * *');
    expect((form.getByLabelText(/^Schedule in words/) as HTMLInputElement).value).toBe(
      'every hour',
    );
    expect(next()[0]).toBe('Wed, Mar 4, 2026, 06:00 EST');
  });

  it('flags an invalid cron expression and does not save it', async () => {
    const { user } = await openAgent();
    const form = specForm();
    const cron = form.getByLabelText(/^Cron expression/);
    await user.clear(cron);
    await user.type(cron, '61 * * * *');
    expect(
      form.getByText('Not a valid cron expression. Invalid value for minute: 61'),
    ).toBeTruthy();
    expect(cron.getAttribute('aria-invalid')).toBe('true');
    expect(form.queryByRole('list', { name: 'Next runs' })).toBeNull();
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(document.activeElement).toBe(cron);
    expect(sent('PATCH', agentPath)).toHaveLength(0);
  });

  it('switches the trigger to an event from the catalog', async () => {
    const { user } = await openAgent();
    const form = specForm();
    await user.click(form.getByRole('radio', { name: /On an event/ }));
    await waitFor(() =>
      expect(within(form.getByLabelText('Integration')).getAllByRole('option')).toHaveLength(2),
    );
    await user.selectOptions(form.getByLabelText('Integration'), 'zendesk');
    await user.selectOptions(form.getByLabelText('Event'), 'Ticket created');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    await form.findByText('Changes saved.');
    const { spec } = JSON.parse(sent('PATCH', agentPath)[0]?.body ?? '') as {
      spec: { trigger: unknown };
    };
    expect(spec.trigger).toEqual({
      type: 'event',
      integration: 'zendesk',
      event: 'ticket.created',
      delivery: { type: 'webhook' },
    });
  });

  it('pauses and resumes, and shows a refused resume', async () => {
    const { user } = await openAgent();
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeTruthy();
    expect(screen.getByText('Paused')).toBeTruthy();
    expect(screen.getByText('Agent paused.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeTruthy();
    expect(sent('POST', `${agentPath}/pause`)).toHaveLength(1);
    expect(sent('POST', `${agentPath}/resume`)).toHaveLength(1);

    const limit = 'Monthly message limit reached (25 on the Free plan). Runs resume on 2026-04-04.';
    api.state.agents[0]!.status = 'paused';
    api.state.agents[0]!.paused_until = '2026-04-04T10:00:00.000Z';
    answerOnce('POST', `${agentPath}/resume`, 429, {
      error: { message: limit, code: 'QUOTA_EXCEEDED' },
    });
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    await user.click(await screen.findByRole('button', { name: 'Resume' }));
    expect(await screen.findByText(limit)).toBeTruthy();
    expect(screen.getByText('Paused until Apr 4, 2026')).toBeTruthy();
  });

  it('shows MODEL_NOT_CONFIGURED verbatim and offers a dry run', async () => {
    const message =
      'No language model is set up on this server yet, so this agent cannot run (dry runs still work). An administrator can set one up: the Admin page says how.';
    answerOnce('POST', `${agentPath}/runs`, 503, {
      error: { message, code: 'MODEL_NOT_CONFIGURED' },
    });
    const { user } = await openAgent();
    const run = region('Run now');
    await user.type(run.getByLabelText('Input (optional)'), 'Only billing');
    await user.click(run.getByRole('button', { name: 'Run now' }));
    expect((await run.findByRole('alert')).textContent).toBe(message);
    expect(JSON.parse(sent('POST', `${agentPath}/runs`)[0]?.body ?? '')).toEqual({
      input: 'Only billing',
    });

    await user.click(run.getByRole('button', { name: 'Dry run instead' }));
    const plan = within(await run.findByRole('region', { name: 'Dry run: what a run would do' }));
    expect(document.activeElement).toBe(plan.getByRole('heading', { name: /Dry run/ }));
    expect(plan.getByText(/No language model is configured yet/)).toBeTruthy();
    expect(plan.getByText(/Not connected yet: slack/)).toBeTruthy();
    expect(
      within(plan.getByRole('list', { name: 'Planned steps' })).getAllByRole('listitem'),
    ).toHaveLength(2);
    expect(
      within(plan.getByRole('list', { name: 'Tools' })).getByText('slack.post_message'),
    ).toBeTruthy();
    expect(JSON.parse(sent('POST', `${agentPath}/runs`)[1]?.body ?? '')).toEqual({
      input: 'Only billing',
      dry_run: true,
    });
  });

  it('shows QUOTA_EXCEEDED with the limit and the date', async () => {
    const message = 'Daily message limit reached (7 on the Free plan). Runs resume on 2026-03-06.';
    answerOnce('POST', `${agentPath}/runs`, 429, { error: { message, code: 'QUOTA_EXCEEDED' } });
    const { user } = await openAgent();
    await user.click(region('Run now').getByRole('button', { name: 'Run now' }));
    expect((await region('Run now').findByRole('alert')).textContent).toBe(message);
    expect(region('Run now').queryByRole('button', { name: 'Dry run instead' })).toBeNull();
  });

  it('runs now and follows the run live, its steps as text', async () => {
    const { user } = await openAgent();
    const run = region('Run now');
    await user.type(run.getByLabelText('Input (optional)'), '{{"tag": "billing"}');
    const steps = [
      {
        index: 0,
        type: 'model',
        duration_ms: 1840,
        text: 'Fetching <img src=x onerror="alert(1)"> tickets',
        tokens: { input: 1480, output: 96 },
      },
      {
        index: 1,
        type: 'tool',
        duration_ms: 612,
        tool: 'zendesk.search_tickets',
        arguments: { query: 'tags:billing' },
        result: { count: 3 },
        error: null,
      },
      {
        index: 2,
        type: 'tool',
        duration_ms: 288,
        tool: 'slack.post_message',
        arguments: { channel: '#support' },
        error: 'channel_not_found',
      },
    ];
    const base = {
      id: 'run-1',
      agent_id: AGENT_ID,
      trigger: 'manual',
      input: { tag: 'billing' },
      created_at: '2026-03-05T12:00:00.000Z',
      error: null,
      usage: { messages: 1, integration_credits: 0, tokens: { input: 0, output: 0 } },
    };
    api.state.runDetails.set('run-1', [
      {
        ...base,
        status: 'running',
        started_at: '2026-03-05T12:00:01.000Z',
        finished_at: null,
        steps: steps.slice(0, 1),
      },
      {
        ...base,
        status: 'succeeded',
        started_at: '2026-03-05T12:00:01.000Z',
        finished_at: '2026-03-05T12:00:08.500Z',
        usage: { messages: 1, integration_credits: 2, tokens: { input: 3120, output: 412 } },
        steps,
      },
    ] as never);
    await user.click(run.getByRole('button', { name: 'Run now' }));
    expect(JSON.parse(sent('POST', `${agentPath}/runs`)[0]?.body ?? '')).toEqual({
      input: { tag: 'billing' },
    });

    const history = region('Run history');
    const item = within((await history.findAllByRole('listitem'))[0]!);
    expect(item.getByRole('button', { name: /Hide steps/ }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(await item.findByText(/Running: new steps appear here/)).toBeTruthy();
    expect(item.getByText('Fetching <img src=x onerror="alert(1)"> tickets')).toBeTruthy();

    const stepList = within(await item.findByRole('list', { name: 'Steps' }, { timeout: 5000 }));
    await waitFor(() => expect(stepList.getAllByRole('listitem')).toHaveLength(3), {
      timeout: 5000,
    });
    expect(document.querySelector('img')).toBeNull();
    expect(stepList.getByText('zendesk.search_tickets')).toBeTruthy();
    expect(stepList.getByText('{\n  "query": "tags:billing"\n}', asWritten)).toBeTruthy();
    expect(stepList.getByText('{\n  "count": 3\n}', asWritten)).toBeTruthy();
    expect(stepList.getByText('channel_not_found')).toBeTruthy();
    expect(stepList.getByText('1,480 in / 96 out tokens')).toBeTruthy();
    expect(item.getByText('{\n  "tag": "billing"\n}', asWritten)).toBeTruthy();
    expect(item.queryByText(/Running: new steps/)).toBeNull();

    // The list follows the run too, until it has finished.
    const [queued] = api.state.runs.get(AGENT_ID)!;
    Object.assign(queued!, {
      status: 'succeeded',
      started_at: '2026-03-05T12:00:01.000Z',
      finished_at: '2026-03-05T12:00:08.500Z',
      usage: { messages: 1, integration_credits: 2, tokens: { input: 3120, output: 412 } },
    });
    expect(await item.findByText('Succeeded', {}, { timeout: 5000 })).toBeTruthy();
    expect(item.getByText('7.5 s · 1 message · 2 credits · 3,532 tokens')).toBeTruthy();

    await user.click(item.getByRole('button', { name: /Hide steps/ }));
    expect(item.queryByRole('list', { name: 'Steps' })).toBeNull();
  });

  it('shows the webhook URL and secret, copies them and rotates the secret', async () => {
    const agent = api.state.agents[0]!;
    agent.spec.trigger = { type: 'webhook' };
    agent.webhook = { url: `http://test/api/hooks/${AGENT_ID}`, secret: 'whsec_first' };
    const { user } = await openAgent();
    const hook = region('Webhook');
    expect((hook.getByLabelText('Webhook URL') as HTMLInputElement).value).toBe(
      `http://test/api/hooks/${AGENT_ID}`,
    );
    const secret = hook.getByLabelText(
      'Webhook secret (sign calls to this agent)',
    ) as HTMLInputElement;
    expect(secret.type).toBe('password');
    expect(secret.value).toBe('whsec_first');
    await user.click(hook.getByRole('button', { name: 'Show webhook secret' }));
    expect(secret.type).toBe('text');
    // The help and the example describe the signed call, never the bare secret.
    expect(
      hook.getByText(/Calls more than 5 minutes from now, or sent twice, are refused/),
    ).toBeTruthy();
    const example = hook.getByText(/X-Spoke-Timestamp: \$TS/).textContent ?? '';
    expect(example).toContain(`curl -s http://test/api/hooks/${AGENT_ID}`);
    expect(example).toContain(`printf '%s.%s' "$TS" "$BODY"`);
    expect(example).not.toContain('whsec_first');
    expect(example).not.toContain('Authorization');
    // An agent without send_webhook steps has no signing secret.
    expect(hook.queryByLabelText(/^Signing secret/)).toBeNull();
    await user.click(hook.getByRole('button', { name: 'Copy webhook secret' }));
    expect(await navigator.clipboard.readText()).toBe('whsec_first');
    await user.click(hook.getByRole('button', { name: 'Copy webhook URL' }));
    expect(await navigator.clipboard.readText()).toBe(`http://test/api/hooks/${AGENT_ID}`);

    await user.click(hook.getByRole('button', { name: 'Rotate secret' }));
    const dialog = within(screen.getByRole('alertdialog', { name: 'Rotate the webhook secret?' }));
    await user.click(dialog.getByRole('button', { name: 'Rotate secret' }));
    await waitFor(() => expect(secret.value).toBe('whsec_rotated'));
    expect(hook.getByText('New secret created. The old one no longer works.')).toBeTruthy();
    expect(sent('POST', `${agentPath}/webhook/rotate`)).toHaveLength(1);
  });

  it('shows the signing secret of outgoing deliveries apart from the inbound secret', async () => {
    const agent = api.state.agents[0]!;
    agent.spec.trigger = { type: 'webhook' };
    agent.webhook = { url: `http://test/api/hooks/${AGENT_ID}`, secret: 'whsec_in' };
    agent.webhook_signing_secret = 'whsig_out';
    const { user } = await openAgent();
    const hook = region('Webhook');
    const inbound = hook.getByLabelText(
      'Webhook secret (sign calls to this agent)',
    ) as HTMLInputElement;
    const outbound = hook.getByLabelText(
      'Signing secret (verify deliveries from this agent)',
    ) as HTMLInputElement;
    expect(inbound.value).toBe('whsec_in');
    expect(outbound.value).toBe('whsig_out');
    expect(outbound.type).toBe('password');
    expect(outbound.getAttribute('aria-describedby')).toBe('webhook-signing-secret-help');
    expect(document.getElementById('webhook-signing-secret-help')?.textContent).toMatch(
      /This secret cannot call the agent\.$/,
    );
    await user.click(hook.getByRole('button', { name: 'Copy signing secret' }));
    expect(await navigator.clipboard.readText()).toBe('whsig_out');
    await user.click(hook.getByRole('button', { name: 'Show signing secret' }));
    expect(outbound.type).toBe('text');
    expect(inbound.type).toBe('password');
  });

  it('shows the signing secret of an agent that only sends webhooks', async () => {
    api.state.agents[0]!.webhook_signing_secret = 'whsig_only';
    await openAgent();
    const hook = region('Webhook');
    expect(
      (
        hook.getByLabelText(
          'Signing secret (verify deliveries from this agent)',
        ) as HTMLInputElement
      ).value,
    ).toBe('whsig_only');
    // No inbound hook: no URL, no inbound secret, nothing to rotate.
    expect(hook.queryByLabelText('Webhook URL')).toBeNull();
    expect(hook.queryByRole('button', { name: 'Rotate secret' })).toBeNull();
  });

  it('connects an integration with a form built from its variables', async () => {
    const { user } = await openAgent();
    const panel = region('Integrations');
    await user.click(await panel.findByRole('button', { name: 'Connect Slack' }));
    const form = within(panel.getByRole('form', { name: 'Connect Slack' }));
    // Fields are named in the user's words, with the variable's name nowhere on the form.
    const token = form.getByLabelText(/^Bot token/) as HTMLInputElement;
    expect(token.type).toBe('password');
    expect((form.getByLabelText('Workspace id (optional)') as HTMLInputElement).type).toBe('text');
    expect(panel.getByRole('form', { name: 'Connect Slack' }).textContent).not.toMatch(/SLACK_/);
    expect(form.getByRole('link', { name: /^Get them from Slack/ }).getAttribute('href')).toBe(
      'https://slack.com',
    );
    await user.click(form.getByRole('button', { name: 'Save Slack credentials' }));
    expect(form.getByText('Bot token is required')).toBeTruthy();
    expect(document.activeElement).toBe(token);

    await user.type(token, 'xoxb-123');
    await user.click(form.getByRole('button', { name: 'Save Slack credentials' }));
    expect(await panel.findByText('Slack connected.')).toBeTruthy();
    expect(JSON.parse(sent('PUT', '/api/integrations/slack/credentials')[0]?.body ?? '')).toEqual({
      values: { SLACK_BOT_TOKEN: 'xoxb-123' },
    });
    const slack = within(
      within(panel.getByRole('list', { name: 'Connections' })).getAllByRole('listitem')[1]!,
    );
    await waitFor(() => expect(slack.getByText('Connected')).toBeTruthy());
    expect(document.activeElement).toBe(panel.getByRole('button', { name: 'Update Slack' }));
    expect(document.body.textContent).not.toContain('xoxb-123');
  });

  it('deletes the agent after confirmation and says so on the list', async () => {
    const { user, router } = await openAgent();
    await user.click(screen.getByRole('button', { name: 'Delete agent' }));
    const dialog = within(
      screen.getByRole('alertdialog', { name: 'Delete “Weekday ticket digest”?' }),
    );
    await user.click(dialog.getByRole('button', { name: 'Delete agent' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/agents'));
    const note = await screen.findByText('Deleted “Weekday ticket digest”.');
    await waitFor(() => expect(document.activeElement).toBe(note));
    expect(await screen.findByText('You have no agents yet.')).toBeTruthy();
    expect(sent('DELETE', agentPath)).toHaveLength(1);
  });

  it('says when the agent does not exist', async () => {
    renderSignedIn('/app/agents/missing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Agent not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All agents' }).getAttribute('href')).toBe(
      '/app/agents',
    );
  });
});

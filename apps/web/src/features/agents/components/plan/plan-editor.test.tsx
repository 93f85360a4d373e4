import type { AgentPlan } from '@spoke/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderSignedIn } from '#web/test/render-app.tsx';
import { suiteServer } from '#web/test/suite-server.ts';
import { sendJson } from '#web/test/test-server.ts';
import { createFakeAgentsApi } from '#web/features/agents/testing/fake-agents-api.ts';
import { AGENT_ID, listItem } from '#web/features/agents/testing/fixtures.ts';
import {
  PLAN_INTEGRATIONS,
  planAgent,
  STATUS_PLAN,
} from '#web/features/agents/testing/plan-fixtures.ts';

let api = createFakeAgentsApi();
const server = suiteServer((req, res) => api.handle(req, res));
const agentPath = `/api/agents/${AGENT_ID}`;

function withPlan(plan: AgentPlan | null = STATUS_PLAN) {
  api = createFakeAgentsApi();
  api.state.integrations = structuredClone(PLAN_INTEGRATIONS);
  api.state.agents = [listItem(planAgent(plan))];
}
beforeEach(() => withPlan());

const planRegion = () => within(screen.getByRole('region', { name: 'Plan' }));
const editor = () => within(screen.getByRole('form', { name: 'Edit plan' }));
const stepCard = (list: string, index: number) =>
  within(
    within(screen.getByRole('list', { name: list }))
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.getAttribute('aria-label') === list)[index]!,
  );
const patches = () =>
  server.requests
    .filter((r) => r.method === 'PATCH' && r.path === agentPath)
    .map((r) => JSON.parse(r.body) as { spec: { plan: AgentPlan } });

async function openEditor() {
  const view = renderSignedIn(`/app/agents/${AGENT_ID}`);
  await screen.findByRole('heading', { level: 1, name: 'Weekday ticket digest' });
  await planRegion().findByRole('list', { name: 'Plan steps' });
  await view.user.click(planRegion().getByRole('button', { name: 'Edit plan' }));
  await screen.findByRole('form', { name: 'Edit plan' });
  return view;
}

function answerPatchOnce(status: number, body: unknown) {
  let answered = false;
  api.state.override = (req, res) => {
    if (answered || req.method !== 'PATCH' || req.path !== agentPath) return false;
    answered = true;
    sendJson(res, status, body);
    return true;
  };
}

describe('plan editor', () => {
  it('builds argument fields from the tool’s input schema', async () => {
    await openEditor();
    const fetch = stepCard('Plan steps', 0);
    expect((fetch.getByLabelText(/^Tool/) as HTMLSelectElement).value).toBe(
      'http-request.http_request',
    );
    expect(fetch.getByText('Send an HTTP request and read the answer.')).toBeTruthy();
    const method = fetch.getByLabelText(/^method/) as HTMLSelectElement;
    expect(method.tagName).toBe('SELECT');
    expect(method.value).toBe('GET');
    expect([...method.options].map((o) => o.text)).toEqual(['Default (GET)', 'GET', 'POST', 'PUT']);
    const url = fetch.getByLabelText(/^url/) as HTMLTextAreaElement;
    expect(url.value).toBe('https://status.example.com/api');
    expect(url.getAttribute('aria-required')).toBe('true');
    expect(fetch.getByText('url').parentElement?.textContent).toBe('url* (required)');
    expect(fetch.getByText('Absolute http:// or https:// URL.')).toBeTruthy();
    const timeout = fetch.getByLabelText(/^timeout_ms/) as HTMLInputElement;
    expect(timeout.type).toBe('number');
    expect(timeout.placeholder).toBe('15000');
    expect(timeout.min).toBe('100');
    expect((fetch.getByLabelText(/^follow/) as HTMLInputElement).type).toBe('checkbox');
    const headers = fetch.getByLabelText(/^headers/) as HTMLTextAreaElement;
    expect(headers.tagName).toBe('TEXTAREA');
    expect(headers.getAttribute('aria-required')).toBeNull();

    const send = stepCard('Plan steps', 1);
    expect((send.getByLabelText(/^payload/) as HTMLTextAreaElement).value).toBe(
      '{{steps.fetch.body}}',
    );
  });

  it('edits JSON, numbers and switches, shows a JSON mistake and saves typed values', async () => {
    const { user } = await openEditor();
    const fetch = stepCard('Plan steps', 0);
    const headers = fetch.getByLabelText(/^headers/);
    await user.type(headers, '{{"Accept": ');
    expect(fetch.getByText(/^Not valid JSON/)).toBeTruthy();
    await user.click(editor().getByRole('button', { name: 'Save plan' }));
    expect(document.activeElement).toBe(headers);
    expect(headers.getAttribute('aria-invalid')).toBe('true');
    expect(editor().getByText(/The plan was not saved: 1 mistake to fix first/)).toBeTruthy();
    expect(patches()).toHaveLength(0);

    await user.type(headers, '"text/plain"}');
    expect(fetch.queryByText(/^Not valid JSON/)).toBeNull();
    await user.type(fetch.getByLabelText(/^timeout_ms/), '2500');
    await user.click(fetch.getByLabelText(/^follow/));
    await user.selectOptions(fetch.getByLabelText(/^method/), 'POST');
    await user.click(editor().getByRole('button', { name: 'Save plan' }));

    expect(await planRegion().findByText('Plan saved. It applies from the next run.')).toBeTruthy();
    expect(patches()[0]?.spec.plan.steps[0]).toEqual({
      id: 'fetch',
      note: 'Fetch https://status.example.com/api',
      kind: 'tool',
      tool: 'http-request.http_request',
      args: {
        method: 'POST',
        url: 'https://status.example.com/api',
        headers: { Accept: 'text/plain' },
        timeout_ms: 2500,
        follow: true,
      },
    });
    expect(Object.keys(patches()[0]!.spec)).toEqual(['plan']);
    expect(document.activeElement).toBe(planRegion().getByRole('button', { name: 'Edit plan' }));
  });

  it('inserts a reference at the caret, offering only what is in scope', async () => {
    const { user } = await openEditor();
    const send = stepCard('Plan steps', 1);
    const url = send.getByLabelText(/^url/) as HTMLTextAreaElement;
    await user.clear(url);
    await user.click(url);
    await user.paste('https://hooks.example.com/in?from=');
    const picker = send.getByRole('combobox', { name: 'Reference to insert into url' });
    expect([...(picker as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      '',
      'input',
      'owner.email',
      'steps.fetch',
    ]);
    await user.selectOptions(picker, 'steps.fetch');
    await user.click(send.getByRole('button', { name: 'Insert into url' }));
    expect(url.value).toBe('https://hooks.example.com/in?from={{steps.fetch}}');
    expect(document.activeElement).toBe(url);
    expect(url.selectionStart).toBe(url.value.length);

    // The first step sees no earlier step.
    const first = stepCard('Plan steps', 0);
    const options = [
      ...(
        first.getByRole('combobox', {
          name: 'Reference to insert into url',
        }) as HTMLSelectElement
      ).options,
    ].map((o) => o.value);
    expect(options).toEqual(['', 'input', 'owner.email']);
  });

  it('adds, moves and removes steps with buttons, nested ones included', async () => {
    const { user } = await openEditor();
    const add = within(screen.getByRole('group', { name: 'Add a step to Plan steps' }));
    await user.click(add.getByRole('button', { name: 'Add Repeat step' }));
    const loop = stepCard('Plan steps', 2);
    expect((loop.getByLabelText(/^Id/) as HTMLInputElement).value).toBe('step_3');
    const over = loop.getByLabelText(/^List to go over/);
    expect(document.activeElement).toBe(over);
    await user.click(over);
    await user.paste('steps.fetch.body.items');

    const inner = within(
      loop.getByRole('group', { name: 'Add a step to For each element (step_3)' }),
    );
    await user.click(inner.getByRole('button', { name: 'Add Tool step' }));
    const nested = stepCard('For each element (step_3)', 0);
    expect((nested.getByLabelText(/^Id/) as HTMLInputElement).value).toBe('step_4');
    expect(document.activeElement).toBe(nested.getByLabelText(/^Tool/));
    await user.selectOptions(nested.getByLabelText(/^Tool/), 'webhook.send_webhook');
    await user.click(nested.getByLabelText(/^url/));
    await user.paste('https://hooks.example.com/each');
    const payload = nested.getByRole('combobox', { name: 'Reference to insert into payload' });
    expect([...(payload as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      '',
      'input',
      'owner.email',
      'item',
      'steps.fetch',
      'steps.send',
    ]);
    await user.selectOptions(payload, 'item');
    await user.click(nested.getByRole('button', { name: 'Insert into payload' }));

    // Decisions and loops nest at most three deep: the deepest lists offer neither.
    expect(inner.queryByRole('button', { name: 'Add Decision step' })).toBeTruthy();

    const moveUp = loop.getByRole('button', { name: 'Move step step_3 up' });
    await user.click(moveUp);
    expect(stepCard('Plan steps', 1).getByLabelText(/^List to go over/)).toBeTruthy();
    expect(document.activeElement).toBe(
      stepCard('Plan steps', 1).getByRole('button', { name: 'Move step step_3 up' }),
    );
    await user.click(stepCard('Plan steps', 2).getByRole('button', { name: 'Remove step send' }));
    expect(screen.getAllByRole('heading', { name: /^Step \d/, level: 3 })).toHaveLength(2);

    await user.click(editor().getByRole('button', { name: 'Save plan' }));
    await planRegion().findByText('Plan saved. It applies from the next run.');
    const { steps } = patches()[0]!.spec.plan;
    expect(steps.map((step) => step.id)).toEqual(['fetch', 'step_3']);
    expect(steps[1]).toEqual({
      id: 'step_3',
      kind: 'for_each',
      over: 'steps.fetch.body.items',
      max: 10,
      steps: [
        {
          id: 'step_4',
          kind: 'tool',
          tool: 'webhook.send_webhook',
          args: { url: 'https://hooks.example.com/each', payload: '{{item}}' },
        },
      ],
    });
    // The view shows the saved plan.
    const saved = within(planRegion().getByRole('list', { name: 'For each element (step_3)' }));
    expect(saved.getByText('{{item}}')).toBeTruthy();
  });

  it('puts the server’s field errors on their fields and focuses the first', async () => {
    const { user } = await openEditor();
    answerPatchOnce(422, {
      error: {
        message: 'Validation failed. Please check your input and try again.',
        code: 'VALIDATION_FAILED',
        fields: {
          'spec.plan.steps.0.args.timeout_ms': 'must be >= 100',
          'spec.plan.steps.1.args.url': 'is required',
          'spec.plan.steps.1.args.payload': 'steps.nope: there is no step nope',
        },
      },
    });
    const send = stepCard('Plan steps', 1);
    await user.clear(send.getByLabelText(/^url/));
    await user.click(editor().getByRole('button', { name: 'Save plan' }));

    const summary = await editor().findByText(
      'Validation failed. Please check your input and try again.',
    );
    expect(summary.closest('[aria-live]')).toBeTruthy();
    const timeout = stepCard('Plan steps', 0).getByLabelText(/^timeout_ms/);
    const url = send.getByLabelText(/^url/);
    expect(timeout.getAttribute('aria-invalid')).toBe('true');
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(timeout);
    expect(send.getByText('url is required')).toBeTruthy();
    expect(url.getAttribute('aria-describedby')).toContain(send.getByText('url is required').id);
    expect(send.getByText('steps.nope: there is no step nope')).toBeTruthy();
    expect(
      within(summary.parentElement!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Step fetch · timeout_ms: timeout_ms must be >= 100',
      'Step send · url: url is required',
      'Step send · payload: steps.nope: there is no step nope',
    ]);
    await user.click(
      within(summary.parentElement!).getByRole('button', { name: 'Step send · url' }),
    );
    expect(document.activeElement).toBe(url);

    // Fixing a field drops its error; the rest stay until they are fixed too.
    await user.click(url);
    await user.paste('https://hooks.example.com/in');
    expect(send.queryByText('url is required')).toBeNull();
    expect(url.getAttribute('aria-invalid')).toBeNull();
    expect(timeout.getAttribute('aria-invalid')).toBe('true');
  });

  it('maps errors inside decisions and loops to their nested fields', async () => {
    withPlan({
      steps: [
        {
          id: 'check',
          kind: 'if',
          condition: { value: 'input.status', op: 'equals', compare: 'down' },
          then: [
            {
              id: 'each',
              kind: 'for_each',
              over: 'input.items',
              max: 5,
              steps: [
                {
                  id: 'alert',
                  kind: 'tool',
                  tool: 'webhook.send_webhook',
                  args: { url: 'https://hooks.example.com/in', payload: '{{item}}' },
                },
              ],
            },
          ],
          else: [{ id: 'note', kind: 'tool', tool: 'slack.post_message', args: { text: 'ok' } }],
        },
      ],
    });
    const { user } = await openEditor();
    answerPatchOnce(422, {
      error: {
        message: 'Validation failed. Please check your input and try again.',
        code: 'VALIDATION_FAILED',
        fields: {
          'spec.plan.steps.0.then.0.steps.0.args.url': 'is required',
          'spec.plan.steps.0.else.0.args.channel': 'is required',
        },
      },
    });
    await user.click(editor().getByRole('button', { name: 'Save plan' }));
    const alert = stepCard('For each element (each)', 0);
    await alert.findByText('url is required');
    expect(document.activeElement).toBe(alert.getByLabelText(/^url/));
    // A tool without a schema has one JSON field for its arguments.
    const note = stepCard('Otherwise (check)', 0);
    const args = note.getByLabelText(/^Arguments/) as HTMLTextAreaElement;
    expect(JSON.parse(args.value)).toEqual({ text: 'ok' });
    expect(args.getAttribute('aria-invalid')).toBe('true');
    expect(note.getByText('channel is required')).toBeTruthy();
  });

  it('edits decisions, model and agent steps', async () => {
    withPlan({
      steps: [
        {
          id: 'fetch',
          kind: 'tool',
          tool: 'http-request.http_request',
          args: { url: 'https://status.example.com/api' },
        },
      ],
    });
    const { user } = await openEditor();
    const add = within(screen.getByRole('group', { name: 'Add a step to Plan steps' }));
    await user.click(add.getByRole('button', { name: 'Add Decision step' }));
    const decision = stepCard('Plan steps', 1);
    await user.click(decision.getByLabelText(/^Value to test/));
    await user.paste('steps.fetch.status');
    expect(decision.queryByLabelText(/^Compare with/)).toBeNull();
    await user.selectOptions(decision.getByLabelText('Comparison'), 'is at least');
    await user.type(decision.getByLabelText(/^Compare with/), '500');
    const then = within(decision.getByRole('group', { name: 'Add a step to Then (step_2)' }));
    await user.click(then.getByRole('button', { name: 'Add Language model step' }));
    const model = stepCard('Then (step_2)', 0);
    await user.click(model.getByLabelText(/^Instruction/));
    await user.paste('Summarise the outage.');
    expect(model.queryByLabelText('Input 1')).toBeNull();
    await user.click(model.getByRole('button', { name: 'Add input' }));
    expect((model.getByLabelText('Input 1') as HTMLInputElement).value).toBe('input');
    await user.clear(model.getByLabelText('Input 1'));
    await user.click(model.getByLabelText('Input 1'));
    await user.paste('steps.fetch.body');
    await user.click(model.getByLabelText('JSON that meets a schema'));
    const schema = model.getByLabelText(/^Output schema/);
    await user.clear(schema);
    await user.click(schema);
    await user.paste('{"type": "object", "required": ["text"]}');
    await user.click(add.getByRole('button', { name: 'Add Agent step' }));
    const agent = stepCard('Plan steps', 2);
    await user.click(agent.getByLabelText(/^Instruction/));
    await user.paste('Open a ticket.');
    await user.click(agent.getByLabelText('webhook.send_webhook'));

    await user.click(editor().getByRole('button', { name: 'Save plan' }));
    await planRegion().findByText('Plan saved. It applies from the next run.');
    expect(patches()[0]?.spec.plan.steps.slice(1)).toEqual([
      {
        id: 'step_2',
        kind: 'if',
        condition: { value: 'steps.fetch.status', op: 'at_least', compare: 500 },
        then: [
          {
            id: 'step_3',
            kind: 'model',
            instruction: 'Summarise the outage.',
            inputs: ['steps.fetch.body'],
            output: { type: 'json', schema: { type: 'object', required: ['text'] } },
          },
        ],
      },
      {
        id: 'step_4',
        kind: 'agent',
        instruction: 'Open a ticket.',
        tools: ['webhook.send_webhook'],
      },
    ]);
    expect(planRegion().getAllByText('Needs a language model')).toHaveLength(2);
  });

  it('points references at a renamed step', async () => {
    const { user } = await openEditor();
    const id = stepCard('Plan steps', 0).getByLabelText(/^Id/);
    await user.clear(id);
    await user.type(id, 'status');
    const payload = stepCard('Plan steps', 1).getByLabelText(/^payload/) as HTMLTextAreaElement;
    // Renamed when the field is left, not at each key: a half-typed id takes nothing over.
    expect(payload.value).toBe('{{steps.fetch.body}}');
    await user.tab();
    expect(payload.value).toBe('{{steps.status.body}}');
    // Enter in the id field saves, the references renamed first.
    await user.type(id, '_page{Enter}');
    await planRegion().findByText('Plan saved. It applies from the next run.');
    expect(patches()[0]?.spec.plan.steps.map((step) => step.id)).toEqual(['status_page', 'send']);
    expect(patches()[0]?.spec.plan.steps[1]).toMatchObject({
      args: { payload: '{{steps.status_page.body}}' },
    });
  });

  it('checks references and ids before sending', async () => {
    const { user } = await openEditor();
    const fetch = stepCard('Plan steps', 0);
    const id = fetch.getByLabelText(/^Id/);
    await user.clear(id);
    await user.type(id, 'Fetch');
    await user.click(editor().getByRole('button', { name: 'Save plan' }));
    expect(document.activeElement).toBe(id);
    expect(fetch.getByText(/^Step id must start with a lower-case letter/)).toBeTruthy();
    expect(
      stepCard('Plan steps', 1).getByText('steps.fetch.body: there is no step fetch'),
    ).toBeTruthy();
    expect(patches()).toHaveLength(0);
  });

  it('shows the pending state while saving, and Cancel brings the saved plan back', async () => {
    const { user } = await openEditor();
    let release = () => {};
    // Hold the answer until the test has seen the pending state.
    const handle = api.handle;
    server.handle((req, res) => {
      if (req.method === 'PATCH') {
        void new Promise<void>((resolve) => (release = resolve)).then(() => handle(req, res));
        return;
      }
      handle(req, res);
    });
    const url = stepCard('Plan steps', 1).getByLabelText(/^url/);
    await user.clear(url);
    await user.click(url);
    await user.paste('https://hooks.example.com/other');
    expect(editor().getByText('You have unsaved changes.')).toBeTruthy();
    const save = editor().getByRole('button', { name: 'Save plan' });
    await user.click(save);
    const saving = await editor().findByRole('button', { name: 'Saving...' });
    expect(saving.getAttribute('aria-disabled')).toBe('true');
    expect((editor().getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.click(saving);
    release();
    await planRegion().findByText('Plan saved. It applies from the next run.');
    expect(patches()).toHaveLength(1);
    expect(planRegion().getByText('https://hooks.example.com/other')).toBeTruthy();

    await user.click(planRegion().getByRole('button', { name: 'Edit plan' }));
    const again = stepCard('Plan steps', 1).getByLabelText(/^url/);
    await user.clear(again);
    await user.click(again);
    await user.paste('https://elsewhere.example.com');
    await user.click(editor().getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Edit plan' })).toBeNull();
    expect(planRegion().getByText('https://hooks.example.com/other')).toBeTruthy();
    await user.click(planRegion().getByRole('button', { name: 'Edit plan' }));
    expect((stepCard('Plan steps', 1).getByLabelText(/^url/) as HTMLTextAreaElement).value).toBe(
      'https://hooks.example.com/other',
    );
    expect(patches()).toHaveLength(1);
  });

  it('says what runs do without a plan, and writes the first one', async () => {
    withPlan(null);
    const view = renderSignedIn(`/app/agents/${AGENT_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Weekday ticket digest' });
    expect(planRegion().getByText('This agent has no plan.')).toBeTruthy();
    await view.user.click(planRegion().getByRole('button', { name: 'Write a plan' }));
    await view.user.click(editor().getByRole('button', { name: 'Save plan' }));
    expect(editor().getByText(/Add at least one step/, { selector: 'li' })).toBeTruthy();
    expect(patches()).toHaveLength(0);
    const add = within(screen.getByRole('group', { name: 'Add a step to Plan steps' }));
    await view.user.click(add.getByRole('button', { name: 'Add Tool step' }));
    const step = stepCard('Plan steps', 0);
    expect((step.getByLabelText(/^Id/) as HTMLInputElement).value).toBe('step_1');
    // An integration whose tools the catalog does not list takes a tool name.
    await view.user.selectOptions(step.getByLabelText(/^Tool/), 'zendesk.… (name a tool)');
    const name = step.getByLabelText(/^Zendesk tool name/);
    await waitFor(() => expect(document.activeElement).toBe(name));
    await view.user.click(name);
    await view.user.paste('search_tickets');
    const args = step.getByLabelText(/^Arguments/);
    await view.user.clear(args);
    await view.user.click(args);
    await view.user.paste('{"query": "status:new"}');
    await view.user.click(editor().getByRole('button', { name: 'Save plan' }));
    await planRegion().findByText('Plan saved. It applies from the next run.');
    expect(patches()[0]?.spec.plan).toEqual({
      steps: [
        {
          id: 'step_1',
          kind: 'tool',
          tool: 'zendesk.search_tickets',
          args: { query: 'status:new' },
        },
      ],
    });
  });
});

import type { AgentSpec, RecompileResult } from '@spoke/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderSignedIn } from '#web/test/render-app.tsx';
import { suiteServer } from '#web/test/suite-server.ts';
import { sendJson } from '#web/test/test-server.ts';
import { createFakeAgentsApi } from '#web/features/agents/testing/fake-agents-api.ts';
import { AGENT_ID, listItem, sampleAgent } from '#web/features/agents/testing/fixtures.ts';
import { STATUS_PLAN } from '#web/features/agents/testing/plan-fixtures.ts';

let api = createFakeAgentsApi();
const server = suiteServer((req, res) => api.handle(req, res));
const agentPath = `/api/agents/${AGENT_ID}`;
const recompilePath = `${agentPath}/recompile`;

const NEW_PROMPT =
  'Every day at 9am, summarise the new Zendesk tickets, post the summary to Slack and send it to our status webhook.';

const NEW_SPEC: AgentSpec = {
  ...sampleAgent().spec,
  name: 'Daily ticket digest',
  trigger: { type: 'schedule', cron: '0 9 * * *', timezone: 'Europe/Berlin', text: 'every day' },
  plan: STATUS_PLAN,
  assumptions: [],
  unresolved: [],
};

const CHANGES = [
  'Name: "Daily ticket digest" instead of "Weekday ticket digest"',
  'Runs every day at 9:00 (Europe/Berlin) instead of every weekday at 9:00 (Europe/Berlin)',
  'Plan step added: "fetch" (tool: http-request.http_request)',
];

const RECOMPILED: RecompileResult = { spec: NEW_SPEC, compiled_by: 'embedded', changes: CHANGES };

beforeEach(() => {
  api = createFakeAgentsApi();
  api.state.agents = [listItem(sampleAgent())];
  api.state.recompiled = structuredClone(RECOMPILED);
});

const section = () => within(screen.getByRole('region', { name: 'Description' }));
const form = () => within(screen.getByRole('form', { name: 'Edit description' }));
const field = () => form().getByLabelText('Description') as HTMLTextAreaElement;
const sent = (method: string, path: string) =>
  server.requests.filter((r) => r.method === method && r.path === path);

function answerOnce(method: string, path: string, status: number, body: unknown) {
  let answered = false;
  api.state.override = (req, res) => {
    if (answered || req.method !== method || req.path !== path) return false;
    answered = true;
    sendJson(res, status, body);
    return true;
  };
}

async function openEditor() {
  const view = renderSignedIn(`/app/agents/${AGENT_ID}`);
  await screen.findByRole('heading', { level: 1, name: 'Weekday ticket digest' });
  await view.user.click(section().getByRole('button', { name: 'Edit description' }));
  await screen.findByRole('form', { name: 'Edit description' });
  return view;
}

async function preview(user: Awaited<ReturnType<typeof openEditor>>['user'], text = NEW_PROMPT) {
  await user.clear(field());
  await user.type(field(), text);
  await user.click(form().getByRole('button', { name: 'Preview changes' }));
}

describe('agent description', () => {
  it('shows the description the agent was built from', async () => {
    renderSignedIn(`/app/agents/${AGENT_ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Weekday ticket digest' });
    expect(section().getByText(sampleAgent().prompt ?? '')).toBeTruthy();
  });

  it('previews what a new description would change, with the browser’s time zone', async () => {
    const { user } = await openEditor();
    expect(field().value).toBe(sampleAgent().prompt);
    expect(document.activeElement).toBe(field());
    await preview(user);

    const changes = await section().findByRole('list', { name: 'What would change' });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CHANGES);
    await waitFor(() =>
      expect(document.activeElement).toBe(
        section().getByRole('heading', { name: 'What would change' }),
      ),
    );
    expect(section().getByText('3 changes to review.')).toBeTruthy();
    const [request] = sent('POST', recompilePath);
    expect(JSON.parse(request?.body ?? '')).toEqual({
      prompt: NEW_PROMPT,
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    // Nothing is saved by a preview.
    expect(sent('PATCH', agentPath)).toHaveLength(0);
  });

  it('shows that it is working while the description compiles', async () => {
    let finish: (() => void) | undefined;
    api.state.override = (req, res) => {
      if (req.method !== 'POST' || req.path !== recompilePath) return false;
      finish = () => sendJson(res, 200, { data: RECOMPILED });
      return true;
    };
    const { user } = await openEditor();
    await preview(user);
    const button = await form().findByRole('button', { name: 'Previewing...' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(field().readOnly).toBe(true);
    expect(section().getByText('Working out what would change...')).toBeTruthy();
    await user.click(button);
    await waitFor(() => expect(finish).toBeDefined());
    expect(sent('POST', recompilePath)).toHaveLength(1);
    finish?.();
    expect(await section().findByRole('list', { name: 'What would change' })).toBeTruthy();
    expect(field().readOnly).toBe(false);
  });

  it('applies the previewed spec with its description, and the page shows the new spec', async () => {
    const { user } = await openEditor();
    await preview(user, `  ${NEW_PROMPT}  `);
    await user.click(await section().findByRole('button', { name: 'Apply changes' }));

    expect(
      await section().findByText(
        'Description updated. The new spec and plan apply from the next run.',
      ),
    ).toBeTruthy();
    const [patch] = sent('PATCH', agentPath);
    expect(JSON.parse(patch?.body ?? '')).toEqual({ spec: NEW_SPEC, prompt: NEW_PROMPT });

    expect(screen.queryByRole('form', { name: 'Edit description' })).toBeNull();
    expect(section().getByText(NEW_PROMPT)).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        section().getByRole('button', { name: 'Edit description' }),
      ),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Daily ticket digest' }),
    ).toBeTruthy();
    const spec = within(screen.getByRole('form', { name: 'Agent specification' }));
    expect((spec.getByLabelText('Name') as HTMLInputElement).value).toBe('Daily ticket digest');
    expect((spec.getByLabelText(/^Cron expression/) as HTMLInputElement).value).toBe('0 9 * * *');
    const plan = within(screen.getByRole('region', { name: 'Plan' }));
    expect(
      within(plan.getByRole('list', { name: 'Plan steps' })).getAllByRole('listitem'),
    ).not.toHaveLength(0);
  });

  it('shows the server’s question on the field and focuses it', async () => {
    const question = 'What should the agent do with the tickets, and when?';
    answerOnce('POST', recompilePath, 422, {
      error: {
        message: 'The description is too vague to build an agent from.',
        code: 'DESCRIPTION_TOO_VAGUE',
        fields: { prompt: question },
      },
    });
    const { user } = await openEditor();
    await preview(user, 'tickets');

    expect(await form().findByText(question)).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(field().getAttribute('aria-describedby')).toContain(`${field().id}-error`);
    expect(document.activeElement).toBe(field());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(section().queryByRole('button', { name: 'Apply changes' })).toBeNull();

    // Typing again clears the question.
    await user.type(field(), ' every morning');
    expect(form().queryByText(question)).toBeNull();
  });

  it('checks the description before sending it', async () => {
    const { user } = await openEditor();
    await user.clear(field());
    await user.click(form().getByRole('button', { name: 'Preview changes' }));
    expect(form().getByText('Describe what the agent should do')).toBeTruthy();
    expect(document.activeElement).toBe(field());
    expect(sent('POST', recompilePath)).toHaveLength(0);
  });

  it('shows other failures in an alert', async () => {
    answerOnce('POST', recompilePath, 503, {
      error: { message: 'Too many agents are being built. Try again in a minute.', code: 'BUSY' },
    });
    const { user } = await openEditor();
    await preview(user);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many agents are being built. Try again in a minute.',
    );
    expect(field().getAttribute('aria-invalid')).toBeNull();
    expect(form().getByRole('button', { name: 'Preview changes' })).toBeTruthy();
  });

  it('says so when the description changes nothing', async () => {
    api.state.recompiled = null;
    const { user } = await openEditor();
    await user.click(form().getByRole('button', { name: 'Preview changes' }));
    expect(
      await section().findByText('The new description gives the same spec and plan as now.'),
    ).toBeTruthy();
    expect(section().getByText('No changes to the agent.')).toBeTruthy();
    expect(section().queryByRole('button', { name: 'Apply changes' })).toBeNull();
    expect(section().queryByRole('button', { name: 'Save description' })).toBeNull();
  });

  it('cancel leaves the agent as it was', async () => {
    const { user } = await openEditor();
    await preview(user);
    await section().findByRole('list', { name: 'What would change' });
    await user.click(section().getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('form', { name: 'Edit description' })).toBeNull();
    expect(section().getByText(sampleAgent().prompt ?? '')).toBeTruthy();
    expect(document.activeElement).toBe(
      section().getByRole('button', { name: 'Edit description' }),
    );
    expect(sent('PATCH', agentPath)).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Weekday ticket digest' })).toBeTruthy();

    // Opening it again starts from the saved description, with no preview.
    await user.click(section().getByRole('button', { name: 'Edit description' }));
    expect(field().value).toBe(sampleAgent().prompt);
    expect(section().queryByRole('list', { name: 'What would change' })).toBeNull();
  });

  it('a changed description needs a new preview before it can be applied', async () => {
    const { user } = await openEditor();
    await preview(user);
    await section().findByRole('button', { name: 'Apply changes' });
    await user.type(field(), ' Skip weekends.');
    expect(section().queryByRole('button', { name: 'Apply changes' })).toBeNull();
    expect(form().getByRole('button', { name: 'Preview changes' })).toBeTruthy();
  });
});

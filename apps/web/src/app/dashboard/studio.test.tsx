import { PROMPT_MAX_LENGTH } from '@spoke/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeAgentsApi } from '#web/features/agents/testing/fake-agents-api.ts';
import { PROMPT_SAMPLES } from '#web/features/marketing/demo-samples.ts';
import { renderSignedIn } from '#web/test/render-app.tsx';
import { suiteServer } from '#web/test/suite-server.ts';
import { sendJson } from '#web/test/test-server.ts';

let api = createFakeAgentsApi();
const server = suiteServer((req, res) => api.handle(req, res));
beforeEach(() => {
  api = createFakeAgentsApi();
});

async function openStudio() {
  const view = renderSignedIn('/app/dashboard');
  const prompt = (await screen.findByLabelText('Describe your agent')) as HTMLTextAreaElement;
  return { ...view, prompt };
}

const createButton = () => screen.getByRole('button', { name: 'Create Agent' });
const stepsList = () => screen.getByRole('list', { name: 'Creating your agent' });
const currentStep = () =>
  within(stepsList())
    .getAllByRole('listitem')
    .find((item) => item.getAttribute('aria-current') === 'step')?.textContent;

describe('agent studio', () => {
  it('welcomes the user and disables Create Agent while the prompt is blank', async () => {
    const { prompt, user } = await openStudio();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Ada Lovelace' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Agent studio' })).toBeTruthy();
    expect(createButton()).toHaveProperty('disabled', true);
    await user.type(prompt, '   ');
    expect(createButton()).toHaveProperty('disabled', true);
    await user.type(prompt, 'Post hello');
    expect(createButton()).toHaveProperty('disabled', false);
    expect(screen.getByText(`10 / ${PROMPT_MAX_LENGTH}`)).toBeTruthy();
    await user.clear(prompt);
    expect(createButton()).toHaveProperty('disabled', true);
    expect(server.requests.some((r) => r.path === '/api/agents')).toBe(false);
  });

  it('fills the prompt from an example and from a capability card', async () => {
    const { prompt, user } = await openStudio();
    const examples = within(screen.getByRole('region', { name: 'Try an example' }));
    await user.click(examples.getByRole('button', { name: PROMPT_SAMPLES[1] }));
    expect(prompt.value).toBe(PROMPT_SAMPLES[1]);
    expect(document.activeElement).toBe(prompt);

    const cards = within(screen.getByRole('region', { name: 'Start from a capability' }));
    const names = cards.getAllByRole('button').map((b) => b.querySelector('span')?.textContent);
    expect(names).toEqual([
      'DevOps Automation',
      'Customer Support',
      'Sales & CRM',
      'Content Creation',
      'Code Review',
      'Analytics & Reporting',
    ]);
    await user.click(cards.getByRole('button', { name: /^Code Review/ }));
    expect(prompt.value).toMatch(/pull request is opened on GitHub/);
  });

  it('advances the four steps with the streamed phases, then shows the real agent', async () => {
    api.holdCreateStream();
    const { prompt, user } = await openStudio();
    await user.type(prompt, 'Every weekday at 9am, summarise new Zendesk tickets to Slack');
    await user.click(createButton());

    await waitFor(() => expect(currentStep()).toMatch(/^Understanding your request/));
    expect(screen.getByRole('button', { name: 'Creating Agent...' })).toHaveProperty(
      'disabled',
      true,
    );
    for (const next of ['Choosing integrations', 'Planning the steps', 'Saving your agent']) {
      api.release();
      await waitFor(() => expect(currentStep()).toMatch(new RegExp(`^${next}`)));
    }
    expect(within(stepsList()).getByText(/Understanding your request/).textContent).toMatch(
      /\(done\)/,
    );
    expect(screen.getByText('Step 4 of 4: Saving your agent')).toBeTruthy();
    api.release();

    const card = within(await screen.findByRole('article', { name: 'Weekday ticket digest' }));
    expect(screen.queryByRole('list', { name: 'Creating your agent' })).toBeNull();
    expect(document.activeElement).toBe(
      card.getByRole('heading', { name: 'Weekday ticket digest' }),
    );
    expect(screen.getByText('Agent “Weekday ticket digest” created.')).toBeTruthy();
    expect(card.getByText('Every weekday at 9:00 (Europe/Berlin)')).toBeTruthy();
    expect(card.getByText('Customer Support')).toBeTruthy();
    // Names come from the integrations catalog once it has loaded.
    const integrations = within(card.getByRole('list', { name: 'Integrations' }));
    await waitFor(() =>
      expect(integrations.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
        'ZendeskConnected— read new tickets',
        'SlackNot connected— post the summary',
      ]),
    );
    const steps = within(card.getByRole('list', { name: 'Steps' })).getAllByRole('listitem');
    expect(steps[0]?.textContent).toContain('Fetch the tickets created since the last run');
    expect(steps[0]?.textContent).toContain('zendesk.search_tickets');
    expect(card.getByText('Which Slack channel should the summary go to?')).toBeTruthy();
    expect(card.getByText('Timezone taken as Europe/Berlin from your browser')).toBeTruthy();
    expect(card.getByRole('link', { name: 'Open agent page' }).getAttribute('href')).toBe(
      '/app/agents/new-agent',
    );

    const sent = server.requests.find((r) => r.path === '/api/agents' && r.method === 'POST');
    expect(sent?.headers.accept).toBe('application/x-ndjson');
    expect(sent?.headers.authorization).toBe('Bearer session');
    const body = JSON.parse(sent?.body ?? '') as { prompt: string; timezone: string };
    expect(body.prompt).toBe('Every weekday at 9am, summarise new Zendesk tickets to Slack');
    expect(body.timezone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);

    // The form made way for the agent: there is no second click to make a duplicate.
    expect(screen.queryByRole('form', { name: 'Create an agent' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create Agent' })).toBeNull();
    await user.click(card.getByRole('button', { name: 'Create another agent' }));
    expect(screen.queryByRole('article')).toBeNull();
    const fresh = screen.getByLabelText<HTMLTextAreaElement>('Describe your agent');
    expect(fresh.value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(fresh));
    expect(
      server.requests.filter((r) => r.path === '/api/agents' && r.method === 'POST'),
    ).toHaveLength(1);
  });

  it('lists the services it named but cannot use yet, with a registry search for each', async () => {
    const agent = api.state.created;
    const spec = {
      ...agent.spec,
      unavailable: [{ name: 'G2', id: 'g2', help: 'Spoke has no integration for G2 yet.' }],
    };
    api.state.override = (req, res) => {
      if (req.path !== '/api/agents' || req.method !== 'POST') return false;
      sendJson(res, 201, { data: { agent: { ...agent, spec } } });
      return true;
    };
    const { prompt, user } = await openStudio();
    await user.type(prompt, 'When someone reviews us on G2, tell #product');
    await user.click(createButton());
    const card = within(await screen.findByRole('article', { name: 'Weekday ticket digest' }));
    const list = within(card.getByRole('list', { name: 'Services not available yet' }));
    expect(list.getByText(/Spoke has no integration for G2 yet\./)).toBeTruthy();
    expect(
      list.getByRole('link', { name: 'Search the registry for G2' }).getAttribute('href'),
    ).toBe('/app/workspace/registry?q=G2');
  });

  it('takes a plain JSON answer when the server does not stream', async () => {
    api.state.override = (req, res) => {
      if (req.path !== '/api/agents' || req.method !== 'POST') return false;
      sendJson(res, 201, { data: { agent: api.state.created } });
      return true;
    };
    const { prompt, user } = await openStudio();
    await user.type(prompt, 'Summarise tickets');
    await user.click(createButton());
    expect(await screen.findByRole('article', { name: 'Weekday ticket digest' })).toBeTruthy();
  });

  it.each([
    [
      'a field error',
      422,
      {
        error: {
          message: 'Validation failed. Please check your input and try again.',
          code: 'VALIDATION_FAILED',
          fields: { prompt: 'Describe what the agent should do' },
        },
      },
      'Describe what the agent should do',
    ],
    [
      'the quota',
      429,
      {
        error: {
          message:
            'Monthly message limit reached (25 on the Free plan). Runs resume on 2026-04-04.',
          code: 'QUOTA_EXCEEDED',
        },
      },
      'Monthly message limit reached (25 on the Free plan). Runs resume on 2026-04-04.',
    ],
    [
      'the question back for a vague description',
      422,
      {
        error: {
          message: 'The description is too vague to build an agent from.',
          code: 'DESCRIPTION_TOO_VAGUE',
          fields: {
            prompt:
              'What should the agent do? Describe the job in a sentence: what starts it, which services it works with, and what it should do.',
          },
        },
      },
      'What should the agent do? Describe the job in a sentence: what starts it, which services it works with, and what it should do.',
    ],
    ['an empty 500', 500, null, 'Server error. Please try again later.'],
  ])('shows %s and keeps the prompt', async (_name, status, body, message) => {
    api.state.override = (req, res) => {
      if (req.path !== '/api/agents' || req.method !== 'POST') return false;
      if (body) sendJson(res, status, body);
      else {
        res.writeHead(status);
        res.end();
      }
      return true;
    };
    const { prompt, user } = await openStudio();
    await user.type(prompt, 'Post the weather');
    await user.click(createButton());
    expect(await screen.findByText(message)).toBeTruthy();
    expect(prompt.value).toBe('Post the weather');
    expect(document.activeElement).toBe(prompt);
    expect(createButton()).toHaveProperty('disabled', false);
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('shows an error sent in the stream and keeps the prompt', async () => {
    api.state.override = (req, res) => {
      if (req.path !== '/api/agents' || req.method !== 'POST') return false;
      res.writeHead(201, { 'Content-Type': 'application/x-ndjson' });
      res.write('{"phase":"understanding"}\n{"phase":"integrations"}\n');
      res.end(
        '{"error":{"message":"Server error. Please try again later.","code":"INTERNAL_ERROR"}}\n',
      );
      return true;
    };
    const { prompt, user } = await openStudio();
    await user.type(prompt, 'Post the weather');
    await user.click(createButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Server error. Please try again later.',
    );
    expect(prompt.value).toBe('Post the weather');
  });

  it('keeps the usage card working beside the studio', async () => {
    await openStudio();
    const usage = within(screen.getByRole('region', { name: 'Usage' }));
    expect(await usage.findByText('3 / 25')).toBeTruthy();
    expect(usage.getByText('1 / 7')).toBeTruthy();
    expect(usage.getByText('40 / 500')).toBeTruthy();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeAgentsApi } from '#web/features/agents/testing/fake-agents-api.ts';
import { listItem, sampleAgent } from '#web/features/agents/testing/fixtures.ts';
import { renderSignedIn } from '#web/test/render-app.tsx';
import { suiteServer } from '#web/test/suite-server.ts';

let api = createFakeAgentsApi();
suiteServer((req, res) => api.handle(req, res));
beforeEach(() => {
  api = createFakeAgentsApi();
});

const card = async () => within(await screen.findByRole('region', { name: 'Your agents' }));

describe('the dashboard’s agents', () => {
  it('says there are none yet, then shows the one the studio creates', async () => {
    const { user } = renderSignedIn('/app/dashboard');
    expect(
      await (await card()).findByText('None yet: describe one in the studio and it appears here.'),
    ).toBeTruthy();
    await user.type(
      await screen.findByLabelText('Describe your agent'),
      'Every weekday at 9am, summarise new Zendesk tickets to Slack',
    );
    await user.click(screen.getByRole('button', { name: 'Create Agent' }));
    const list = await (await card()).findByRole('list', { name: 'Your newest agents' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Weekday ticket digestNeeds setup: connect Slack, answer 1 questionNo runs yet']),
    );
  });

  it('lists the five newest with their state and last run, and links to them all', async () => {
    api.state.agents = Array.from({ length: 6 }, (_, k) =>
      listItem(
        sampleAgent({
          id: `agent-${k}`,
          connections: { zendesk: true, slack: true },
          spec: { ...sampleAgent().spec, name: `Agent ${k}`, unresolved: [] },
          last_run_at: k === 0 ? '2026-03-05T10:31:09.640Z' : null,
        }),
        { last_run_status: k === 0 ? 'failed' : null },
      ),
    );
    renderSignedIn('/app/dashboard');
    const list = within(await (await card()).findByRole('list', { name: 'Your newest agents' }));
    const items = list.getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(within(items[0]!).getByText('Failing')).toBeTruthy();
    expect(items[0]!.textContent).toMatch(/Last run .+ · Failed$/);
    expect(within(items[1]!).getByText('Active')).toBeTruthy();
    expect(list.getByRole('link', { name: 'Agent 0' }).getAttribute('href')).toBe(
      '/app/agents/agent-0',
    );
    expect((await card()).getByRole('link', { name: 'See all' }).getAttribute('href')).toBe(
      '/app/agents',
    );
  });
});

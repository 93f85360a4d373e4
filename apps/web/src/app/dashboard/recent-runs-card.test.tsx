import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeAgentsApi } from '#web/features/agents/testing/fake-agents-api.ts';
import { listItem, sampleAgent, sampleRun } from '#web/features/agents/testing/fixtures.ts';
import { renderSignedIn } from '#web/test/render-app.tsx';
import { suiteServer } from '#web/test/suite-server.ts';

let api = createFakeAgentsApi();
suiteServer((req, res) => api.handle(req, res));
beforeEach(() => {
  api = createFakeAgentsApi();
});

const card = async () => within(await screen.findByRole('region', { name: 'Recent runs' }));

describe('the dashboard’s recent runs', () => {
  it('says there are none yet', async () => {
    renderSignedIn('/app/dashboard');
    expect(
      await (
        await card()
      ).findByText(
        "No runs yet: an agent's runs show here once it has started, by hand or by its trigger.",
      ),
    ).toBeTruthy();
  });

  it('lists the newest runs across agents, each naming its agent and opening it on its page', async () => {
    const digest = sampleAgent({ id: 'agent-a', spec: { ...sampleAgent().spec, name: 'Digest' } });
    const triage = sampleAgent({ id: 'agent-b', spec: { ...sampleAgent().spec, name: 'Triage' } });
    api.state.agents = [listItem(digest), listItem(triage)];
    api.state.runs.set('agent-a', [
      sampleRun({ id: 'run-a1', agent_id: 'agent-a', created_at: '2026-03-05T10:00:00.000Z' }),
    ]);
    api.state.runs.set('agent-b', [
      sampleRun({
        id: 'run-b1',
        agent_id: 'agent-b',
        status: 'failed',
        trigger: 'schedule',
        error: 'Slack said: channel_not_found',
        created_at: '2026-03-06T09:00:00.000Z',
      }),
    ]);
    const { user } = renderSignedIn('/app/dashboard');
    const list = within(await (await card()).findByRole('list', { name: 'Recent runs' }));
    const items = list.getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      'Triage',
      'Digest',
    ]);
    expect(items[0]!.textContent).toContain('Failed');
    expect(items[0]!.textContent).toContain('Scheduled run');
    expect(items[0]!.textContent).toContain('Slack said: channel_not_found');
    expect(items[1]!.textContent).toContain('Succeeded');
    expect(list.getByRole('link', { name: 'Digest' }).getAttribute('href')).toBe(
      '/app/agents/agent-a?run=run-a1',
    );

    await user.click(list.getByRole('link', { name: 'Digest' }));
    // The agent's page opens with that run's steps shown.
    const runs = await screen.findByRole('list', { name: 'Runs' });
    const toggle = await within(runs).findByRole('button', { expanded: true });
    expect(toggle).toBeTruthy();
  });
});

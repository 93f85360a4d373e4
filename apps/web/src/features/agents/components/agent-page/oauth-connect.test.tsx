import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '#web/test/render-app.tsx';
import { suiteServer } from '#web/test/suite-server.ts';
import { sendJson } from '#web/test/test-server.ts';
import { createFakeAgentsApi } from '#web/features/agents/testing/fake-agents-api.ts';
import { AGENT_ID, listItem, sampleAgent } from '#web/features/agents/testing/fixtures.ts';
import { browser, returnPath } from './oauth-connect.tsx';

let api = createFakeAgentsApi();
const server = suiteServer((req, res) => api.handle(req, res));
const startPath = '/api/integrations/zendesk/oauth/start';

/** Zendesk as an OAuth remote: its subdomain stored, signed in or not. */
beforeEach(() => {
  api = createFakeAgentsApi();
  api.state.agents = [listItem(sampleAgent())];
  const zendesk = api.state.integrations.find((each) => each.id === 'zendesk')!;
  Object.assign(zendesk, { oauth: true, signed_in: false, connected: false });
  api.state.override = (req, res) => {
    if (req.method !== 'POST' || req.path !== startPath) return false;
    sendJson(res, 200, { data: { authorization_url: 'https://auth.example/authorize?x=1' } });
    return true;
  };
});

async function openAgent(search = '') {
  const view = renderSignedIn(`/app/agents/${AGENT_ID}${search}`);
  await screen.findByRole('heading', { level: 1, name: 'Weekday ticket digest' });
  return { ...view, panel: within(screen.getByRole('region', { name: 'Integrations' })) };
}

describe('connecting an OAuth remote on the agent page', () => {
  it('starts the sign-in and sends the browser to the service', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const { user, panel } = await openAgent('?oauth=slack');
    const button = await panel.findByRole('button', { name: 'Connect with Zendesk' });
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://auth.example/authorize?x=1'));
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.textContent).toBe('Opening Zendesk...');
    const started = server.requests.filter((r) => r.method === 'POST' && r.path === startPath);
    expect(JSON.parse(started[0]!.body)).toEqual({ return_to: `/app/agents/${AGENT_ID}` });
    go.mockRestore();
  });

  it('shows what failed when the service sent the browser back with an error', async () => {
    const { panel } = await openAgent(
      `?oauth=zendesk&oauth_error=${encodeURIComponent('Zendesk was not allowed access')}`,
    );
    expect(
      await panel.findByText('Could not connect Zendesk: Zendesk was not allowed access'),
    ).toBeTruthy();
    expect(panel.getByRole('button', { name: 'Reconnect with Zendesk' })).toBeTruthy();
  });

  it('shows a refusal to start beside the button', async () => {
    api.state.override = (req, res) => {
      if (req.method !== 'POST' || req.path !== startPath) return false;
      sendJson(res, 422, {
        error: {
          message: 'Validation failed',
          code: 'VALIDATION_FAILED',
          fields: { id: "Set Zendesk subdomain in Zendesk's settings first" },
        },
      });
      return true;
    };
    const { user, panel } = await openAgent();
    const button = await panel.findByRole('button', { name: 'Connect with Zendesk' });
    await user.click(button);
    const alert = await panel.findByRole('alert');
    expect(alert.textContent).toBe("Set Zendesk subdomain in Zendesk's settings first");
    expect(button.getAttribute('aria-describedby')).toBe(alert.id);
  });

  it('once signed in, shows Connected and disconnects', async () => {
    const zendesk = api.state.integrations.find((each) => each.id === 'zendesk')!;
    Object.assign(zendesk, { signed_in: true, connected: true });
    const { user, panel } = await openAgent('?oauth=zendesk');
    expect(await panel.findByText('Zendesk connected.')).toBeTruthy();
    expect(panel.queryByRole('button', { name: 'Connect with Zendesk' })).toBeNull();
    await user.click(panel.getByRole('button', { name: 'Disconnect Zendesk' }));
    expect(await panel.findByText('Zendesk disconnected. Its sign-in was deleted.')).toBeTruthy();
    expect(
      server.requests.filter(
        (r) => r.method === 'DELETE' && r.path === '/api/integrations/zendesk/credentials',
      ),
    ).toHaveLength(1);
  });

  it('comes back to the same page without the previous result', () => {
    expect(returnPath({ pathname: '/app/agents/a', search: '?oauth=x&oauth_error=y&tab=2' })).toBe(
      '/app/agents/a?tab=2',
    );
  });
});

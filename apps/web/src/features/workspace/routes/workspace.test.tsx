import type { ApiToken, OwnServers } from '@spoke/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderSignedIn } from '#web/test/render-app.tsx';
import { suiteServer } from '#web/test/suite-server.ts';
import { sampleUser, sendJson, sendRaw, type RecordedRequest } from '#web/test/test-server.ts';

const SECRET = 'spk_7Hq2mX9vR4tL8wN1cB6yD3fK0pJ5sA2gE9uZ';

let tokens: ApiToken[] = [];
let mine: OwnServers = { servers: [], namespaces: [] };
let nextId = 1;

function api(req: RecordedRequest, res: ServerResponse) {
  const path = req.path;
  if (path === '/api/account/me') return sendJson(res, 200, { data: { user: sampleUser } });
  if (path === '/api/account/tokens' && req.method === 'GET') {
    return sendJson(res, 200, { data: { tokens } });
  }
  if (path === '/api/account/tokens' && req.method === 'POST') {
    const body = JSON.parse(req.body) as { name: string; scopes: ApiToken['scopes'] };
    if (tokens.some((t) => t.name === body.name)) {
      return sendJson(res, 422, {
        error: {
          message: 'Validation failed. Please check your input and try again.',
          code: 'VALIDATION_FAILED',
          fields: { name: 'You already have a token with this name' },
        },
      });
    }
    const token: ApiToken = {
      id: `t${nextId++}`,
      name: body.name,
      scopes: body.scopes,
      created_at: '2026-03-04T10:00:00.000Z',
      last_used_at: null,
    };
    tokens = [token, ...tokens];
    return sendJson(res, 201, { data: { token, secret: SECRET } });
  }
  const revoke = /^\/api\/account\/tokens\/([^/]+)$/.exec(path);
  if (revoke && req.method === 'DELETE') {
    tokens = tokens.filter((t) => t.id !== revoke[1]);
    return sendJson(res, 200, { data: { ok: true } });
  }
  if (path === '/api/registry/mine') return sendJson(res, 200, { data: mine });
  sendRaw(res, 404);
}

const server = suiteServer(api);
beforeEach(() => {
  nextId = 1;
  tokens = [
    {
      id: 'laptop-id',
      name: 'laptop',
      scopes: ['registry:publish'],
      created_at: '2026-02-01T09:30:00.000Z',
      last_used_at: '2026-02-03T15:45:00.000Z',
    },
  ];
  mine = { servers: [], namespaces: ['dev.spoke.ada'] };
});

const open = () => renderSignedIn('/app/workspace');

const tokenList = () => screen.findByRole('list', { name: 'API tokens' });
const tokensRegion = () => within(screen.getByRole('region', { name: 'API tokens' }));

describe('workspace page', () => {
  it('is titled Workspace and lists tokens with when they were created and last used', async () => {
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Workspace' })).toBeTruthy();
    expect(document.title).toBe('Workspace · Spoke');
    const [laptop] = within(await tokenList()).getAllByRole('listitem') as [HTMLElement];
    expect(laptop.textContent).toContain('laptop');
    expect(laptop.textContent).toContain('registry:publish');
    expect(laptop.textContent).toContain('Created Feb 1, 2026');
    expect(laptop.textContent).toMatch(/Last used Feb 3, 2026/);
  });

  it('checks the form before sending it', async () => {
    const { user } = open();
    await tokenList();
    await user.click(screen.getByRole('checkbox', { name: /registry:publish/ }));
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Choose at least one scope')).toBeTruthy();
    expect(screen.getByLabelText('Token name').getAttribute('aria-invalid')).toBe('true');
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows a server-side field error', async () => {
    const { user } = open();
    await tokenList();
    await user.type(screen.getByLabelText('Token name'), 'laptop');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('You already have a token with this name')).toBeTruthy();
  });

  it('creates a token and shows its secret once, with a warning and a copy button', async () => {
    const { user } = open();
    await tokenList();
    await user.type(screen.getByLabelText('Token name'), 'ci');
    await user.click(screen.getByRole('button', { name: 'Create token' }));

    const secret = (await screen.findByLabelText('Your new token')) as HTMLInputElement;
    expect(secret.value).toBe(SECRET);
    expect(secret.readOnly).toBe(true);
    expect(screen.getByText(/you won't see it again/)).toBeTruthy();
    const heading = screen.getByRole('heading', { name: 'Token “ci” created' });
    expect(document.activeElement).toBe(heading);
    const posted = server.requests.find((r) => r.method === 'POST');
    expect(JSON.parse(posted?.body ?? '')).toEqual({ name: 'ci', scopes: ['registry:publish'] });

    await user.click(screen.getByRole('button', { name: 'Copy token' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    await user.click(screen.getByRole('button', { name: 'Copy login command with this token' }));
    expect(await navigator.clipboard.readText()).toBe(`spoke login --token ${SECRET}`);

    await waitFor(async () =>
      expect(
        within(await tokenList())
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([expect.stringContaining('ci'), expect.stringContaining('laptop')]),
    );
    const [ci] = within(await tokenList()).getAllByRole('listitem') as [HTMLElement];
    expect(ci.textContent).toContain('Last used never');

    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByLabelText('Your new token')).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
    expect(screen.getByLabelText('Token name')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'API tokens' }));
  });

  it('revokes a token only after confirmation', async () => {
    const { user } = open();
    await tokenList();
    await user.click(tokensRegion().getByRole('button', { name: 'Revoke token laptop' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Revoke token “laptop”?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(
      tokensRegion().getByRole('button', { name: 'Revoke token laptop' }),
    );

    await user.click(tokensRegion().getByRole('button', { name: 'Revoke token laptop' }));
    dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(tokensRegion().getByRole('button', { name: 'Revoke token laptop' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke token' }),
    );
    expect(await screen.findByText('You have no API tokens yet.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/account/tokens/laptop-id',
    ]);
  });

  it('keeps keyboard focus inside the confirmation', async () => {
    const { user } = open();
    await tokenList();
    await user.click(tokensRegion().getByRole('button', { name: 'Revoke token laptop' }));
    const dialog = within(screen.getByRole('alertdialog'));
    await user.tab();
    expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Revoke token' }));
    await user.tab();
    expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Cancel' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(dialog.getByRole('button', { name: 'Revoke token' }));
  });

  it('points to the publishing guide while you have no servers', async () => {
    open();
    const servers = within(await screen.findByRole('region', { name: 'Your servers' }));
    expect(await servers.findByText('You have not published a server yet.')).toBeTruthy();
    expect(servers.getByText('spoke create')).toBeTruthy();
    expect(servers.getByText('spoke publish')).toBeTruthy();
    expect(
      servers.getByRole('link', { name: 'Read the publishing guide' }).getAttribute('href'),
    ).toBe('/app/docs/registry/publishing');
    expect(servers.getByText('dev.spoke.ada/*')).toBeTruthy();
  });

  it('says publishing waits for a confirmed address, and only while it does', async () => {
    const unverified = { ...sampleUser, email_verified: false };
    server.handle((req, res) =>
      req.path === '/api/account/me'
        ? sendJson(res, 200, { data: { user: unverified } })
        : api(req, res),
    );
    open();
    const tokensCard = within(await screen.findByRole('region', { name: 'API tokens' }));
    expect((await tokensCard.findByText(/needs a confirmed e-mail address/)).textContent).toBe(
      'Publishing to the registry needs a confirmed e-mail address: follow the link we sent to ada@example.com, or get a new one with Resend in the banner at the top of the page.',
    );
    expect(await screen.findByRole('button', { name: 'Resend' })).toBeTruthy();
  });

  it('has no such note for a confirmed address', async () => {
    open();
    await screen.findByRole('region', { name: 'API tokens' });
    expect(screen.queryByText(/needs a confirmed e-mail address/)).toBeNull();
  });

  it('lists your servers with their versions, status and trust level', async () => {
    mine = {
      namespaces: ['dev.spoke.ada', 'com.example'],
      servers: [
        {
          name: 'dev.spoke.ada/weather',
          description: 'Temperature conversion',
          status: 'deprecated',
          trust_level: 'unverified',
          download_count: 12,
          versions: [
            { version: '0.2.0', published_at: '2026-03-02T10:00:00.000Z', is_latest: true },
            { version: '0.1.0', published_at: '2026-03-01T10:00:00.000Z', is_latest: false },
          ],
        },
      ],
    };
    open();
    const list = within(await screen.findByRole('list', { name: 'Your servers' }));
    expect(list.getByRole('link', { name: 'dev.spoke.ada/weather' }).getAttribute('href')).toBe(
      '/app/workspace/registry/dev.spoke.ada/weather',
    );
    expect(list.getByText('Deprecated')).toBeTruthy();
    expect(list.getByText('Unverified')).toBeTruthy();
    expect(list.getByText('12 downloads')).toBeTruthy();
    const versions = list.getByRole('list', { name: 'Versions of dev.spoke.ada/weather' });
    expect(
      within(versions)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['0.2.0 (latest) · Mar 2, 2026', '0.1.0 · Mar 1, 2026']);
    expect(screen.getByText('com.example/*')).toBeTruthy();
  });

  it('shows how to connect the CLI to this platform', async () => {
    const { user } = open();
    const cli = within(await screen.findByRole('region', { name: 'Connect the CLI' }));
    await user.click(cli.getByRole('button', { name: 'Copy SPOKE_URL command' }));
    expect(await navigator.clipboard.readText()).toBe(`export SPOKE_URL=${server.url}`);
    await user.click(cli.getByRole('button', { name: 'Copy login command' }));
    expect(await navigator.clipboard.readText()).toBe('spoke login --token <token>');
    expect(cli.getByRole('link', { name: 'Browse the registry' }).getAttribute('href')).toBe(
      '/app/workspace/registry',
    );
  });
});

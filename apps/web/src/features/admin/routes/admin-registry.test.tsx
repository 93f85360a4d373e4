import type { AdminRegistryServer, NamespaceGrant } from '@spoke/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderSignedIn } from '#web/test/render-app.tsx';
import { suiteServer } from '#web/test/suite-server.ts';
import { sampleUser, sendJson, sendRaw, type RecordedRequest } from '#web/test/test-server.ts';

const me = { ...sampleUser, is_admin: true };

function registryServer(n: number, extra: Partial<AdminRegistryServer> = {}): AdminRegistryServer {
  return {
    name: `com.example/server-${String(n).padStart(2, '0')}`,
    description: `Server number ${n}`,
    latest_version: '1.0.0',
    version_count: 1,
    status: 'active',
    trust_level: 'verified',
    origin: 'catalog',
    owner: null,
    upstream: null,
    integration_id: `integration-${n}`,
    download_count: 1000 + n,
    updated_at: '2026-03-04T10:00:00.000Z',
    ...extra,
  };
}

let servers: AdminRegistryServer[] = [];
let grants: NamespaceGrant[] = [];
let failPatch: string | null = null;
let holdPatch: ((release: () => void) => void) | null = null;

const validation = (fields: Record<string, string>) => ({
  error: {
    message: 'Validation failed. Please check your input and try again.',
    code: 'VALIDATION_FAILED',
    fields,
  },
});

function api(req: RecordedRequest, res: ServerResponse) {
  const url = new URL(req.path, 'http://test');
  const path = url.pathname;
  if (path === '/api/account/me') return sendJson(res, 200, { data: { user: me } });
  if (path === '/api/admin/registry/servers' && req.method === 'GET') {
    const q = url.searchParams;
    const search = q.get('search') ?? '';
    const matching = servers.filter(
      (s) =>
        s.name.includes(search) &&
        (!q.get('status') || s.status === q.get('status')) &&
        (!q.get('trust') || s.trust_level === q.get('trust')) &&
        (!q.get('origin') || s.origin === q.get('origin')),
    );
    const start = Number(q.get('cursor') ?? 0);
    const limit = Number(q.get('limit'));
    const next = start + limit < matching.length ? String(start + limit) : null;
    return sendJson(res, 200, {
      data: { servers: matching.slice(start, start + limit), next_cursor: next },
    });
  }
  const patch = /^\/api\/admin\/registry\/servers\/([^/]+)$/.exec(path);
  if (patch && req.method === 'PATCH') {
    const name = decodeURIComponent(patch[1] ?? '');
    const answer = () => {
      if (failPatch) {
        return sendJson(res, 500, { error: { message: failPatch, code: 'INTERNAL_ERROR' } });
      }
      const body = JSON.parse(req.body) as Partial<AdminRegistryServer>;
      servers = servers.map((s) => (s.name === name ? { ...s, ...body } : s));
      return sendJson(res, 200, { data: { server: servers.find((s) => s.name === name) } });
    };
    return holdPatch ? holdPatch(answer) : answer();
  }
  if (path === '/api/admin/registry/namespaces' && req.method === 'GET') {
    return sendJson(res, 200, { data: { grants } });
  }
  if (path === '/api/admin/registry/namespaces' && req.method === 'POST') {
    const body = JSON.parse(req.body) as { namespace: string; username: string };
    if (body.username === 'nobody') {
      return sendJson(res, 404, { error: { message: 'No user named nobody', code: 'NOT_FOUND' } });
    }
    if (grants.some((g) => g.namespace === body.namespace)) {
      return sendJson(res, 409, {
        error: { message: 'This namespace is already granted', code: 'CONFLICT' },
      });
    }
    if (body.namespace.startsWith('dev.spoke.')) {
      return sendJson(res, 422, validation({ namespace: 'dev.spoke.* namespaces are per user' }));
    }
    const grant = { ...body, created_at: '2026-03-06T10:00:00.000Z' };
    grants = [...grants, grant];
    return sendJson(res, 201, { data: { grant } });
  }
  const remove = /^\/api\/admin\/registry\/namespaces\/([^/]+)$/.exec(path);
  if (remove && req.method === 'DELETE') {
    grants = grants.filter((g) => g.namespace !== decodeURIComponent(remove[1] ?? ''));
    return sendJson(res, 200, { data: { ok: true } });
  }
  sendRaw(res, 404);
}

const server = suiteServer(api);
beforeEach(() => {
  servers = [
    registryServer(0, {
      origin: 'published',
      owner: 'ada',
      integration_id: null,
      trust_level: 'unverified',
    }),
    registryServer(1, { status: 'deprecated' }),
    ...Array.from({ length: 22 }, (_, i) => registryServer(i + 2)),
    registryServer(24, {
      origin: 'mirror',
      upstream: 'official',
      integration_id: null,
      trust_level: 'unverified',
    }),
  ];
  grants = [{ namespace: 'com.acme', username: 'grace', created_at: '2026-03-01T10:00:00.000Z' }];
});
afterEach(() => {
  failPatch = null;
  holdPatch = null;
});

const open = () => renderSignedIn('/app/admin?tab=registry');

const serverList = () => screen.findByRole('list', { name: 'Registry servers' });
const rows = () =>
  within(screen.getByRole('list', { name: 'Registry servers' })).getAllByRole('listitem');
const row = (name: string) => {
  const item = rows().find((li) => li.textContent?.includes(name));
  if (!item) throw new Error(`no row for ${name}`);
  return within(item);
};
const listQueries = () =>
  server.requests
    .filter((r) => r.path.startsWith('/api/admin/registry/servers?'))
    .map((r) => Object.fromEntries(new URL(r.path, 'http://x').searchParams));

describe('registry moderation', () => {
  it('opens from its tab and lists servers with owner, versions and downloads', async () => {
    const { user, router } = open();
    expect(
      (await screen.findByRole('tab', { name: 'Registry' })).getAttribute('aria-selected'),
    ).toBe('true');
    await serverList();
    expect(rows()).toHaveLength(20);
    expect(row('server-00').getByText(/Published by @ada/)).toBeTruthy();
    expect(row('server-01').getByText(/Catalog/)).toBeTruthy();
    expect(row('server-01').getByText('Deprecated', { selector: 'span' })).toBeTruthy();
    expect(
      row('server-00').getByRole('link', { name: 'com.example/server-00' }).getAttribute('href'),
    ).toBe('/app/workspace/registry/com.example/server-00');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(25));
    expect(listQueries().at(-1)).toMatchObject({ cursor: '20' });

    await user.click(screen.getByRole('tab', { name: 'Users' }));
    expect(router.state.location.search).toBe('');
  });

  it('filters by search, status, trust level and origin', async () => {
    const { user } = open();
    await serverList();
    await user.selectOptions(screen.getByLabelText('Origin'), 'published');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(row('server-00').getByText(/Published by @ada/)).toBeTruthy();
    await user.selectOptions(
      screen.getByLabelText('Origin'),
      screen.getByRole('option', { name: 'Mirrored from upstreams' }),
    );
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(listQueries().at(-1)).toEqual({ limit: '20', origin: 'mirror' });
    expect(row('server-24').getByText(/Mirrored from official/)).toBeTruthy();
    expect(row('server-24').queryByText(/Catalog/)).toBeNull();
    await user.selectOptions(screen.getByLabelText('Origin'), '');
    await user.selectOptions(screen.getByLabelText('Status'), 'deprecated');
    await user.selectOptions(screen.getByLabelText('Trust level'), 'verified');
    await user.type(screen.getByLabelText('Search servers'), 'server-01');
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ search: 'server-01' }));
    expect(listQueries().at(-1)).toEqual({
      limit: '20',
      search: 'server-01',
      status: 'deprecated',
      trust: 'verified',
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.selectOptions(screen.getByLabelText('Trust level'), 'trusted');
    expect(await screen.findByText('No servers match these filters.')).toBeTruthy();
  });

  it('sets a trust level and a status, showing Saving... meanwhile', async () => {
    const { user } = open();
    await serverList();
    const held = new Promise<() => void>((resolve) => {
      holdPatch = resolve;
    });
    await user.selectOptions(row('server-00').getByLabelText(/Trust level/), 'trusted');
    expect(row('server-00').getByRole('status').textContent).toContain('Saving...');
    expect((row('server-00').getByLabelText(/Trust level/) as HTMLSelectElement).value).toBe(
      'trusted',
    );
    holdPatch = null;
    (await held)();
    await waitFor(() => expect(row('server-00').queryByText('Saving...')).toBeNull());
    expect((row('server-00').getByLabelText(/Trust level/) as HTMLSelectElement).value).toBe(
      'trusted',
    );

    await user.selectOptions(row('server-00').getByLabelText(/Status/), 'deprecated');
    expect(await row('server-00').findByText('Deprecated', { selector: 'span' })).toBeTruthy();
    const patches = server.requests.filter((r) => r.method === 'PATCH');
    expect(patches.map((r) => [r.path, JSON.parse(r.body)])).toEqual([
      ['/api/admin/registry/servers/com.example%2Fserver-00', { trust_level: 'trusted' }],
      ['/api/admin/registry/servers/com.example%2Fserver-00', { status: 'deprecated' }],
    ]);
  });

  it('shows a failed change and puts the old value back', async () => {
    failPatch = 'The registry could not be updated.';
    const { user } = open();
    await serverList();
    await user.selectOptions(row('server-02').getByLabelText(/Trust level/), 'trusted');
    expect((await row('server-02').findByRole('alert')).textContent).toBe(
      'The registry could not be updated.',
    );
    expect((row('server-02').getByLabelText(/Trust level/) as HTMLSelectElement).value).toBe(
      'verified',
    );
  });
});

describe('namespace grants', () => {
  const grantList = () => screen.findByRole('list', { name: 'Namespace grants' });

  it('lists grants, adds one and removes one', async () => {
    const { user } = open();
    const list = within(await grantList());
    expect(list.getByText('com.acme/*')).toBeTruthy();
    expect(list.getByText(/Granted to @grace/)).toBeTruthy();

    await user.type(screen.getByLabelText('Namespace'), 'io.github.ada');
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.click(screen.getByRole('button', { name: 'Grant namespace' }));
    expect(await within(await grantList()).findByText('io.github.ada/*')).toBeTruthy();
    expect((screen.getByLabelText('Namespace') as HTMLInputElement).value).toBe('');
    const posted = server.requests.find((r) => r.method === 'POST');
    expect(JSON.parse(posted?.body ?? '')).toEqual({ namespace: 'io.github.ada', username: 'ada' });

    await user.click(screen.getByRole('button', { name: 'Remove com.acme from grace' }));
    await waitFor(async () =>
      expect(within(await grantList()).queryByText('com.acme/*')).toBeNull(),
    );
    expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/admin/registry/namespaces/com.acme',
    ]);
  });

  it('checks the fields before sending', async () => {
    const { user } = open();
    await grantList();
    await user.type(screen.getByLabelText('Namespace'), 'not a namespace');
    await user.click(screen.getByRole('button', { name: 'Grant namespace' }));
    expect(screen.getByText('Namespace must be reverse-DNS, like com.example')).toBeTruthy();
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it.each([
    ['an unknown user', 'com.new', 'nobody', 'Username', 'No user named nobody'],
    [
      'a namespace already granted',
      'com.acme',
      'ada',
      'Namespace',
      'This namespace is already granted',
    ],
    [
      'a refused namespace',
      'dev.spoke.bob',
      'ada',
      'Namespace',
      'dev.spoke.* namespaces are per user',
    ],
  ])('puts the answer for %s on its field', async (_case, namespace, username, field, message) => {
    const { user } = open();
    await grantList();
    await user.type(screen.getByLabelText('Namespace'), namespace);
    await user.type(screen.getByLabelText('Username'), username);
    await user.click(screen.getByRole('button', { name: 'Grant namespace' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByLabelText(field).getAttribute('aria-invalid')).toBe('true');
  });
});

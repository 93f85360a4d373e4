import type { AdminRegistryServer, MirrorRunResult, Upstream } from '@spoke/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderSignedIn } from '#web/test/render-app.tsx';
import { suiteServer } from '#web/test/suite-server.ts';
import { sampleUser, sendJson, sendRaw, type RecordedRequest } from '#web/test/test-server.ts';

const OFFICIAL_ID = '0b6f1a52-8c1e-4d8e-9a43-6f2d1c7e5a10';

function upstream(extra: Partial<Upstream> = {}): Upstream {
  return {
    id: OFFICIAL_ID,
    name: 'official',
    url: 'https://registry.modelcontextprotocol.io',
    enabled: true,
    trust_level: 'unverified',
    cursor: '2026-03-04T10:00:00.000Z',
    next_sync_at: '2026-03-05T11:00:00.000Z',
    last_sync_at: '2026-03-05T10:00:00.000Z',
    last_success_at: '2026-03-05T10:00:00.000Z',
    last_error: null,
    last_result: result(),
    version_count: 1204,
    ...extra,
  };
}

function result(extra: Partial<MirrorRunResult> = {}): MirrorRunResult {
  return {
    pages: 2,
    added: 3,
    updated: 1,
    deleted: 0,
    unchanged: 150,
    skipped: [],
    skippedCount: 0,
    more: false,
    ...extra,
  };
}

/** A server mirrored from `official`: its trust is the upstream's, as the server keeps it. */
function mirrored(name: string): AdminRegistryServer {
  return {
    name,
    description: `The ${name} server`,
    latest_version: '1.0.0',
    version_count: 1,
    status: 'active',
    trust_level: upstreams.find((each) => each.id === OFFICIAL_ID)?.trust_level ?? 'unverified',
    origin: 'mirror',
    owner: null,
    upstream: 'official',
    integration_id: null,
    download_count: 0,
    updated_at: '2026-03-05T10:00:00.000Z',
  };
}

let upstreams: Upstream[] = [];
let syncAnswer: Partial<Upstream> = {};
let holdSync: ((release: () => void) => void) | null = null;
let holdPatch: ((release: () => void) => void) | null = null;
let failPatch: string | null = null;

function api(req: RecordedRequest, res: ServerResponse) {
  const path = new URL(req.path, 'http://test').pathname;
  if (path === '/api/account/me') {
    return sendJson(res, 200, { data: { user: { ...sampleUser, is_admin: true } } });
  }
  if (path === '/api/admin/registry/servers') {
    const servers = upstreams.some((each) => each.id === OFFICIAL_ID)
      ? ['io.github.acme/tides', 'io.github.acme/weather'].map(mirrored)
      : [];
    return sendJson(res, 200, { data: { servers, next_cursor: null } });
  }
  if (path === '/api/admin/registry/namespaces') {
    return sendJson(res, 200, { data: { grants: [] } });
  }
  if (path === '/api/admin/registry/upstreams' && req.method === 'GET') {
    return sendJson(res, 200, { data: { upstreams } });
  }
  if (path === '/api/admin/registry/upstreams' && req.method === 'POST') {
    const body = JSON.parse(req.body) as { name: string; url: string; trust_level?: string };
    if (body.url.includes('internal')) {
      return sendJson(res, 422, {
        error: {
          message: 'Validation failed. Please check your input and try again.',
          code: 'VALIDATION_FAILED',
          fields: { url: 'URL must lead to a public address' },
        },
      });
    }
    if (upstreams.some((each) => each.name === body.name)) {
      return sendJson(res, 409, {
        error: { message: 'An upstream with this name or URL exists already.', code: 'CONFLICT' },
      });
    }
    const added = upstream({
      id: '7d0c2f4e-1b2a-4c3d-8e9f-0a1b2c3d4e5f',
      name: body.name,
      url: body.url,
      trust_level: body.trust_level as Upstream['trust_level'],
      cursor: null,
      last_sync_at: null,
      last_success_at: null,
      last_result: null,
      version_count: 0,
    });
    upstreams = [...upstreams, added];
    return sendJson(res, 201, { data: { upstream: added } });
  }
  const one = /^\/api\/admin\/registry\/upstreams\/([^/]+)(\/sync)?$/.exec(path);
  const found = upstreams.find((each) => each.id === decodeURIComponent(one?.[1] ?? ''));
  if (one && found) {
    const replace = (next: Upstream) => {
      upstreams = upstreams.map((each) => (each.id === next.id ? next : each));
      return sendJson(res, 200, { data: { upstream: next } });
    };
    if (one[2] && req.method === 'POST') {
      const answer = () => replace({ ...found, ...syncAnswer });
      return holdSync ? holdSync(answer) : answer();
    }
    if (req.method === 'PATCH') {
      const answer = () =>
        failPatch
          ? sendJson(res, 500, { error: { message: failPatch, code: 'INTERNAL_ERROR' } })
          : replace({ ...found, ...JSON.parse(req.body) });
      return holdPatch ? holdPatch(answer) : answer();
    }
    if (req.method === 'DELETE') {
      upstreams = upstreams.filter((each) => each !== found);
      return sendJson(res, 200, { data: { ok: true } });
    }
  }
  sendRaw(res, 404);
}

const server = suiteServer(api);
beforeEach(() => {
  upstreams = [upstream()];
  syncAnswer = {};
});
afterEach(() => {
  holdSync = null;
  holdPatch = null;
  failPatch = null;
});

const open = () => renderSignedIn('/app/admin?tab=registry');
const mirrorList = () => screen.findByRole('list', { name: 'Mirrors' });
const official = async () => within(within(await mirrorList()).getAllByRole('listitem')[0]!);
const trustGiven = (name: string) =>
  screen.getByRole('combobox', { name: `Trust given to ${name}` }) as HTMLSelectElement;
const serverRow = async (name: string) => {
  const list = within(await screen.findByRole('list', { name: 'Registry servers' }));
  const item = list.getAllByRole('listitem').find((li) => li.textContent?.includes(name));
  if (!item) throw new Error(`no row for ${name}`);
  return within(item);
};
const sent = (method: string) =>
  server.requests
    .filter((r) => r.method === method && r.path.startsWith('/api/admin/registry/upstreams'))
    .map((r) => [r.path, r.body ? JSON.parse(r.body) : undefined]);

describe('registry mirrors', () => {
  it('lists each upstream with its trust, state and last run', async () => {
    upstreams = [
      upstream(),
      upstream({
        id: '5e4d3c2b-1a09-4f8e-9d7c-6b5a49382716',
        name: 'partner',
        url: 'https://registry.partner.example/registry',
        enabled: false,
        trust_level: 'verified',
        last_success_at: null,
        last_error: 'the upstream answered 503',
        last_result: result({
          added: 0,
          updated: 0,
          unchanged: 0,
          pages: 1,
          skippedCount: 1,
          skipped: [{ name: 'io.github.x/y', version: '1.0.0', reason: 'a local name' }],
        }),
      }),
    ];
    open();
    const [first, second] = within(await mirrorList())
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(first).toContain('official');
    expect(first).toContain('https://registry.modelcontextprotocol.io');
    expect(first).toContain('· 1,204 versions mirrored');
    expect(trustGiven('official').value).toBe('unverified');
    expect(first).toContain('Last sync Mar 5, 2026');
    expect(first).toContain('Next sync');
    expect(first).toContain(
      'Last result: 3 added, 1 updated, 0 deleted, 150 unchanged, from 2 pages.',
    );
    expect(first).not.toContain('Disabled');
    expect(second).toContain('Disabled');
    expect(trustGiven('partner').value).toBe('verified');
    expect(second).toContain('Last success never');
    expect(second).not.toContain('Next sync');
    expect(second).toContain('Last sync failed: the upstream answered 503.');
    expect(second).toContain('1 skipped, from 1 page.');
    expect(second).toContain('io.github.x/y@1.0.0: a local name');
  });

  it('explains what a mirror is when there is none, after loading', async () => {
    upstreams = [];
    const asked = new Promise<() => void>((resolve) => {
      server.handle((req, res) => {
        if (req.path === '/api/admin/registry/upstreams') resolve(() => api(req, res));
        else api(req, res);
      });
    });
    open();
    const section = within(await screen.findByRole('region', { name: 'Mirrors' }));
    expect(await section.findByText('Loading...')).toBeTruthy();
    (await asked)();
    expect(
      await section.findByText(/A mirror is another registry, such as the official MCP registry/),
    ).toBeTruthy();
  });

  it('adds a mirror and empties the form', async () => {
    upstreams = [];
    const { user } = open();
    await screen.findByText(/No mirrors yet/);
    await user.type(screen.getByLabelText('Name'), 'partner');
    await user.type(screen.getByLabelText('URL'), 'https://registry.partner.example');
    await user.selectOptions(screen.getByLabelText('Trust its servers get'), 'verified');
    await user.click(screen.getByRole('button', { name: 'Add mirror' }));
    const row = within(within(await mirrorList()).getByRole('listitem'));
    expect(row.getByText('https://registry.partner.example')).toBeTruthy();
    expect(trustGiven('partner').value).toBe('verified');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Trust its servers get') as HTMLSelectElement).value).toBe(
      'unverified',
    );
    expect(sent('POST')).toEqual([
      [
        '/api/admin/registry/upstreams',
        { name: 'partner', url: 'https://registry.partner.example', trust_level: 'verified' },
      ],
    ]);
  });

  it('checks the fields before sending', async () => {
    const { user } = open();
    await mirrorList();
    await user.type(screen.getByLabelText('Name'), 'Not A Name');
    await user.type(screen.getByLabelText('URL'), 'ftp://example.com');
    await user.click(screen.getByRole('button', { name: 'Add mirror' }));
    expect(
      screen.getByText('Name must be lower-case letters, digits and dashes (≤ 40)'),
    ).toBeTruthy();
    expect(screen.getByText(/URL must be an http\(s\) address/)).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(sent('POST')).toEqual([]);
  });

  it('puts the server’s field error on its field and keeps what was typed', async () => {
    const { user } = open();
    await mirrorList();
    await user.type(screen.getByLabelText('Name'), 'inside');
    await user.type(screen.getByLabelText('URL'), 'https://internal.example');
    await user.click(screen.getByRole('button', { name: 'Add mirror' }));
    expect(await screen.findByText('URL must lead to a public address')).toBeTruthy();
    expect(screen.getByLabelText('URL').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('inside');
    expect((screen.getByLabelText('URL') as HTMLInputElement).value).toBe(
      'https://internal.example',
    );
  });

  it('says when the name or address is mirrored already, keeping what was typed', async () => {
    const { user } = open();
    await mirrorList();
    await user.type(screen.getByLabelText('Name'), 'official');
    await user.type(screen.getByLabelText('URL'), 'https://other.example');
    await user.click(screen.getByRole('button', { name: 'Add mirror' }));
    const form = within(screen.getByRole('form', { name: 'Add a mirror' }));
    expect((await form.findByRole('alert')).textContent).toBe(
      'An upstream with this name or URL exists already.',
    );
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('official');
  });

  it('disables and enables a mirror', async () => {
    const { user } = open();
    const row = await official();
    await user.click(row.getByRole('button', { name: 'Disable official' }));
    expect(await row.findByText('Disabled')).toBeTruthy();
    await user.click(row.getByRole('button', { name: 'Enable official' }));
    await waitFor(() => expect(row.queryByText('Disabled')).toBeNull());
    expect(sent('PATCH')).toEqual([
      [`/api/admin/registry/upstreams/${OFFICIAL_ID}`, { enabled: false }],
      [`/api/admin/registry/upstreams/${OFFICIAL_ID}`, { enabled: true }],
    ]);
  });

  it('syncs now, saying so while it runs and how it went after', async () => {
    syncAnswer = { last_result: result({ added: 7, updated: 2, unchanged: 0, pages: 1 }) };
    const held = new Promise<() => void>((resolve) => {
      holdSync = resolve;
    });
    const { user } = open();
    const row = await official();
    await user.click(row.getByRole('button', { name: 'Sync official now' }));
    expect(row.getByRole('status').textContent).toContain('Syncing official...');
    expect(row.getByRole('button', { name: 'Sync official now' }).getAttribute('aria-busy')).toBe(
      'true',
    );
    (await held)();
    await waitFor(() =>
      expect(row.getByRole('status').textContent).toBe(
        'Synced official: 7 added, 2 updated, 0 deleted, 0 unchanged, from 1 page.',
      ),
    );
    expect(row.getByText(/Last result: 7 added/)).toBeTruthy();
    expect(sent('POST')).toEqual([
      [`/api/admin/registry/upstreams/${OFFICIAL_ID}/sync`, undefined],
    ]);
  });

  it('says a failed run in plain words', async () => {
    syncAnswer = { last_error: 'the upstream answered something other than JSON' };
    const { user } = open();
    const row = await official();
    await user.click(row.getByRole('button', { name: 'Sync official now' }));
    await waitFor(() =>
      expect(row.getByRole('status').textContent).toBe(
        'Sync of official failed: the upstream answered something other than JSON.',
      ),
    );
    expect(row.getByText(/Last sync failed: the upstream answered something/)).toBeTruthy();
  });

  it('changes the trust given, and the servers mirrored from it follow', async () => {
    const { user } = open();
    const row = await official();
    const tides = await serverRow('io.github.acme/tides');
    expect(tides.getByText(/Mirrored from official/)).toBeTruthy();
    expect((tides.getByLabelText(/Trust level/) as HTMLSelectElement).value).toBe('unverified');

    const held = new Promise<() => void>((resolve) => {
      holdPatch = resolve;
    });
    await user.selectOptions(trustGiven('official'), 'verified');
    // The chosen level shows while it is saved, and the select keeps the focus.
    expect(trustGiven('official').value).toBe('verified');
    expect(document.activeElement).toBe(trustGiven('official'));
    expect(row.getByRole('status').textContent).toBe('Setting trust for official to Verified...');
    holdPatch = null;
    (await held)();
    await waitFor(() =>
      expect(row.getByRole('status').textContent).toBe(
        'Trust for official set to Verified; its 1,204 mirrored versions follow.',
      ),
    );
    expect(trustGiven('official').value).toBe('verified');
    expect(document.activeElement).toBe(trustGiven('official'));
    for (const name of ['io.github.acme/tides', 'io.github.acme/weather']) {
      const server = await serverRow(name);
      await waitFor(() =>
        expect((server.getByLabelText(/Trust level/) as HTMLSelectElement).value).toBe('verified'),
      );
    }
    expect(sent('PATCH')).toEqual([
      [`/api/admin/registry/upstreams/${OFFICIAL_ID}`, { trust_level: 'verified' }],
    ]);
  });

  it('puts the trust given back and says why when saving it fails', async () => {
    failPatch = 'The mirror could not be updated.';
    const { user } = open();
    const row = await official();
    await user.selectOptions(trustGiven('official'), 'trusted');
    const alert = await row.findByRole('alert');
    expect(alert.textContent).toBe('The mirror could not be updated.');
    expect(trustGiven('official').value).toBe('unverified');
    expect(trustGiven('official').getAttribute('aria-describedby')).toBe(alert.id);
    expect(row.queryByRole('status')?.textContent ?? '').toBe('');
    const tides = await serverRow('io.github.acme/tides');
    expect((tides.getByLabelText(/Trust level/) as HTMLSelectElement).value).toBe('unverified');
  });

  it('removes a mirror after asking', async () => {
    const { user } = open();
    const row = await official();
    await user.click(row.getByRole('button', { name: 'Remove official' }));
    const dialog = within(screen.getByRole('alertdialog', { name: 'Remove mirror “official”?' }));
    expect(dialog.getByText(/1,204 versions/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(sent('DELETE')).toEqual([]);

    await user.click(row.getByRole('button', { name: 'Remove official' }));
    await user.click(screen.getByRole('button', { name: 'Remove mirror' }));
    expect(await screen.findByText(/No mirrors yet/)).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // The row that held the focus is gone: it lands on the section, not on the page.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Mirrors' })),
    );
    expect(sent('DELETE')).toEqual([[`/api/admin/registry/upstreams/${OFFICIAL_ID}`, undefined]]);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { renderSignedIn } from '#web/test/render-app.tsx';
import { suiteServer } from '#web/test/suite-server.ts';
import { sampleUser, sendJson, sendRaw, type RecordedRequest } from '#web/test/test-server.ts';

const me = { ...sampleUser, is_admin: true };

function adminUser(n: number, extra: Record<string, unknown> = {}) {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    email: `user${n}@example.com`,
    username: `user${n}`,
    display_name: null,
    is_admin: false,
    admin_from_env: false,
    plan: 'free',
    created_at: '2026-03-04T10:00:00.000Z',
    ...extra,
  };
}

let users: ReturnType<typeof adminUser>[] = [];
let signedIn = me;

function api(req: RecordedRequest, res: ServerResponse) {
  const url = new URL(req.path, 'http://test');
  if (url.pathname === '/api/account/me') return sendJson(res, 200, { data: { user: signedIn } });
  if (url.pathname === '/api/admin/users' && req.method === 'GET') {
    const search = url.searchParams.get('search') ?? '';
    const matching = users.filter((u) => u.email.includes(search) || u.username.includes(search));
    const start = Number(url.searchParams.get('cursor') ?? 0);
    const limit = Number(url.searchParams.get('limit'));
    const page = matching.slice(start, start + limit);
    const next = start + limit < matching.length ? String(start + limit) : null;
    return sendJson(res, 200, { data: { users: page, next_cursor: next } });
  }
  if (url.pathname.startsWith('/api/admin/users/') && req.method === 'PATCH') {
    const id = url.pathname.split('/').at(-1);
    const patch = JSON.parse(req.body) as { is_admin?: boolean; plan?: string };
    if (id === me.id && patch.is_admin === false) {
      return sendJson(res, 422, {
        error: {
          message: 'Validation failed. Please check your input and try again.',
          code: 'VALIDATION_FAILED',
          fields: { is_admin: 'You cannot remove your own admin rights' },
        },
      });
    }
    users = users.map((u) => (u.id === id ? { ...u, ...patch } : u));
    return sendJson(res, 200, { data: { user: users.find((u) => u.id === id) } });
  }
  if (url.pathname === '/api/admin/contact-messages') {
    return sendJson(res, 200, {
      data: {
        messages: [
          {
            id: 'm2',
            name: 'Grace Hopper',
            email: 'grace@example.com',
            topic: 'sales',
            message: `We would like Spoke for 300 people.\n\nSecond paragraph with details.`,
            user_id: null,
            created_at: '2026-03-05T10:00:00.000Z',
          },
          {
            id: 'm1',
            name: 'Alan Turing',
            email: 'alan@example.com',
            topic: 'support',
            message: 'My agent does not start.',
            user_id: 'u1',
            created_at: '2026-03-04T10:00:00.000Z',
          },
        ],
        next_cursor: null,
      },
    });
  }
  sendRaw(res, 404);
}

const server = suiteServer(api);
afterEach(() => {
  signedIn = me;
});

function seedUsers() {
  users = [
    { ...adminUser(0), id: me.id, username: me.username, email: me.email, is_admin: true },
    adminUser(1, { is_admin: true, admin_from_env: true }),
    ...Array.from({ length: 23 }, (_, i) => adminUser(i + 2)),
  ];
}

async function openAdmin(path = '/app/admin') {
  seedUsers();
  return renderSignedIn(path);
}

const row = (username: string) => {
  const list = screen.getByRole('list', { name: 'Users' });
  const item = within(list)
    .getAllByRole('listitem')
    .find((li) => li.textContent?.includes(`@${username} `));
  if (!item) throw new Error(`no row for ${username}`);
  return within(item);
};

describe('admin page', () => {
  it('tells a non-admin that access is denied', async () => {
    signedIn = sampleUser;
    await openAdmin();
    expect(
      await screen.findByText("Access denied. You don't have permission to perform this action."),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe(
      '/app/dashboard',
    );
    expect(server.requests.some((r) => r.path.startsWith('/api/admin'))).toBe(false);
  });

  it('pages through users with Load more', async () => {
    const { user } = await openAdmin();
    await screen.findByRole('list', { name: 'Users' });
    expect(
      within(screen.getByRole('list', { name: 'Users' })).getAllByRole('listitem'),
    ).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Users' })).getAllByRole('listitem'),
      ).toHaveLength(25),
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(server.requests.some((r) => r.path.includes('cursor=20'))).toBe(true);
  });

  it('searches once typing pauses', async () => {
    const { user } = await openAdmin();
    await screen.findByRole('list', { name: 'Users' });
    await user.type(screen.getByLabelText('Search users'), 'user17');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Users' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    );
    const searches = server.requests.filter((r) => r.path.includes('search='));
    expect(searches.map((r) => new URL(r.path, 'http://x').searchParams.get('search'))).toEqual([
      'user17',
    ]);
    await user.clear(screen.getByLabelText('Search users'));
    await user.type(screen.getByLabelText('Search users'), 'nobody');
    expect(await screen.findByText('No users match “nobody”.')).toBeTruthy();
  });

  it('grants admin and changes a plan', async () => {
    const { user } = await openAdmin();
    await screen.findByRole('list', { name: 'Users' });
    await user.click(row('user5').getByRole('button', { name: 'Grant admin for user5' }));
    expect(
      await row('user5').findByRole('button', { name: 'Revoke admin for user5' }),
    ).toBeTruthy();
    expect(row('user5').getByText('Admin')).toBeTruthy();

    await user.selectOptions(row('user5').getByLabelText(/Plan/), 'pro');
    await waitFor(() =>
      expect((row('user5').getByLabelText(/Plan/) as HTMLSelectElement).value).toBe('pro'),
    );
    const patches = server.requests.filter((r) => r.method === 'PATCH').map((r) => r.body);
    expect(patches.map((body) => JSON.parse(body))).toEqual([{ is_admin: true }, { plan: 'pro' }]);
  });

  it('explains why some admin rights cannot be changed here', async () => {
    await openAdmin();
    await screen.findByRole('list', { name: 'Users' });
    const fromEnv = row('user1').getByRole('button', { name: 'Revoke admin for user1' });
    expect(fromEnv.hasAttribute('disabled')).toBe(true);
    expect(row('user1').getByText(/ADMIN_EMAILS/)).toBeTruthy();
    const self = row('ada').getByRole('button', { name: 'Revoke admin for ada' });
    expect(self.hasAttribute('disabled')).toBe(true);
    expect(row('ada').getByText('You cannot remove your own admin rights.')).toBeTruthy();
  });

  it('lists contact messages, newest first, and expands one', async () => {
    const { user } = await openAdmin('/app/admin?tab=messages');
    const list = within(await screen.findByRole('list', { name: 'Contact messages' }));
    const names = list.getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent);
    expect(names[0]).toContain('Grace Hopper');
    expect(names[1]).toContain('Alan Turing');
    expect(list.getByText('Sales')).toBeTruthy();
    const [expand] = list.getAllByRole('button', { name: 'Read full message' });
    await user.click(expand as HTMLElement);
    expect(list.getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });

  it('switches sections with the arrow keys', async () => {
    const { user, router } = await openAdmin();
    const usersTab = await screen.findByRole('tab', { name: 'Users' });
    expect(usersTab.getAttribute('aria-selected')).toBe('true');
    usersTab.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Plan requests' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await user.keyboard('{ArrowRight}');
    const messagesTab = screen.getByRole('tab', { name: 'Contact messages' });
    expect(messagesTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(messagesTab);
    expect(router.state.location.search).toBe('?tab=messages');
  });
});

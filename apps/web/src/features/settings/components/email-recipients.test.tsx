import type { EmailRecipient, User } from '@spoke/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { setToken } from '#web/lib/auth/token-store.ts';
import { renderRoutes } from '#web/test/render-app.tsx';
import { suiteServer } from '#web/test/suite-server.ts';
import { sampleUser, sendJson, type RecordedRequest } from '#web/test/test-server.ts';
import { EmailRecipients } from './email-recipients.tsx';

const LIMIT_MESSAGE =
  'Daily e-mail limit reached (50 a day, each recipient counts). Sending resumes tomorrow, 2026-11-26 (UTC).';
const PATH = '/api/account/email-recipients';

const row = (email: string, status: EmailRecipient['status'], id = email): EmailRecipient => ({
  id,
  email,
  status,
  requested_at: '2026-11-20T10:00:00.000Z',
  answered_at: status === 'pending' ? null : '2026-11-21T10:00:00.000Z',
});

function initial() {
  return {
    user: { ...sampleUser } as User,
    recipients: [
      row('bob@example.com', 'confirmed', 'r-bob'),
      row('carol@example.com', 'pending', 'r-carol'),
      row('dan@example.com', 'declined', 'r-dan'),
    ],
    sentToday: 3,
    failList: false,
    /** While set, a list request is answered only once it settles: the loading state is seen. */
    holdList: null as Promise<void> | null,
  };
}
let state = initial();
afterEach(() => {
  state = initial();
});

const fail = (
  res: ServerResponse,
  status: number,
  message: string,
  code: string,
  fields?: object,
) => sendJson(res, status, { error: { message, code, ...(fields ? { fields } : {}) } });

/** The account's recipients API as the server speaks it, over HTTP. */
function recipientsApi(req: RecordedRequest, res: ServerResponse) {
  if (req.path === '/api/account/me') return sendJson(res, 200, { data: { user: state.user } });
  if (req.path === PATH && req.method === 'GET') {
    if (state.failList) {
      const answer = () =>
        fail(res, 429, 'Too many requests. Please wait a moment.', 'RATE_LIMITED');
      return void (state.holdList ? state.holdList.then(answer) : answer());
    }
    return sendJson(res, 200, {
      data: {
        recipients: state.recipients,
        own_address: state.user.email,
        daily_limit: 50,
        sent_today: state.sentToday,
      },
    });
  }
  if (req.path === PATH && req.method === 'POST') {
    const { email } = JSON.parse(req.body) as { email: string };
    if (email === 'ada@example.com') {
      return fail(
        res,
        422,
        'Validation failed. Please check your input and try again.',
        'VALIDATION_FAILED',
        {
          email: 'This is your own address: your agents may e-mail it already.',
        },
      );
    }
    if (state.recipients.some((r) => r.email === email)) {
      return fail(
        res,
        409,
        `${email} is on your list already (a declined address is not asked again).`,
        'CONFLICT',
      );
    }
    if (email === 'limit@example.com') return fail(res, 429, LIMIT_MESSAGE, 'QUOTA_EXCEEDED');
    const added = {
      ...row(email, 'pending', `r-${email}`),
      requested_at: new Date().toISOString(),
    };
    state.recipients = [...state.recipients, added];
    state.sentToday += 1;
    return sendJson(res, 201, { data: { recipient: added } });
  }
  if (req.path.startsWith(`${PATH}/`) && req.method === 'DELETE') {
    const id = decodeURIComponent(req.path.slice(PATH.length + 1));
    const before = state.recipients.length;
    state.recipients = state.recipients.filter((r) => r.id !== id || r.status === 'declined');
    if (state.recipients.length === before) return fail(res, 404, 'Not found.', 'NOT_FOUND');
    return sendJson(res, 200, { data: { ok: true } });
  }
  fail(res, 404, 'Not found.', 'NOT_FOUND');
}

const server = suiteServer(recipientsApi);
const sent = (method: string) =>
  server.requests.filter((r) => r.method === method && r.path.startsWith(PATH));

async function open() {
  setToken('session');
  renderRoutes([{ path: '/', element: <EmailRecipients /> }], '/');
  const section = within(await screen.findByRole('region', { name: 'E-mail recipients' }));
  await section.findByRole('list', { name: 'E-mail recipients' });
  return { section, user: userEvent.setup() };
}

const rows = (section: ReturnType<typeof within>) =>
  section.getAllByRole('listitem').map((li: HTMLElement) => li.textContent);

describe('e-mail recipients', () => {
  it('lists the addresses with their answers, the own address and the day’s count', async () => {
    const { section } = await open();
    expect(rows(section)).toEqual([
      expect.stringMatching(/^bob@example\.comAllowedAllowed Nov 21, 2026Remove$/),
      expect.stringMatching(/^carol@example\.comWaiting for an answerAsked Nov 20, 2026Remove$/),
      'dan@example.comDeclinedDeclined Nov 21, 2026 · It cannot be asked again',
    ]);
    expect(section.getByText(/is always allowed/).textContent).toBe(
      'Your own address, ada@example.com, is always allowed.',
    );
    expect(section.getByText(/^Today:/).textContent).toMatch(/^Today: 3 e-mails of 50 sent\./);
    // A declined address stays, so it is never asked again: it cannot be removed.
    expect(section.queryByRole('button', { name: 'Remove dan@example.com' })).toBeNull();
  });

  it('asks a new address, with the server’s field errors on the field', async () => {
    const { section, user } = await open();
    const field = section.getByLabelText('E-mail address');
    const ask = section.getByRole('button', { name: 'Ask to allow' });

    await user.click(ask);
    expect(section.getByText('Email is required')).toBeTruthy();
    await user.type(field, 'not an address');
    await user.click(ask);
    expect(section.getByText('Please enter a valid email address')).toBeTruthy();
    expect(sent('POST')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'ada@example.com');
    await user.click(ask);
    expect(
      await section.findByText('This is your own address: your agents may e-mail it already.'),
    ).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(section.queryByRole('alert')).toBeNull();

    await user.clear(field);
    expect(field.getAttribute('aria-invalid')).toBeNull();
    await user.type(field, 'bob@example.com');
    await user.click(ask);
    expect(
      await section.findByText(
        'bob@example.com is on your list already (a declined address is not asked again).',
      ),
    ).toBeTruthy();

    await user.clear(field);
    await user.type(field, '  erin@example.com ');
    await user.click(ask);
    expect(
      await section.findByText(
        'We e-mailed erin@example.com a link to allow your agents. It works once, within 7 days.',
      ),
    ).toBeTruthy();
    expect(JSON.parse(sent('POST').at(-1)?.body ?? '')).toEqual({ email: 'erin@example.com' });
    expect((field as HTMLInputElement).value).toBe('');
    await waitFor(() =>
      expect(rows(section)).toContainEqual(
        expect.stringMatching(/^erin@example\.comWaiting for an answer/),
      ),
    );
    expect(section.getByText(/^Today:/).textContent).toMatch(/^Today: 4 e-mails of 50 sent\./);
  });

  it('shows the daily limit above the form, not on the field', async () => {
    const { section, user } = await open();
    const field = section.getByLabelText('E-mail address');
    await user.type(field, 'limit@example.com');
    await user.click(section.getByRole('button', { name: 'Ask to allow' }));
    expect((await section.findByRole('alert')).textContent).toBe(LIMIT_MESSAGE);
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(rows(section)).toHaveLength(3);
  });

  it('removes an address after asking, and keeps it when cancelled', async () => {
    const { section, user } = await open();
    await user.click(section.getByRole('button', { name: 'Remove bob@example.com' }));
    let dialog = within(screen.getByRole('alertdialog', { name: 'Remove this address?' }));
    expect(screen.getByRole('alertdialog').getAttribute('aria-describedby')).toBeTruthy();
    expect(dialog.getByText(/your agents can no longer e-mail it/).textContent).toBe(
      'bob@example.com: your agents can no longer e-mail it. To add it again, its owner must allow it again from a new link.',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sent('DELETE')).toHaveLength(0);
    expect(document.activeElement).toBe(
      section.getByRole('button', { name: 'Remove bob@example.com' }),
    );

    await user.click(section.getByRole('button', { name: 'Remove bob@example.com' }));
    dialog = within(screen.getByRole('alertdialog', { name: 'Remove this address?' }));
    await user.click(dialog.getByRole('button', { name: 'Remove address' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent('DELETE').map((r) => r.path)).toEqual([`${PATH}/r-bob`]);
    await waitFor(() => expect(rows(section)).toHaveLength(2));
    // The row that held focus is gone: focus goes to the list's heading.
    expect(document.activeElement).toBe(
      section.getByRole('heading', { name: 'Addresses you asked' }),
    );
  });

  it('says when there are no recipients yet', async () => {
    state.recipients = [];
    setToken('session');
    renderRoutes([{ path: '/', element: <EmailRecipients /> }], '/');
    expect(
      await screen.findByText('No recipients yet: your agents may e-mail only your own address.'),
    ).toBeTruthy();
  });

  it('asks an unverified user to verify first, without the form', async () => {
    state.user = { ...sampleUser, email_verified: false };
    const { section } = await open();
    expect(section.getByRole('alert').textContent).toBe(
      'Verify your address, ada@example.com, first: until then your agents send no e-mail and you cannot add recipients.',
    );
    expect(section.queryByLabelText('E-mail address')).toBeNull();
    expect(section.queryByText(/is always allowed/)).toBeNull();
  });

  it('shows loading, then a failed load with a way to try again', async () => {
    state.failList = true;
    let answerList = () => {};
    state.holdList = new Promise((resolve) => (answerList = resolve));
    setToken('session');
    renderRoutes([{ path: '/', element: <EmailRecipients /> }], '/');
    const section = within(await screen.findByRole('region', { name: 'E-mail recipients' }));
    expect(section.getByRole('status').textContent).toBe('Loading...');
    answerList();
    expect((await section.findByRole('alert')).textContent).toBe(
      'Too many requests. Please wait a moment.',
    );
    state.failList = false;
    await userEvent.setup().click(section.getByRole('button', { name: 'Try again' }));
    expect(await section.findByRole('list', { name: 'E-mail recipients' })).toBeTruthy();
  });
});

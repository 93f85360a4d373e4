import { configure, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { PageLoading } from '#web/components/page-loading.tsx';
import { setToken } from '#web/lib/auth/token-store.ts';
import { renderRoutes } from '#web/test/render-app.tsx';
import { suiteServer } from '#web/test/suite-server.ts';
import { sampleUser, sendJson, sendRaw, type RecordedRequest } from '#web/test/test-server.ts';

// Lazy screens load slowly on a busy machine; the default second is too tight.
configure({ asyncUtilTimeout: 5000 });

const routes = [
  {
    HydrateFallback: PageLoading,
    children: [{ path: '/contact', lazy: () => import('./contact.tsx') }],
  },
];

let answerContact: (req: RecordedRequest, res: ServerResponse) => void;
const server = suiteServer((req, res) => {
  if (req.path === '/api/contact' && req.method === 'POST') return answerContact(req, res);
  if (req.path === '/api/account/me' && req.headers.authorization === 'Bearer t1') {
    return sendJson(res, 200, { data: { user: sampleUser } });
  }
  sendRaw(res, 401);
});

function received(_req: RecordedRequest, res: ServerResponse) {
  sendJson(res, 201, { data: { id: 'c0ffee', received: true } });
}

function contactRequests() {
  return server.requests.filter((r) => r.path === '/api/contact');
}

async function fill(user = userEvent.setup()) {
  await user.type(await screen.findByLabelText('Name'), '  Grace Hopper ');
  await user.type(screen.getByLabelText('Email'), 'grace@example.com');
  await user.selectOptions(screen.getByLabelText('Topic'), 'support');
  await user.type(screen.getByLabelText('Message'), 'My agent stopped running yesterday.');
  return user;
}

const send = () => screen.getByRole('button', { name: 'Send message' });

describe('contact form: validation', () => {
  it('shows a message under each empty field and sends nothing', async () => {
    renderRoutes(routes, '/contact');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send message' }));
    for (const [label, message] of [
      ['Name', 'Name is required'],
      ['Email', 'Email is required'],
      ['Topic', 'Please choose a topic'],
      ['Message', 'Message is required'],
    ] as const) {
      const field = screen.getByLabelText(label);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      const described = field.getAttribute('aria-describedby')?.split(' ')[0] ?? '';
      expect(document.getElementById(described)?.textContent).toBe(message);
    }
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
    expect(contactRequests()).toHaveLength(0);
  });

  it('explains a bad e-mail, a short or long message and a long name', async () => {
    renderRoutes(routes, '/contact');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'grace@');
    await user.type(screen.getByLabelText('Message'), 'Too short');
    await user.click(send());
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Message must be at least 10 characters')).toBeTruthy();
    // The form moves the focus to the first field in error a frame after it re-renders: wait for
    // it, or it lands in the middle of the edits below.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));

    // Pasted, as a browser enters them: an input event per field (a bare change event is not
    // what a text field sends as it is edited). Typing 5001 keys one by one would take minutes.
    await user.click(screen.getByLabelText('Name'));
    await user.paste('n'.repeat(101));
    await user.clear(screen.getByLabelText('Message'));
    await user.paste('m'.repeat(5001));
    await user.click(send());
    expect(screen.getByText('Name is too long')).toBeTruthy();
    expect(screen.getByText('Message must be at most 5000 characters')).toBeTruthy();
    expect(screen.getByText('5001 / 5000', { exact: false })).toBeTruthy();
    expect(contactRequests()).toHaveLength(0);
  });

  it('clears a field error as soon as the field is edited', async () => {
    renderRoutes(routes, '/contact');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send message' }));
    await user.type(screen.getByLabelText('Name'), 'G');
    expect(screen.queryByText('Name is required')).toBeNull();
    expect(screen.getByText('Email is required')).toBeTruthy();
  });

  it('counts the characters of the message', async () => {
    renderRoutes(routes, '/contact');
    const user = userEvent.setup();
    expect(await screen.findByText('0 / 5000 (at least 10)', { exact: false })).toBeTruthy();
    await user.type(screen.getByLabelText('Message'), 'Hello there, Spoke');
    expect(screen.getByText('18 / 5000', { exact: false })).toBeTruthy();
  });
});

describe('contact form: topic and account', () => {
  it('preselects the topic named in ?topic=', async () => {
    renderRoutes(routes, '/contact?topic=sales');
    const topic = (await screen.findByLabelText('Topic')) as HTMLSelectElement;
    expect(topic.value).toBe('sales');
    expect(topic.selectedOptions[0]?.textContent).toBe('Sales');
  });

  it('ignores an unknown topic', async () => {
    renderRoutes(routes, '/contact?topic=bribes');
    const topic = (await screen.findByLabelText('Topic')) as HTMLSelectElement;
    expect(topic.value).toBe('');
  });

  it('fills in name and e-mail for a signed-in user, who can still change them', async () => {
    setToken('t1');
    renderRoutes(routes, '/contact');
    const name = (await screen.findByLabelText('Name')) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Ada Lovelace'));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(sampleUser.email);
    const user = userEvent.setup();
    await user.clear(name);
    await user.type(name, 'Ada L.');
    expect(name.value).toBe('Ada L.');
  });
});

describe('contact form: sending', () => {
  it('shows Sending... while the message is on its way', async () => {
    let release = () => undefined as void;
    answerContact = (req, res) => {
      release = () => received(req, res);
    };
    renderRoutes(routes, '/contact');
    const user = await fill();
    await user.click(send());
    const busy = await screen.findByRole('button', { name: 'Sending...' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    release();
    expect(await screen.findByRole('heading', { name: 'Message sent' })).toBeTruthy();
  });

  it('posts the trimmed message, confirms it, and can start another', async () => {
    answerContact = received;
    renderRoutes(routes, '/contact');
    const user = await fill();
    await user.click(send());
    const sent = await screen.findByRole('heading', { name: 'Message sent' });
    await waitFor(() => expect(document.activeElement).toBe(sent));
    expect(screen.getByText('grace@example.com')).toBeTruthy();
    expect(JSON.parse(contactRequests()[0]?.body ?? '')).toEqual({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      topic: 'support',
      message: 'My agent stopped running yesterday.',
    });

    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    const message = screen.getByLabelText('Message') as HTMLTextAreaElement;
    expect(message.value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(message));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('  Grace Hopper ');
    expect((screen.getByLabelText('Topic') as HTMLSelectElement).value).toBe('support');
  });

  it('shows the fields the server refused, keeping what was typed', async () => {
    answerContact = (_req, res) =>
      sendJson(res, 422, {
        error: {
          message: 'Validation failed. Please check your input and try again.',
          code: 'VALIDATION_FAILED',
          fields: { email: 'This address cannot receive mail' },
        },
      });
    renderRoutes(routes, '/contact');
    const user = await fill();
    await user.click(send());
    expect(await screen.findByText('This address cannot receive mail')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'Validation failed. Please check your input and try again.',
    );
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe(
      'My agent stopped running yesterday.',
    );
  });

  it.each([
    [
      'a rate limit',
      (res: ServerResponse) => sendRaw(res, 429),
      'Too many requests. Please wait a moment and try again.',
    ],
    [
      'a dropped connection',
      (res: ServerResponse) => res.socket?.destroy(),
      'Unable to connect to server. Please check your internet connection and try again.',
    ],
    [
      'a server error',
      (res: ServerResponse) => sendRaw(res, 500),
      'Server error. Please try again later.',
    ],
  ])('explains %s and keeps the text', async (_case, answer, message) => {
    answerContact = (_req, res) => answer(res);
    renderRoutes(routes, '/contact');
    const user = await fill();
    await user.click(send());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(message);
    const form = alert.closest('form');
    if (!form) throw new Error('the alert belongs to the form');
    expect((within(form).getByLabelText('Email') as HTMLInputElement).value).toBe(
      'grace@example.com',
    );
    expect(screen.getByRole('button', { name: 'Send message' })).toBeTruthy();
  });
});

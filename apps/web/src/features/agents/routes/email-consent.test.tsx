import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '#web/app/routes.tsx';
import { renderRoutes } from '#web/test/render-app.tsx';
import { suiteServer } from '#web/test/suite-server.ts';
import { sendJson, sendRaw, type RecordedRequest } from '#web/test/test-server.ts';

const GONE = 'This link does not work any more: it was answered already or is over 7 days old.';
const ASKS = 'ada wants their Spoke agent to e-mail you';

/** The consent API as the server speaks it, for one pending link whose token is `token`. */
function consentApi(token: string, options: { postStatus?: number } = {}) {
  let answered = false;
  return (req: RecordedRequest, res: Parameters<typeof sendJson>[0]) => {
    const url = new URL(req.path, 'http://test');
    if (url.pathname !== '/api/email-consent') return sendRaw(res, 404);
    if (req.method === 'GET') {
      if (answered || url.searchParams.get('token') !== token) {
        return sendJson(res, 404, { error: { message: GONE, code: 'NOT_FOUND' } });
      }
      return sendJson(res, 200, { data: { username: 'ada', email: 'friend@example.com' } });
    }
    const body = JSON.parse(req.body) as { token: string; answer: 'allow' | 'ignore' };
    if (options.postStatus === 503) {
      return sendJson(res, 503, { error: { message: 'Try again soon.', code: 'UNAVAILABLE' } });
    }
    if (answered || body.token !== token) {
      return sendJson(res, 404, { error: { message: GONE, code: 'NOT_FOUND' } });
    }
    answered = true;
    const status = body.answer === 'allow' ? 'confirmed' : 'declined';
    return sendJson(res, 200, { data: { status } });
  };
}

const server = suiteServer();
const consentCalls = (method: string) =>
  server.requests.filter((r) => r.method === method && r.path.startsWith('/api/email-consent'));

function open(path: string) {
  return { ...renderRoutes(routes, path), user: userEvent.setup() };
}

describe('e-mail consent page', () => {
  it('shows who asks, allows once and takes the token out of the address', async () => {
    const token = 'a+b/c=d';
    server.handle(consentApi(token));
    const { user, router } = open(`/email-consent?token=${encodeURIComponent(token)}`);
    expect(await screen.findByRole('heading', { level: 1, name: ASKS })).toBeTruthy();
    expect(document.title).toBe('E-mail request · Spoke');
    expect(screen.getByText('friend@example.com')).toBeTruthy();
    // Opening the link only reads it: mail scanners open links too.
    expect(consentCalls('POST')).toHaveLength(0);
    expect(consentCalls('GET').map((r) => r.path)).toEqual([
      '/api/email-consent?token=a%2Bb%2Fc%3Dd',
    ]);

    await user.click(screen.getByRole('button', { name: 'Allow e-mails' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mails allowed' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(
      /^Agents of ada may now e-mail friend@example.com\./,
    );
    expect(consentCalls('POST').map((r) => JSON.parse(r.body) as unknown)).toEqual([
      { token, answer: 'allow' },
    ]);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/email-consent');
    // Focus moves to the outcome: the button that was pressed is gone.
    expect(document.activeElement?.textContent).toContain('may now e-mail');
    expect(screen.getByRole('link', { name: 'tell us' }).getAttribute('href')).toBe('/contact');
    // The page does not read the spent link again.
    expect(consentCalls('GET')).toHaveLength(1);
  });

  it('ignores the request from the keyboard', async () => {
    server.handle(consentApi('tok'));
    const { user, router } = open('/email-consent?token=tok');
    await screen.findByRole('heading', { level: 1, name: ASKS });
    // The answers are buttons in reading order: allow first, then ignore.
    screen.getByRole('button', { name: 'Allow e-mails' }).focus();
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Ignore');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Request ignored' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'No agent of ada will e-mail friend@example.com, and ada cannot ask again.',
    );
    expect(JSON.parse(consentCalls('POST')[0]?.body ?? '')).toEqual({
      token: 'tok',
      answer: 'ignore',
    });
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('explains a link that was answered or expired, with the server reason', async () => {
    server.handle(consentApi('the-real-one'));
    open('/email-consent?token=used');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Link no longer valid' }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(GONE);
    expect(screen.queryByRole('button', { name: 'Allow e-mails' })).toBeNull();
    expect(consentCalls('POST')).toHaveLength(0);
  });

  it('treats a token the server refuses to read (too long) as a dead link', async () => {
    server.handle((req, res) =>
      sendJson(res, 422, {
        error: {
          message: 'Validation failed. Please check your input and try again.',
          code: 'VALIDATION_FAILED',
          fields: { token: 'Too long' },
        },
      }),
    );
    open(`/email-consent?token=${'x'.repeat(300)}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Link no longer valid' }),
    ).toBeTruthy();
  });

  it('shows the dead link when it was answered elsewhere meanwhile', async () => {
    const api = consentApi('tok');
    server.handle(api);
    const { user, router } = open('/email-consent?token=tok');
    await screen.findByRole('heading', { level: 1, name: ASKS });
    // Another tab answers first.
    await fetch(`${server.url}/api/email-consent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: 'tok', answer: 'allow' }),
    });
    await user.click(screen.getByRole('button', { name: 'Allow e-mails' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Link no longer valid' }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(GONE);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('keeps the question and the token when the answer could not be sent', async () => {
    server.handle(consentApi('tok', { postStatus: 503 }));
    const { user, router } = open('/email-consent?token=tok');
    await screen.findByRole('heading', { level: 1, name: ASKS });
    await user.click(screen.getByRole('button', { name: 'Allow e-mails' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Try again soon.');
    expect(router.state.location.search).toBe('?token=tok');

    server.handle(consentApi('tok'));
    await user.click(screen.getByRole('button', { name: 'Allow e-mails' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'E-mails allowed' })).toBeTruthy();
  });

  it('offers to try again when the request could not be read', async () => {
    server.handle((req, res) =>
      sendJson(res, 429, { error: { message: 'Too many requests.', code: 'RATE_LIMITED' } }),
    );
    const { user } = open('/email-consent?token=tok');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Could not load this request' }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Too many requests.');
    server.handle(consentApi('tok'));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: ASKS })).toBeTruthy();
  });

  it('explains a page opened without a token, and asks nothing', async () => {
    open('/email-consent');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Answer an e-mail request' }),
    ).toBeTruthy();
    expect(screen.getByText(/has no code in it/)).toBeTruthy();
    expect(consentCalls('GET')).toHaveLength(0);
  });

  it('shows names as text, never as markup', async () => {
    server.handle((req, res) =>
      sendJson(res, 200, {
        data: { username: '<img src=x onerror=alert(1)>', email: 'a@example.com' },
      }),
    );
    open('/email-consent?token=tok');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: '<img src=x onerror=alert(1)> wants their Spoke agent to e-mail you',
      }),
    ).toBeTruthy();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });
});

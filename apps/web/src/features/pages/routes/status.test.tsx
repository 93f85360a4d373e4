import { act, configure, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { PageLoading } from '#web/components/page-loading.tsx';
import { renderRoutes } from '#web/test/render-app.tsx';
import { suiteServer } from '#web/test/suite-server.ts';
import { sendJson, sendRaw } from '#web/test/test-server.ts';
import { StatusPanel } from '../components/status-panel.tsx';

// Lazy screens load slowly on a busy machine; the default second is too tight.
configure({ asyncUtilTimeout: 5000 });

const routes = [
  {
    HydrateFallback: PageLoading,
    children: [{ path: '/status', lazy: () => import('./status.tsx') }],
  },
];

type Answer = (res: ServerResponse) => void;
const healthy: Answer = (res) =>
  sendJson(res, 200, { data: { status: 'ok', version: '1.4.2', uptime: 3_660 } });
const ready: Answer = (res) => sendJson(res, 200, { data: { status: 'ready', database: 'ok' } });
const unavailable: Answer = (res) =>
  sendJson(res, 503, {
    error: {
      message: 'Service temporarily unavailable. Please try again later.',
      code: 'SERVICE_UNAVAILABLE',
    },
  });

let answers = { health: healthy, ready };
const server = suiteServer((req, res) => {
  if (req.path === '/api/health') return answers.health(res);
  if (req.path === '/api/ready') return answers.ready(res);
  sendRaw(res, 401);
});
afterEach(() => {
  answers = { health: healthy, ready };
});

const checks = () => server.requests.filter((r) => r.path === '/api/health').length;

// jsdom's tab is always visible: an own property shadows its getter for the test.
function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

describe('status page', () => {
  it('shows an operational service with its version, uptime and check time', async () => {
    renderRoutes(routes, '/status');
    expect(await screen.findByText('All systems operational')).toBeTruthy();
    expect(screen.getByText('All systems operational').getAttribute('aria-live')).toBe('polite');
    expect(screen.getByText('1.4.2')).toBeTruthy();
    expect(screen.getByText('1 hour, 1 minute')).toBeTruthy();
    expect(screen.getByText('Last checked', { exact: false }).querySelector('time')).not.toBeNull();
    await waitFor(() => expect(document.title).toBe('Status · Spoke'));
  });

  it('reports a degraded service when the database is not ready', async () => {
    answers.ready = unavailable;
    renderRoutes(routes, '/status');
    expect(await screen.findByText('Degraded: database unavailable')).toBeTruthy();
    expect(
      screen.getByText('Service temporarily unavailable. Please try again later.'),
    ).toBeTruthy();
    expect(screen.getByText('1.4.2')).toBeTruthy();
    expect(screen.getByText('Unavailable')).toBeTruthy();
  });

  it('reports an unreachable API', async () => {
    answers.health = (res) => res.socket?.destroy();
    answers.ready = (res) => res.socket?.destroy();
    renderRoutes(routes, '/status');
    expect(await screen.findByText('API unreachable')).toBeTruthy();
    expect(
      screen.getByText(
        'Unable to connect to server. Please check your internet connection and try again.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Unknown')).toBeTruthy();
  });

  it('checks again on Refresh and shows the change', async () => {
    renderRoutes(routes, '/status');
    await screen.findByText('All systems operational');
    answers.ready = unavailable;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Degraded: database unavailable')).toBeTruthy();
    expect(checks()).toBe(2);
  });
});

describe('status polling', () => {
  afterEach(() => {
    Reflect.deleteProperty(document, 'hidden');
  });

  it('checks again on its own, and not while the tab is hidden', async () => {
    render(<StatusPanel refreshMs={150} />);
    await waitFor(() => expect(checks()).toBeGreaterThanOrEqual(3), { timeout: 2000 });

    setHidden(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const whileHidden = checks();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(checks()).toBe(whileHidden);

    setHidden(false);
    await waitFor(() => expect(checks()).toBeGreaterThan(whileHidden));
    expect(await screen.findByText('All systems operational')).toBeTruthy();
  });
});

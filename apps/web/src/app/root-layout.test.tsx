import { act, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render-app.tsx';
import { suiteServer } from '../test/suite-server.ts';
import { routes } from './routes.tsx';

suiteServer();

// jsdom lays nothing out: the window's scroll position is only what the page last asked for.
const scrollTo = vi.fn((_x: number, y: number) => {
  window.scrollY = y;
});
const scrolledIntoView: string[] = [];

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(scrollTo as unknown as typeof window.scrollTo);
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolledIntoView.push(this.id);
  };
});
afterEach(() => {
  vi.restoreAllMocks();
  scrollTo.mockClear();
  scrolledIntoView.length = 0;
  window.scrollY = 0;
});

const pricingReady = () => screen.findByRole('heading', { level: 1, name: 'Pricing' });
const loginReady = () => screen.findByRole('heading', { name: 'Sign in to Spoke' });

describe('scroll position between pages', () => {
  it('opens the next page at its top, and back returns to where the reader was', async () => {
    const { router } = renderRoutes(routes, '/pricing');
    await pricingReady();
    window.scrollY = 1200;
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await userEvent.setup().click(within(nav).getByRole('link', { name: 'Sign In' }));
    await loginReady();
    expect(window.scrollY).toBe(0);

    window.scrollY = 300;
    await act(() => router.navigate(-1));
    await pricingReady();
    expect(window.scrollY).toBe(1200);

    await act(() => router.navigate(1));
    await loginReady();
    expect(window.scrollY).toBe(300);
  });

  it('opens a page at the element its #hash names', async () => {
    const { router } = renderRoutes(routes, '/login');
    await loginReady();
    window.scrollY = 500;
    await act(() => router.navigate('/pricing#faq-title'));
    await pricingReady();
    expect(scrolledIntoView).toEqual(['faq-title']);
    expect(window.scrollY).toBe(500);
  });
});

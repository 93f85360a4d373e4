import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageLoading } from '#web/components/page-loading.tsx';
import { renderRoutes } from '#web/test/render-app.tsx';

const routes = [{ HydrateFallback: PageLoading, path: '/', lazy: () => import('./landing.tsx') }];

describe('landing page', () => {
  it('makes the three claims of the spec', async () => {
    renderRoutes(routes, '/');
    await screen.findByRole('heading', { level: 1, name: /plain language/ });
    const claims = [...document.querySelectorAll('dl > div')].map((item) => [
      item.querySelector('dt')?.textContent,
      item.querySelector('dd')?.textContent,
    ]);
    expect(claims).toEqual([
      ['Builders', '250k+'],
      ['Built-in integrations', '50+'],
      ['Lines of code', '0'],
    ]);
  });

  it('sends visitors to registration and to the docs', async () => {
    renderRoutes(routes, '/');
    const hero = (await screen.findByRole('heading', { level: 1 })).closest('section');
    if (!hero) throw new Error('no hero section');
    expect(within(hero).getByRole('link', { name: 'Start building' }).getAttribute('href')).toBe(
      '/register',
    );
    expect(within(hero).getByRole('link', { name: 'Read the docs' }).getAttribute('href')).toBe(
      '/app/docs',
    );
  });

  it('explains how it works and lists the capability areas', async () => {
    renderRoutes(routes, '/');
    await screen.findByRole('heading', { name: 'How it works' });
    for (const step of ['Describe', 'Connect', 'Run']) {
      expect(screen.getByRole('heading', { name: new RegExp(`${step}$`) })).toBeTruthy();
    }
    for (const area of [
      'DevOps Automation',
      'Customer Support',
      'Sales & CRM',
      'Content Creation',
      'Code Review',
      'Analytics & Reporting',
    ]) {
      expect(screen.getByRole('heading', { name: area })).toBeTruthy();
    }
  });
});

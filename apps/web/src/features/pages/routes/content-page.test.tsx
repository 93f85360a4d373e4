import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONTENT_PAGES } from '#web/app/routes.tsx';
import { PageLoading } from '#web/components/page-loading.tsx';
import { renderRoutes } from '#web/test/render-app.tsx';
import { loadContentPage } from '../loader/load-page.ts';

// The first page also compiles the Markdown renderer: allow for a busy machine.
const LOAD = { timeout: 5000 };

const routes = [
  {
    HydrateFallback: PageLoading,
    children: [
      ...CONTENT_PAGES.map((page) => ({
        path: `/${page}`,
        lazy: () => import('./content-page.tsx'),
      })),
      { path: '*', Component: () => <h1>Not found</h1> },
    ],
  },
];

describe('content pages', () => {
  it.each(CONTENT_PAGES)('/%s shows its title, description and body', async (slug) => {
    const page = await loadContentPage(slug);
    if (!page) throw new Error(`no content/pages/${slug}.md`);
    renderRoutes(routes, `/${slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: page.title }, LOAD)).toBeTruthy();
    expect(screen.getByText(page.description)).toBeTruthy();
    expect(document.querySelectorAll('article h2').length).toBeGreaterThan(1);
    await waitFor(() => expect(document.title).toBe(`${page.title} · Spoke`));
  });

  it('gives headings ids, and the outline links to them', async () => {
    renderRoutes(routes, '/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' }, LOAD);
    const outline = screen.getByRole('navigation', { name: 'On this page' });
    const targets = [...outline.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(targets.length).toBeGreaterThan(3);
    for (const target of targets) {
      expect(document.querySelector(`h2${target}`)).not.toBeNull();
    }
    expect(document.getElementById('your-account')?.tagName).toBe('H3');
  });

  it('keeps site links inside the app and answers the FAQ on the Free plan', async () => {
    renderRoutes(routes, '/faq');
    const question = await screen.findByRole(
      'heading',
      { name: 'What happens when I hit the Free plan limits?' },
      LOAD,
    );
    expect(question.nextElementSibling?.textContent).toContain(
      'Your agents are paused until the next billing cycle.',
    );
    const sales = screen.getByRole('link', { name: 'Contact Sales' });
    expect(sales.getAttribute('href')).toBe('/contact?topic=sales');
    expect(sales.getAttribute('rel')).toBeNull();
  });
});

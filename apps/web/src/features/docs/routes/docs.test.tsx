import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PageLoading } from '#web/components/page-loading.tsx';
import { renderRoutes } from '#web/test/render-app.tsx';
import { chapters } from '../content/docs-content.ts';

// The first render also compiles the docs chunk and the Markdown renderer.
const LOAD = { timeout: 5000 };

const routes = [
  {
    HydrateFallback: PageLoading,
    children: [
      { path: '/app/docs/*', lazy: () => import('./docs.tsx') },
      { path: '/dev/*', lazy: () => import('./docs.tsx') },
      { path: '*', Component: () => <h1>Elsewhere</h1> },
    ],
  },
];

function open(path: string) {
  return renderRoutes(routes, path);
}

describe('docs area', () => {
  it('home: stat cards, chapter cards with section counts and no rating, and the two buttons', async () => {
    open('/app/docs');
    await screen.findByRole('heading', { level: 1, name: 'Spoke CLI Documentation' }, LOAD);
    expect(
      screen.getAllByTestId('stat-card').map((card) => card.textContent?.replace(/\s/g, ' ')),
    ).toEqual([
      'Startup time< 200 ms',
      'Workspace creation< 5 s',
      'Server install< 30 s',
      'Memory use< 50 MB',
    ]);
    const cards = screen.getAllByTestId('chapter-card');
    expect(cards).toHaveLength(chapters.length);
    expect(within(cards[3]!).getByTestId('section-count').textContent).toBe(
      `${chapters[3]!.sections.length} sections`,
    );
    expect(cards[0]!.getAttribute('href')).toBe('/app/docs/overview');
    // A card shows what the chapter is and holds, and nothing made up (no rating).
    expect(cards.map((card) => card.textContent)).toEqual(
      chapters.map(
        ({ title, description, sections }) => `${title}${description}${sections.length} sections`,
      ),
    );
    const github = screen.getByRole('link', { name: /GitHub/ });
    expect(github.getAttribute('href')).toBe('https://github.com/spoke-dev/spoke');
    expect(github.getAttribute('target')).toBe('_blank');
    expect(github.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Quick Start' }).getAttribute('href')).toBe(
      '/app/docs/quick-start',
    );
    await waitFor(() => expect(document.title).toBe('Documentation · Spoke'));
  });

  it('tab page: cards read Read Article, and a section without a description falls back', async () => {
    open('/dev/quick-start');
    await screen.findByRole('heading', { level: 1, name: 'Quick Start' }, LOAD);
    const cards = screen.getAllByTestId('section-card');
    expect(cards).toHaveLength(6);
    for (const card of cards) expect(card.textContent).toContain('Read Article →');
    const last = cards.at(-1)!;
    // The card is named by everything it shows, its heading first.
    expect(
      screen.getByRole('link', { name: 'Next steps Learn more about this topic Read Article →' }),
    ).toBe(last);
    within(last).getByRole('heading', { name: 'Next steps' });
    expect(last.getAttribute('href')).toBe('/dev/quick-start/next-steps');
    expect(last.textContent).toContain('Learn more about this topic');
  });

  it('unknown tab: Coming Soon with a way back; other unknown paths go home', async () => {
    const { router } = open('/app/docs/billing');
    await screen.findByRole('heading', { name: 'Coming Soon' }, LOAD);
    screen.getByText('This documentation section is being crafted with care. Check back soon!');
    expect(screen.getByRole('link', { name: 'Back to Documentation' }).getAttribute('href')).toBe(
      '/app/docs',
    );
    await act(() => router.navigate('/app/docs/api/nope'));
    expect(router.state.location.pathname).toBe('/app/docs');
    await act(() => router.navigate('/dev/a/b/c'));
    expect(router.state.location.pathname).toBe('/dev');
    await act(() => router.navigate('/app/docs/docs'));
    expect(router.state.location.pathname).toBe('/app/docs/overview');
  });

  it('section page: title, back button, previous and next across tabs', async () => {
    open('/app/docs/overview/platform-and-cli');
    const overview = chapters[0]!;
    const last = overview.sections.at(-1)!;
    await screen.findByRole('heading', { level: 1, name: last.title }, LOAD);
    expect(screen.getByRole('link', { name: 'Back to Documentation' }).getAttribute('href')).toBe(
      '/app/docs/overview',
    );
    const pager = screen.getByRole('navigation', { name: 'Previous and next' });
    const [prev, next] = within(pager).getAllByRole('link');
    expect(prev!.getAttribute('href')).toBe(`/app/docs/overview/${overview.sections.at(-2)!.id}`);
    expect(next!.getAttribute('href')).toBe(
      `/app/docs/installation/${chapters[1]!.sections[0]!.id}`,
    );
    await waitFor(() => expect(document.title).toBe(`${last.title} · Docs · Spoke`));
  });

  it('search: "/" focuses, arrows move, Enter opens, Escape clears', async () => {
    const user = userEvent.setup();
    const { router } = open('/app/docs');
    await screen.findByRole('heading', { level: 1 }, LOAD);
    const box = screen.getByRole('combobox', { name: 'Search documentation' });
    fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(box);
    await user.type(box, 'lockfile');
    const options = await screen.findAllByRole('option');
    expect(options.length).toBeGreaterThan(1);
    expect(options[0]!.querySelector('mark')?.textContent?.toLowerCase()).toBe('lockfile');
    await user.keyboard('{ArrowDown}');
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    await user.keyboard('{Escape}');
    expect((box as HTMLInputElement).value).toBe('');
    await user.type(box, 'qqqzzz');
    screen.getByText('No results for “qqqzzz”');
    await user.clear(box);
    await user.type(box, 'lockfile');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(router.state.location.pathname).toMatch(/^\/app\/docs\/[^/]+\/[^/]+$/),
    );
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  sendJson,
  setPageOrigin,
  startTestServer,
  type TestServer,
} from '#web/test/test-server.ts';
import { blogApi, samplePost } from './test-blog-server.ts';
import { renderBlog } from './test-render.tsx';

const LOAD = { timeout: 5000 };
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  setPageOrigin(server.url);
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
});

const titles = () =>
  screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent);

describe('/blog', () => {
  it('lists posts as cards with their metadata, and a feed link', async () => {
    server.handle(blogApi([samplePost(1), samplePost(2)]));
    renderBlog('/blog');
    expect(await screen.findByRole('heading', { level: 1, name: 'Blog' }, LOAD)).toBeTruthy();
    await screen.findByRole('link', { name: 'Post number 1' }, LOAD);
    expect(titles()).toEqual(['Post number 1', 'Post number 2']);
    const card = screen.getAllByRole('article')[0]!;
    expect(card.textContent).toContain('October 27, 2026');
    expect(card.textContent).toContain('Spoke Engineering');
    expect(card.textContent).toContain('2 min read');
    expect(card.textContent).toContain('What post 1 is about.');
    expect(within(card).getByRole('link', { name: 'Agents' }).getAttribute('href')).toBe(
      '/blog?tag=agents',
    );
    expect(screen.getByRole('link', { name: 'RSS feed' }).getAttribute('href')).toBe(
      '/blog/rss.xml',
    );
    await waitFor(() => expect(document.title).toBe('Blog · Spoke'));
    expect(document.head.querySelector('link[type="application/rss+xml"]')).not.toBeNull();
  });

  it('filters by tag through the URL, and "All" clears the filter', async () => {
    server.handle(blogApi([samplePost(1), samplePost(2), samplePost(4)]));
    const { router } = renderBlog('/blog');
    const filter = await screen.findByRole('navigation', { name: 'Filter posts by tag' }, LOAD);
    await userEvent.click(within(filter).getByRole('link', { name: /^CLI/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?tag=cli'));
    await waitFor(() => expect(titles()).toEqual(['Post number 2', 'Post number 4']));
    expect(server.requests.at(-1)?.path).toBe('/api/blog?tag=cli');
    expect(
      within(filter).getByRole('link', { name: 'CLI 2 posts' }).getAttribute('aria-current'),
    ).toBe('true');

    await userEvent.click(within(filter).getByRole('link', { name: 'All' }));
    await waitFor(() => expect(titles()).toHaveLength(3));
    expect(router.state.location.search).toBe('');
  });

  it('pages through more posts than fit, with the page in the URL', async () => {
    server.handle(blogApi(Array.from({ length: 12 }, (_, i) => samplePost(i + 1))));
    const { router } = renderBlog('/blog');
    const pages = await screen.findByRole('navigation', { name: 'Blog pages' }, LOAD);
    expect(titles()).toHaveLength(10);
    expect(pages.textContent).toContain('Page 1 of 2');
    expect(within(pages).queryByRole('link', { name: /newer/i })).toBeNull();
    await userEvent.click(within(pages).getByRole('link', { name: 'Older posts' }));
    await waitFor(() => expect(titles()).toEqual(['Post number 11', 'Post number 12']));
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByRole('navigation', { name: 'Blog pages' }).textContent).toContain(
      'Page 2 of 2',
    );
  });

  it('says so when a tag has no posts', async () => {
    server.handle(blogApi([samplePost(1)]));
    renderBlog('/blog?tag=security');
    expect(
      await screen.findByText('No posts tagged “Security” yet.', undefined, LOAD),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show all posts' }).getAttribute('href')).toBe('/blog');
  });

  it('shows a loading state, then the catalogue message with a retry that works', async () => {
    let calls = 0;
    server.handle((req, res) => {
      calls += 1;
      if (calls === 1) return sendJson(res, 503, {});
      return blogApi([samplePost(1)])(req, res);
    });
    renderBlog('/blog');
    const alert = await screen.findByRole('alert', undefined, LOAD);
    expect(alert.textContent).toContain('Service temporarily unavailable. Please try again later.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Post number 1' }, LOAD)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows skeleton cards while the list loads', async () => {
    server.handle((req, res) => setTimeout(() => blogApi([samplePost(1)])(req, res), 300));
    renderBlog('/blog');
    expect(await screen.findByText('Loading posts…', undefined, LOAD)).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Post number 1' }, LOAD)).toBeTruthy();
    expect(screen.queryByText('Loading posts…')).toBeNull();
  });
});

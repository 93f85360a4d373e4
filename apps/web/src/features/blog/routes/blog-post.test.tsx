import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('/blog/:slug', () => {
  it('shows the post, its metadata, tags, rendered body and neighbours', async () => {
    server.handle(blogApi([samplePost(1), samplePost(2), samplePost(3)]));
    renderBlog('/blog/post-2');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Post number 2' }, LOAD),
    ).toBeTruthy();
    const header = screen.getByRole('banner');
    expect(header.textContent).toContain('October 26, 2026');
    expect(header.textContent).toContain('Spoke Engineering');
    expect(header.textContent).toContain('3 min read');
    expect(within(header).getByRole('link', { name: 'CLI' }).getAttribute('href')).toBe(
      '/blog?tag=cli',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'First part' }).id).toBe('first-part');
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Post number 2 · Spoke'));

    const more = await screen.findByRole('navigation', { name: 'More posts' }, LOAD);
    expect(within(more).getByRole('link', { name: /Newer post.*Post number 1/ })).toBeTruthy();
    expect(within(more).getByRole('link', { name: /Older post.*Post number 3/ })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Back to the blog' })[0]?.getAttribute('href')).toBe(
      '/blog',
    );
  });

  it('shows "Post not found" with a way back for an unknown slug', async () => {
    server.handle(blogApi([samplePost(1)]));
    const { router } = renderBlog('/blog/nothing-here');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Post not found' }, LOAD),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Post not found · Spoke'));
    await userEvent.click(screen.getByRole('link', { name: 'Back to the blog' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog'));
  });

  it('offers a retry when the post fails to load for another reason', async () => {
    // The post's own first request fails. Counting every request instead would let one the
    // previous test's page started as it closed (the blog list) arrive first and take the failure.
    let postRequests = 0;
    server.handle((req, res) => {
      if (req.path === '/api/blog/post-1') postRequests += 1;
      if (postRequests === 1) return sendJson(res, 500, {});
      return blogApi([samplePost(1)])(req, res);
    });
    renderBlog('/blog/post-1');
    const alert = await screen.findByRole('alert', undefined, LOAD);
    expect(alert.textContent).toContain('Server error. Please try again later.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Post number 1' }, LOAD),
    ).toBeTruthy();
  });
});

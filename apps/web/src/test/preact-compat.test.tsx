import * as Radix from '@radix-ui/react-dropdown-menu';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { options, type VNode } from 'preact';
import * as compat from 'preact/compat';
import * as React from 'react';
import { createMemoryRouter, useParams } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it } from 'vitest';

// The unit tests render the app as the browser build does, on preact/compat (decision 031). A
// library that loaded the real React beside it would fail here: its hooks would run without
// React's renderer, and Preact would never see its components.

const diffed = options.diffed;
afterEach(() => {
  options.diffed = diffed;
});

function Post() {
  const { slug } = useParams();
  const query = useQuery({
    queryKey: ['post', slug],
    queryFn: () => Promise.resolve(`Post ${slug}`),
  });
  return (
    <Radix.Root>
      <h1>{query.data ?? 'Loading'}</h1>
    </Radix.Root>
  );
}

describe('react on preact/compat', () => {
  it('resolves react to Preact, with the hook react-router needs', () => {
    expect(React.useState).toBe(compat.useState);
    expect(React.createElement).toBe(compat.createElement);
    const [value, add] = React.useOptimistic(3);
    expect(value).toBe(3);
    expect(() => add(4)).not.toThrow();
  });

  it('renders react-router, TanStack Query and Radix components with Preact', async () => {
    const rendered = new Set<unknown>();
    options.diffed = (vnode: VNode) => {
      rendered.add(vnode.type);
      diffed?.(vnode);
    };
    const router = createMemoryRouter([{ path: '/blog/:slug', Component: Post }], {
      initialEntries: ['/blog/first'],
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Post first' })).toBeTruthy();
    expect(rendered.has(Post)).toBe(true);
    expect(rendered.has(RouterProvider)).toBe(true);
    expect(rendered.has(Radix.Root)).toBe(true);
  });
});

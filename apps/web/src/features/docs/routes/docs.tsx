import { lazy, Suspense } from 'react';
import { useLocation, useParams } from 'react-router';
import { PageLoading } from '#web/components/page-loading.tsx';
import { DocsBar } from '../components/docs-bar.tsx';
import { DocsHome } from '../components/docs-home.tsx';
import { docsBase } from '../content/docs-paths.ts';

// The home shows only the chapter outline, so it loads without the docs' text; every other
// docs page needs that text and brings it along.
const DocsPages = lazy(() =>
  import('../components/docs-pages.tsx').then((module) => ({ default: module.DocsPages })),
);

// Mounted at /app/docs/* and at /dev/*: the same pages, with links that keep the reader's base.
export function Component() {
  const splat = useParams()['*'] ?? '';
  const { pathname } = useLocation();
  const base = docsBase(pathname);
  // Empty segments (a trailing or doubled slash) are ignored, as everywhere in the docs paths.
  const home = splat.split('/').every((segment) => segment === '');
  return (
    <>
      <DocsBar base={base} />
      {home ? (
        <DocsHome base={base} />
      ) : (
        <Suspense fallback={<PageLoading screen />}>
          <DocsPages splat={splat} base={base} />
        </Suspense>
      )}
    </>
  );
}

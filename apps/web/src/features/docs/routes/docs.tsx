import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { PageLoading } from '../../../components/page-loading.tsx';
import { ComingSoon } from '../components/coming-soon.tsx';
import { DocsBar } from '../components/docs-bar.tsx';
import { DocsHome } from '../components/docs-home.tsx';
import { DocsShell } from '../components/docs-shell.tsx';
import { TabPage } from '../components/tab-page.tsx';
import { chapters } from '../content/docs-content.ts';
import { docsBase, docsPath, resolveDocsPath } from '../content/docs-paths.ts';

// Only section pages render Markdown: the renderer stays out of the docs home and tab pages,
// and a tab page fetches it in the background, since a section is the likely next click.
const loadSectionPage = () => import('../components/section-page.tsx');
const SectionPage = lazy(() =>
  loadSectionPage().then((module) => ({ default: module.SectionPage })),
);

function usePreloadSectionPage(wanted: boolean) {
  useEffect(() => {
    if (!wanted) return;
    const timer = window.setTimeout(() => void loadSectionPage().catch(() => undefined), 1000);
    return () => window.clearTimeout(timer);
  }, [wanted]);
}

// Mounted at /app/docs/* and at /dev/*: the same pages, with links that keep the reader's base.
export function Component() {
  const splat = useParams()['*'] ?? '';
  const { pathname, hash } = useLocation();
  const base = docsBase(pathname);
  const view = resolveDocsPath(splat, chapters);
  usePreloadSectionPage(view.kind === 'tab');

  if (view.kind === 'redirect') {
    // A renamed path keeps its heading target; a path that leads nowhere starts at the top.
    return <Navigate to={docsPath(base, view.to) + (view.to ? hash : '')} replace />;
  }
  return (
    <>
      <DocsBar base={base} />
      {view.kind === 'home' && <DocsHome base={base} />}
      {view.kind === 'coming-soon' && <ComingSoon base={base} />}
      {view.kind === 'tab' && (
        <DocsShell base={base}>
          <TabPage chapter={view.chapter} base={base} />
        </DocsShell>
      )}
      {view.kind === 'section' && (
        <DocsShell base={base}>
          <Suspense fallback={<PageLoading />}>
            <SectionPage
              key={view.section.file}
              chapter={view.chapter}
              section={view.section}
              base={base}
            />
          </Suspense>
        </DocsShell>
      )}
    </>
  );
}

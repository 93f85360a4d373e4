import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '#web/components/page-loading.tsx';
import { chapters } from '../content/docs-content.ts';
import { docsPath, resolveDocsPath } from '../content/docs-paths.ts';
import { ComingSoon } from './coming-soon.tsx';
import { DocsShell } from './docs-shell.tsx';
import { TabPage } from './tab-page.tsx';

// Only section pages render Markdown: the renderer stays out of the tab pages, and a tab page
// fetches it in the background, since a section is the likely next click.
const loadSectionPage = () => import('./section-page.tsx');
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

/** Every docs page below the home: they read the whole content, which comes with them. */
export function DocsPages({ splat, base }: { splat: string; base: string }) {
  const { hash } = useLocation();
  const view = resolveDocsPath(splat, chapters);
  usePreloadSectionPage(view.kind === 'tab');

  switch (view.kind) {
    case 'home':
      return null;
    case 'redirect':
      // A renamed path keeps its heading target; a path that leads nowhere starts at the top.
      return <Navigate to={docsPath(base, view.to) + (view.to ? hash : '')} replace />;
    case 'coming-soon':
      return <ComingSoon base={base} />;
    case 'tab':
      return (
        <DocsShell base={base}>
          <TabPage chapter={view.chapter} base={base} />
        </DocsShell>
      );
    case 'section':
      return (
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
      );
  }
}

import { ArrowLeft } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { secondaryButton } from '#web/components/button-styles.ts';
import { Markdown, type MarkdownHeading } from '#web/components/markdown/markdown.tsx';
import type { DocChapter, DocSection } from '../content/docs-model.ts';
import { docsPath, rebaseContentLink } from '../content/docs-paths.ts';
import { useActiveHeading } from '../hooks/use-active-heading.ts';
import { usePageTitle } from '#web/components/layout/use-page-title.ts';
import { docsTitle } from '../content/docs-title.ts';
import { SectionPager } from './section-pager.tsx';
import { TableOfContents } from './table-of-contents.tsx';

// The outline lists the headings a reader jumps between; deeper ones would only crowd it.
const OUTLINE_LEVELS = new Set([2, 3]);

function sameHeadings(a: MarkdownHeading[], b: MarkdownHeading[]): boolean {
  return a.length === b.length && a.every((heading, i) => heading.id === b[i]?.id);
}

export function SectionPage({
  chapter,
  section,
  base,
}: {
  chapter: DocChapter;
  section: DocSection;
  base: string;
}) {
  usePageTitle(docsTitle(section.title));
  const { hash } = useLocation();
  const [headings, setHeadings] = useState<MarkdownHeading[]>([]);
  const outline = useMemo(() => headings.filter((h) => OUTLINE_LEVELS.has(h.level)), [headings]);
  const ids = useMemo(() => outline.map((h) => h.id), [outline]);
  const active = useActiveHeading(ids);

  const onHeadings = useCallback((found: MarkdownHeading[]) => {
    setHeadings((current) => (sameHeadings(current, found) ? current : found));
  }, []);

  // The router's scroll restoration (root-layout.tsx) opens a new section at its top and returns
  // to the reader's place on back and forward; a hash target is shown here too, once the
  // Markdown has rendered the heading it names.
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView();
  }, [section.file, hash, headings]);

  // Links are written in the content as /app/docs/...; a reader who came in through /dev stays
  // there. The address itself is rewritten, so it is right in the prerendered page too, before
  // the app has taken over.
  const rewriteLink = useCallback((href: string) => rebaseContentLink(href, base), [base]);

  return (
    <div className="xl:grid xl:grid-cols-[minmax(0,1fr)_13rem] xl:gap-10">
      <article className="min-w-0">
        <Link to={docsPath(base, chapter.id)} className={`${secondaryButton} mb-6`}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Documentation
        </Link>
        <header className="border-b border-slate-200 pb-6">
          <p className="text-sm font-semibold text-blue-700">
            <Link to={docsPath(base, chapter.id)} className="hover:underline">
              {chapter.title}
            </Link>
          </p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
            {section.title}
          </h1>
          {section.description && (
            <p className="mt-3 text-lg leading-8 text-pretty text-slate-600">
              {section.description}
            </p>
          )}
        </header>
        <div className="mt-6 xl:hidden">
          <TableOfContents headings={outline} active={active} placement="top" />
        </div>
        {/* Delegated clicks only: every link inside stays a real, keyboard-reachable anchor. */}
        <div className="mt-8">
          <Markdown
            key={section.file}
            source={section.body}
            onHeadings={onHeadings}
            rewriteLink={rewriteLink}
          />
        </div>
        <SectionPager sectionFile={section.file} base={base} />
      </article>
      <div className="hidden xl:block">
        <TableOfContents headings={outline} active={active} placement="side" />
      </div>
    </div>
  );
}

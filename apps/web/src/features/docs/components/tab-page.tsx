import type { DocChapter } from '../content/docs-model.ts';
import { docsPath } from '../content/docs-paths.ts';
import { usePageTitle } from '#web/components/layout/use-page-title.ts';
import { docsTitle } from '../content/docs-title.ts';
import { ChapterIcon } from './chapter-icon.tsx';
import { SectionLinkCard } from './section-link-card.tsx';

export function TabPage({ chapter, base }: { chapter: DocChapter; base: string }) {
  usePageTitle(docsTitle(chapter.title));
  return (
    <div>
      <header className="border-b border-slate-200 pb-8">
        <span
          data-testid="tab-icon"
          data-icon={chapter.icon}
          className="flex size-12 items-center justify-center rounded-xl bg-blue-50 text-blue-700"
        >
          <ChapterIcon name={chapter.icon} className="size-6" />
        </span>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
          {chapter.title}
        </h1>
        <p className="mt-3 max-w-3xl text-lg leading-8 text-pretty text-slate-600">
          {chapter.description}
        </p>
      </header>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {chapter.sections.map((section) => (
          <li key={section.id}>
            <SectionLinkCard section={section} to={docsPath(base, chapter.id, section.id)} />
          </li>
        ))}
      </ul>
    </div>
  );
}

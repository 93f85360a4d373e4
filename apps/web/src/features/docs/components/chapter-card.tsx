import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { ChapterOutline } from '../content/docs-model.ts';
import { ChapterIcon } from './chapter-icon.tsx';

function sectionCount(count: number): string {
  return `${count} ${count === 1 ? 'section' : 'sections'}`;
}

export function ChapterCard({ chapter, to }: { chapter: ChapterOutline; to: string }) {
  return (
    <Link
      to={to}
      data-testid="chapter-card"
      className="group flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-blue-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
    >
      <span className="flex size-10 items-center justify-center rounded-lg bg-blue-50 text-blue-700">
        <ChapterIcon name={chapter.icon} className="size-5" />
      </span>
      <h3 className="mt-4 text-lg font-semibold text-slate-900 group-hover:text-blue-700">
        {chapter.title}
      </h3>
      <p className="mt-2 flex-1 text-sm leading-6 text-slate-600">{chapter.description}</p>
      <p className="mt-4 flex items-center justify-between text-sm">
        <span data-testid="section-count" className="font-medium text-slate-700">
          {sectionCount(chapter.sectionCount)}
        </span>
        <ArrowRight
          aria-hidden="true"
          className="size-4 text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-blue-700"
        />
      </p>
    </Link>
  );
}

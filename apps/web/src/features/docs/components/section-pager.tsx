import { ArrowLeft, ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { readingOrder, type SectionEntry } from '../content/docs-content.ts';
import { docsPath } from '../content/docs-paths.ts';

const card =
  'group flex flex-1 flex-col gap-1 rounded-xl border border-slate-200 p-4 transition hover:border-blue-300 hover:bg-blue-50/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

function Neighbour({
  entry,
  base,
  rel,
}: {
  entry: SectionEntry;
  base: string;
  rel: 'prev' | 'next';
}) {
  const Icon = rel === 'prev' ? ArrowLeft : ArrowRight;
  return (
    <Link
      to={docsPath(base, entry.chapter.id, entry.section.id)}
      rel={rel}
      className={`${card} ${rel === 'next' ? 'items-end text-right' : ''}`}
    >
      <span className="flex items-center gap-1 text-xs font-medium text-slate-600">
        {rel === 'prev' && <Icon aria-hidden="true" className="size-3.5" />}
        {rel === 'prev' ? 'Previous' : 'Next'}
        {rel === 'next' && <Icon aria-hidden="true" className="size-3.5" />}
      </span>
      <span className="font-semibold text-slate-900 group-hover:text-blue-700">
        {entry.section.title}
      </span>
      <span className="text-xs text-slate-600">{entry.chapter.title}</span>
    </Link>
  );
}

/** Previous and next in reading order; past a chapter's end, the next chapter's first section. */
export function SectionPager({ sectionFile, base }: { sectionFile: string; base: string }) {
  const at = readingOrder.findIndex((entry) => entry.section.file === sectionFile);
  const prev = at > 0 ? readingOrder[at - 1] : undefined;
  const next = at >= 0 ? readingOrder[at + 1] : undefined;
  return (
    <nav
      aria-label="Previous and next"
      className="mt-12 flex flex-col gap-3 border-t border-slate-200 pt-6 sm:flex-row"
    >
      {prev ? (
        <Neighbour entry={prev} base={base} rel="prev" />
      ) : (
        <span className="hidden flex-1 sm:block" />
      )}
      {next && <Neighbour entry={next} base={base} rel="next" />}
    </nav>
  );
}

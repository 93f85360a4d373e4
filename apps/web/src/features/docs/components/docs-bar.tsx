import { BookOpen } from 'lucide-react';
import { Link } from 'react-router';
import { DocsSearch } from '../search/docs-search.tsx';
import { CONTENT_WIDTH } from '#web/components/layout/content-width.ts';

/** The strip under the navbar on every docs page: the way home and the search box. */
export function DocsBar({ base }: { base: string }) {
  return (
    <div className="border-b border-slate-200 bg-slate-50">
      <div
        className={`${CONTENT_WIDTH} flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between`}
      >
        <Link
          to={base}
          className="inline-flex items-center gap-2 self-start rounded-md text-sm font-semibold text-slate-800 hover:text-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 sm:self-auto"
        >
          <BookOpen aria-hidden="true" className="size-4 text-blue-700" />
          Docs
        </Link>
        <DocsSearch base={base} />
      </div>
    </div>
  );
}

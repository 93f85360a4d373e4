import { ArrowLeft, ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { secondaryButton } from '#web/components/button-styles.ts';

function pageHref(page: number, tag: string | undefined): string {
  const params = new URLSearchParams();
  if (tag) params.set('tag', tag);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return `/blog${search ? `?${search}` : ''}`;
}

/** Newer and older pages, newest first; shown only when the posts do not fit on one page. */
export function Pagination({
  page,
  pageSize,
  total,
  tag,
}: {
  page: number;
  pageSize: number;
  total: number;
  tag: string | undefined;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav
      aria-label="Blog pages"
      className="mt-10 flex flex-wrap items-center justify-between gap-4"
    >
      {page > 1 ? (
        <Link to={pageHref(page - 1, tag)} className={secondaryButton}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Newer posts
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-600">
        Page {Math.min(page, pages)} of {pages}
      </p>
      {page < pages ? (
        <Link to={pageHref(page + 1, tag)} className={secondaryButton}>
          Older posts
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

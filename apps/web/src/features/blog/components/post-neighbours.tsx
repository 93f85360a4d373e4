import { ArrowLeft, ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { fetchBlogList } from '../api/blog-api.ts';
import { useAsync } from './use-async.ts';

// The largest page the API serves: neighbours of posts beyond it are simply not shown.
const LIST_WINDOW = 50;

/** Links to the next newer and next older post; extra, so it stays silent while loading or failing. */
export function PostNeighbours({ slug }: { slug: string }) {
  const list = useAsync('all', (signal) => fetchBlogList({ pageSize: LIST_WINDOW }, signal));
  const posts = list.latest?.posts ?? [];
  const index = posts.findIndex((post) => post.slug === slug);
  if (index === -1) return null;
  const newer = posts[index - 1];
  const older = posts[index + 1];
  if (!newer && !older) return null;

  const card =
    'group flex flex-col gap-1 rounded-xl border border-slate-200 p-4 transition hover:border-blue-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';
  return (
    <nav aria-label="More posts" className="grid gap-4 sm:grid-cols-2">
      {newer ? (
        <Link to={`/blog/${encodeURIComponent(newer.slug)}`} className={card}>
          <span className="inline-flex items-center gap-1 text-sm text-slate-600">
            <ArrowLeft aria-hidden="true" className="size-4" />
            Newer post
          </span>
          <span className="font-semibold text-slate-900 group-hover:text-blue-700">
            {newer.title}
          </span>
        </Link>
      ) : (
        <span className="hidden sm:block" />
      )}
      {older && (
        <Link to={`/blog/${encodeURIComponent(older.slug)}`} className={`${card} sm:text-right`}>
          <span className="inline-flex items-center gap-1 text-sm text-slate-600 sm:justify-end">
            Older post
            <ArrowRight aria-hidden="true" className="size-4" />
          </span>
          <span className="font-semibold text-slate-900 group-hover:text-blue-700">
            {older.title}
          </span>
        </Link>
      )}
    </nav>
  );
}

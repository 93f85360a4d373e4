import { Clock } from 'lucide-react';
import type { BlogPostSummary } from '@spoke/shared';
import { formatPostDate } from './format-date.ts';

/** Date, author and reading time, on one line that wraps on a phone. */
export function PostMeta({
  post,
  className = '',
}: {
  post: Pick<BlogPostSummary, 'date' | 'author' | 'reading_minutes'>;
  className?: string;
}) {
  return (
    <p
      className={`flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600 ${className}`}
    >
      <time dateTime={post.date}>{formatPostDate(post.date)}</time>
      <span aria-hidden="true">·</span>
      <span>{post.author}</span>
      <span aria-hidden="true">·</span>
      <span className="inline-flex items-center gap-1">
        <Clock aria-hidden="true" className="size-3.5" />
        {post.reading_minutes} min read
      </span>
    </p>
  );
}

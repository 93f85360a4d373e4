import type { BlogPostSummary } from '@spoke/shared';
import { Link } from 'react-router';
import { PostMeta } from './post-meta.tsx';
import { PostTags } from './post-tags.tsx';

/** One post in the list. The title link covers the card; the tag links sit above it. */
export function PostCard({ post }: { post: BlogPostSummary }) {
  return (
    <article className="relative h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition focus-within:border-blue-300 hover:border-blue-300 hover:shadow-md sm:p-6">
      <PostMeta post={post} />
      <h2 className="mt-3 text-xl font-semibold tracking-tight text-balance text-slate-900">
        <Link
          to={`/blog/${encodeURIComponent(post.slug)}`}
          className="after:absolute after:inset-0 after:rounded-xl hover:text-blue-700 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-blue-600"
        >
          {post.title}
        </Link>
      </h2>
      <p className="mt-2 leading-7 text-pretty text-slate-700">{post.summary}</p>
      <PostTags tags={post.tags} className="relative mt-4" />
    </article>
  );
}

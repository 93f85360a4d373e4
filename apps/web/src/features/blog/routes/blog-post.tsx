import { ArrowLeft } from 'lucide-react';
import { Link, useLocation, useParams } from 'react-router';
import { CONTENT_WIDTH, READING_WIDTH } from '#web/components/layout/content-width.ts';
import { usePageTitle } from '#web/components/layout/use-page-title.ts';
import { Markdown } from '#web/components/markdown/markdown.tsx';
import { isApiError } from '#web/lib/api/api-error.ts';
import { fetchBlogPost } from '../api/blog-api.ts';
import { PostSkeleton } from '../components/list-skeleton.tsx';
import { LoadError } from '../components/load-error.tsx';
import { PostMeta } from '../components/post-meta.tsx';
import { PostNeighbours } from '../components/post-neighbours.tsx';
import { PostNotFound } from '../components/post-not-found.tsx';
import { PostTags } from '../components/post-tags.tsx';
import { useRssAlternate } from '../components/rss-link.tsx';
import { useScrollOnLoad } from '../components/scroll.ts';
import { useAsync } from '../components/use-async.ts';

const backLink =
  'inline-flex items-center gap-1.5 rounded text-sm font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

function BackToBlog() {
  return (
    <Link to="/blog" className={backLink}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to the blog
    </Link>
  );
}

function PageTitle({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}

export function Component() {
  const slug = useParams().slug ?? '';
  const { hash } = useLocation();
  useRssAlternate();
  const post = useAsync(slug, (signal) => fetchBlogPost(slug, signal));
  useScrollOnLoad(post.status === 'success', slug, hash);

  if (post.status === 'error' && isApiError(post.error) && post.error.status === 404) {
    return <PostNotFound />;
  }

  return (
    <div className={`${CONTENT_WIDTH} py-12 sm:py-16`}>
      <article className={READING_WIDTH}>
        <BackToBlog />
        {post.status === 'loading' && (
          <>
            <PageTitle title="Blog" />
            <PostSkeleton />
          </>
        )}
        {post.status === 'error' && (
          <div className="mt-8">
            <PageTitle title="Blog" />
            <LoadError
              title="This post could not be loaded"
              titleAs="h1"
              error={post.error}
              onRetry={post.retry}
            />
          </div>
        )}
        {post.status === 'success' && (
          <>
            <PageTitle title={post.data.title} />
            <header className="mt-6 border-b border-slate-200 pb-8">
              <PostTags tags={post.data.tags} />
              <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
                {post.data.title}
              </h1>
              <p className="mt-4 text-lg leading-8 text-pretty text-slate-600">
                {post.data.summary}
              </p>
              <PostMeta post={post.data} className="mt-5" />
            </header>
            <Markdown source={post.data.body} className="mt-8 text-base" />
            <footer className="mt-16 space-y-8 border-t border-slate-200 pt-8">
              <PostNeighbours slug={slug} />
              <BackToBlog />
            </footer>
          </>
        )}
      </article>
    </div>
  );
}

import { BLOG_PAGE_SIZE } from '@spoke/shared';
import { Link, useLocation, useSearchParams } from 'react-router';
import { textLink } from '#web/components/button-styles.ts';
import { usePageTitle } from '#web/components/layout/use-page-title.ts';
import { fetchBlogList } from '../api/blog-api.ts';
import { ListSkeleton, TagFilterSkeleton } from '../components/list-skeleton.tsx';
import { LoadError } from '../components/load-error.tsx';
import { Pagination } from '../components/pagination.tsx';
import { PostCard } from '../components/post-card.tsx';
import { RssLink, useRssAlternate } from '../components/rss-link.tsx';
import { useScrollOnLoad } from '../components/scroll.ts';
import { tagLabel } from '../components/tag-label.ts';
import { TagFilter } from '../components/tag-filter.tsx';
import { useAsync } from '../components/use-async.ts';
import { CONTENT_WIDTH } from '#web/components/layout/content-width.ts';

// The API refuses pages past 1000; a hand-edited URL falls back to the first page.
function pageFrom(value: string | null): number {
  const page = Number(value ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 1000 ? page : 1;
}

function EmptyState({ tag, page }: { tag: string | undefined; page: number }) {
  let message = 'No posts yet. Check back soon.';
  if (page > 1) message = `There is no page ${page}.`;
  else if (tag) message = `No posts tagged “${tagLabel(tag)}” yet.`;
  return (
    <div className="rounded-xl border border-dashed border-slate-300 px-6 py-12 text-center">
      <p className="font-medium text-slate-900">{message}</p>
      {(tag || page > 1) && (
        <Link to="/blog" className={`${textLink} mt-3 inline-block`}>
          Show all posts
        </Link>
      )}
    </div>
  );
}

export function Component() {
  usePageTitle('Blog');
  useRssAlternate();
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const tag = params.get('tag') || undefined;
  const page = pageFrom(params.get('page'));
  const list = useAsync(`${tag ?? ''}|${page}`, (signal) => fetchBlogList({ page, tag }, signal));
  useScrollOnLoad(list.status === 'success', `${tag ?? ''}|${page}`, hash);
  const tags = list.latest?.tags ?? [];

  return (
    <div className={`${CONTENT_WIDTH} py-12 sm:py-16`}>
      <header className="flex flex-col gap-5 border-b border-slate-200 pb-8 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Blog</h1>
          <p className="mt-3 max-w-2xl text-lg leading-8 text-pretty text-slate-600">
            Product news, guides and engineering notes on building AI agents with Spoke and working
            with MCP servers.
          </p>
        </div>
        <div className="shrink-0">
          <RssLink />
        </div>
      </header>

      {tags.length > 0 ? (
        <div className="mt-8">
          <TagFilter tags={tags} selected={tag} />
        </div>
      ) : (
        list.status === 'loading' && <TagFilterSkeleton />
      )}

      <section aria-label={tag ? `Posts tagged ${tagLabel(tag)}` : 'Posts'} className="mt-8">
        {list.status === 'loading' && <ListSkeleton />}
        {list.status === 'error' && (
          <LoadError
            title="The posts could not be loaded"
            error={list.error}
            onRetry={list.retry}
          />
        )}
        {list.status === 'success' &&
          (list.data.posts.length === 0 ? (
            <EmptyState tag={tag} page={page} />
          ) : (
            <>
              <ul className="grid gap-5 lg:grid-cols-2">
                {list.data.posts.map((post) => (
                  <li key={post.slug}>
                    <PostCard post={post} />
                  </li>
                ))}
              </ul>
              <Pagination
                page={page}
                pageSize={list.data.page_size || BLOG_PAGE_SIZE}
                total={list.data.total}
                tag={tag}
              />
            </>
          ))}
      </section>
    </div>
  );
}

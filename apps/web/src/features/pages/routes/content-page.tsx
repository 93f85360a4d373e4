import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Markdown } from '../components/markdown.tsx';
import { PageOutline } from '../components/page-outline.tsx';
import { usePageTitle } from '#web/components/layout/use-page-title.ts';
import { loadContentPage } from '../loader/load-page.ts';
import { pageOutline } from '../loader/outline.ts';
import { CONTENT_WIDTH, READING_WIDTH } from '#web/components/layout/content-width.ts';

// Pages shorter than this read fine without a table of contents.
const OUTLINE_MIN_SECTIONS = 4;

// One module serves every path of content/pages/: the path names the file.
export async function loader({ request }: LoaderFunctionArgs) {
  const slug = new URL(request.url).pathname.replace(/^\/+|\/+$/g, '');
  const page = await loadContentPage(slug);
  if (!page) throw data(null, { status: 404 });
  return { ...page, outline: pageOutline(page.body) };
}

export function Component() {
  const page = useLoaderData<typeof loader>();
  usePageTitle(page.title);
  const showOutline = page.outline.length >= OUTLINE_MIN_SECTIONS;
  return (
    <article className={`${CONTENT_WIDTH} py-10 sm:py-16`}>
      <header className={`${READING_WIDTH} border-b border-slate-200 pb-8`}>
        <h1 className="text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
          {page.title}
        </h1>
        <p className="mt-3 text-lg leading-8 text-pretty text-slate-600">{page.description}</p>
      </header>
      <div className="mt-10 lg:grid lg:grid-cols-[minmax(0,48rem)_14rem] lg:justify-between lg:gap-12">
        <div className="min-w-0">
          <Markdown>{page.body}</Markdown>
        </div>
        {showOutline && (
          <aside className="hidden lg:block">
            <PageOutline entries={page.outline} />
          </aside>
        )}
      </div>
    </article>
  );
}

import { parsePage, type PageContent } from './front-matter.ts';

// Relative to this file: content/ sits at the repository root, inside Vite's default fs.allow
// (the workspace root), so neither an alias nor extra server config is needed.
const DIR = '../../../../../../content/pages/';

// Lazy and raw: each page's text is its own chunk, fetched only when that page opens.
const files = import.meta.glob<string>('../../../../../../content/pages/*.md', {
  query: '?raw',
  import: 'default',
});

/** The name errors and tests use for a page's file: `content/pages/<slug>.md`. */
export function pageFileName(slug: string): string {
  return `content/pages/${slug}.md`;
}

/** Every page found under content/pages/, by slug (file name without .md). */
export function contentPageSlugs(): string[] {
  return Object.keys(files)
    .map((key) => key.slice(DIR.length, -'.md'.length))
    .sort();
}

/** The parsed page, or null when no such file exists. Bad front matter throws. */
export async function loadContentPage(slug: string): Promise<PageContent | null> {
  const load = files[`${DIR}${slug}.md`];
  if (!load) return null;
  return parsePage(await load(), pageFileName(slug));
}

import { readdir } from 'node:fs/promises';
import path from 'node:path';

/** The folder of the build that holds the prerendered pages (scripts/prerender.ts). */
export const PAGES_DIR = 'pages';

/** The file, relative to the build, that holds the page at `pathname`: `/` is pages/index.html. */
export function pageFile(pathname: string): string {
  return `${PAGES_DIR}${pathname === '/' ? '/index' : pathname}.html`;
}

/** The address of every page prerendered into `dist`, from the files under dist/pages/. */
export async function prerenderedPaths(dist: string): Promise<string[]> {
  const dir = path.join(dist, PAGES_DIR);
  let files: string[];
  try {
    files = await readdir(dir, { recursive: true });
  } catch {
    return [];
  }
  return files
    .filter((file) => file.endsWith('.html'))
    .map((file) => {
      const page = `/${file.slice(0, -'.html'.length).split(path.sep).join('/')}`;
      return page === '/index' ? '/' : page;
    })
    .sort();
}

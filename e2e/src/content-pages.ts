import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Where the Markdown of the footer's content pages lives. */
export const pagesDir = path.join(root, 'content/pages');

/** The source of the web app's route table. */
export const routesSource = readFileSync(path.join(root, 'apps/web/src/app/routes.tsx'), 'utf8');

/**
 * The content pages the app declares (`CONTENT_PAGES` in routes.tsx), read from its source so
 * that a page added there is covered by every suite that visits them.
 */
export const CONTENT_PAGES: readonly string[] = [
  ...(/CONTENT_PAGES = \[([^\]]+)\]/.exec(routesSource)?.[1] ?? '').matchAll(/'([^']+)'/g),
].map((match) => match[1] ?? '');

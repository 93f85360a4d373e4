import { FrontMatterError, parseFrontMatter } from '@spoke/shared';

export { FrontMatterError };

export interface PageContent {
  title: string;
  description: string;
  /** Markdown after the front matter. */
  body: string;
}

const KEYS = ['title', 'description'];

function hasLevelOneHeading(body: string): boolean {
  let fenced = false;
  for (const line of body.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced && /^#\s/.test(line)) return true;
  }
  return false;
}

/**
 * A footer page: front matter with exactly `title` and `description`, and a body without its
 * own level-1 heading (the title is one). A mistake names the file instead of shipping a page
 * without a title.
 */
export function parsePage(source: string, file: string): PageContent {
  const fail = (problem: string): never => {
    throw new FrontMatterError(file, undefined, problem);
  };
  const { data, body: rawBody } = parseFrontMatter(source, file);
  for (const key of Object.keys(data)) {
    if (!KEYS.includes(key)) fail(`unknown key "${key}" (allowed: ${KEYS.join(', ')})`);
  }
  const text = (key: string): string => {
    const value = data[key];
    if (value === undefined) return fail(`missing "${key}"`);
    if (typeof value !== 'string') return fail(`"${key}" must be text, not a list`);
    if (value.trim() === '') return fail(`"${key}" is empty`);
    return value.trim();
  };
  const title = text('title');
  const description = text('description');
  const body = rawBody.trim();
  if (body === '') fail('has no body after the front matter');
  if (hasLevelOneHeading(body)) fail('the body must not have a level-1 heading: the title is one');
  return { title, description, body };
}

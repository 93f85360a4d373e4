import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BlogPostMetaSchema, parseFrontMatter, readingMinutes, type BlogPost } from '@spoke/shared';
import type { WebRouteMatch } from '@spoke/shared/web-routes';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export class ContentError extends Error {
  override name = 'ContentError';
}

/**
 * Reads every `<slug>.md` under `dir`, newest first. A file that breaks a rule stops the
 * start with a message naming the file and the rule, never a blank page later.
 */
export function loadBlogPosts(dir: string): BlogPost[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.md'));
  } catch {
    throw new ContentError(`Blog content folder not found: ${dir}`);
  }
  const posts = files.map((file) => {
    const where = path.join(dir, file);
    const slug = file.slice(0, -'.md'.length);
    if (!SLUG.test(slug)) {
      throw new ContentError(`${where}: file name must be a kebab-case slug (a-z, 0-9, -)`);
    }
    const { data, body } = parseFrontMatter(readFileSync(where, 'utf8'), where);
    const meta = BlogPostMetaSchema.safeParse(data);
    if (!meta.success) {
      const problems = meta.error.issues.map(
        (i) => `${i.path.join('.') || 'front matter'}: ${i.message}`,
      );
      throw new ContentError(`${where}: ${problems.join('; ')}`);
    }
    if (!body.trim()) throw new ContentError(`${where}: the post has no text`);
    return { slug, ...meta.data, body, reading_minutes: readingMinutes(body) };
  });
  return posts.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
}

/** The web app's addresses of a post: its page, and the older one under /app that leads there. */
const POST_PATTERNS = ['/blog/:slug', '/app/blog/:slug'];

/** For the web app's pages: a post's address is a page while the post exists, else a 404. */
export function postPageExists(posts: readonly BlogPost[]): (match: WebRouteMatch) => boolean {
  const slugs = new Set(posts.map((post) => post.slug));
  return ({ pattern, params }) => !POST_PATTERNS.includes(pattern) || slugs.has(params.slug ?? '');
}

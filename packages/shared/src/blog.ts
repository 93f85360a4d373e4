import * as z from 'zod/mini';

export const BLOG_TAGS = [
  'announcements',
  'agents',
  'mcp',
  'registry',
  'cli',
  'security',
  'engineering',
] as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What a post's front matter must hold. */
export const BlogPostMetaSchema = z.object({
  title: z.string().check(z.trim(), z.minLength(1, 'title is required')),
  date: z.string().check(
    z.regex(ISO_DATE, 'date must be YYYY-MM-DD'),
    z.refine((d) => !Number.isNaN(Date.parse(d)), 'date is not a real date'),
  ),
  author: z.string().check(z.trim(), z.minLength(1, 'author is required')),
  summary: z.string().check(z.trim(), z.minLength(1, 'summary is required')),
  tags: z.array(z.enum(BLOG_TAGS, { error: `tags must be among ${BLOG_TAGS.join(', ')}` })),
});
export type BlogPostMeta = z.infer<typeof BlogPostMetaSchema>;

export const BlogPostSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  date: z.string(),
  author: z.string(),
  summary: z.string(),
  tags: z.array(z.string()),
  reading_minutes: z.number(),
});
export type BlogPostSummary = z.infer<typeof BlogPostSummarySchema>;

export const BlogPostSchema = z.object({
  ...BlogPostSummarySchema.shape,
  /** Markdown. */
  body: z.string(),
});
export type BlogPost = z.infer<typeof BlogPostSchema>;

export const BlogListSchema = z.object({
  posts: z.array(BlogPostSummarySchema),
  page: z.number(),
  page_size: z.number(),
  total: z.number(),
  tags: z.array(z.object({ tag: z.string(), count: z.number() })),
});
export type BlogList = z.infer<typeof BlogListSchema>;

export const BlogListQuerySchema = z.object({
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1000))),
  page_size: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(50))),
  tag: z.optional(z.string().check(z.maxLength(50))),
});

export const BLOG_PAGE_SIZE = 10;
/** Reading time at 200 words a minute, at least one minute. */
export function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / 200));
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  BLOG_PAGE_SIZE,
  BlogListQuerySchema,
  BlogListSchema,
  BlogPostSchema,
  ErrorCode,
  envelope,
  type BlogPost,
} from '@spoke/shared';
import { AppError } from '../../errors.ts';
import { rssFeed } from './rss.ts';

const summary = ({ body: _body, ...rest }: BlogPost) => rest;

/** `GET /api/blog`, `GET /api/blog/:slug` and the feed at `/blog/rss.xml`. */
export const blogRoutes: FastifyPluginAsyncZod<{
  posts: readonly BlogPost[];
  appUrl: string;
}> = async (app, { posts, appUrl }) => {
  const counts = new Map<string, number>();
  for (const post of posts)
    for (const tag of post.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  const tags = [...counts]
    .map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => a.tag.localeCompare(b.tag));
  const bySlug = new Map(posts.map((p) => [p.slug, p]));
  const feed = rssFeed(posts.map(summary), appUrl);

  app.get(
    '/api/blog',
    { schema: { querystring: BlogListQuerySchema, response: { 200: envelope(BlogListSchema) } } },
    async (request) => {
      const { page = 1, page_size = BLOG_PAGE_SIZE, tag } = request.query;
      const matching = tag ? posts.filter((p) => p.tags.includes(tag)) : posts;
      const start = (page - 1) * page_size;
      return {
        data: {
          posts: matching.slice(start, start + page_size).map(summary),
          page,
          page_size,
          total: matching.length,
          tags,
        },
      };
    },
  );

  app.get(
    '/api/blog/:slug',
    {
      schema: {
        params: z.object({ slug: z.string().check(z.maxLength(200)) }),
        response: { 200: envelope(z.object({ post: BlogPostSchema })) },
      },
    },
    async (request) => {
      const post = bySlug.get(request.params.slug);
      if (!post) throw new AppError(404, ErrorCode.NOT_FOUND);
      return { data: { post } };
    },
  );

  app.get('/blog/rss.xml', async (_request, reply) =>
    reply
      .header('content-type', 'application/rss+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(feed),
  );
};

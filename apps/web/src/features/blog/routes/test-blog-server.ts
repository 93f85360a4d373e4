import type { ServerResponse } from 'node:http';
import type { BlogPost } from '@spoke/shared';
import { sendJson, type RecordedRequest } from '#web/test/test-server.ts';

export function samplePost(n: number, extra: Partial<BlogPost> = {}): BlogPost {
  const day = String(28 - n).padStart(2, '0');
  return {
    slug: `post-${n}`,
    title: `Post number ${n}`,
    date: `2026-10-${day}`,
    author: 'Spoke Engineering',
    summary: `What post ${n} is about.`,
    tags: n % 2 === 0 ? ['cli', 'mcp'] : ['agents'],
    reading_minutes: n + 1,
    body: `Intro of post ${n}.\n\n## First part\n\n\`\`\`sh\nspoke list\n\`\`\`\n`,
    ...extra,
  };
}

/** Answers the blog API the way the server does, from `posts` (newest first). */
export function blogApi(posts: BlogPost[]) {
  return (req: RecordedRequest, res: ServerResponse) => {
    const url = new URL(req.path, 'http://test');
    if (url.pathname === '/api/blog') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const pageSize = Number(url.searchParams.get('page_size') ?? 10);
      const tag = url.searchParams.get('tag');
      const matching = tag ? posts.filter((p) => p.tags.includes(tag)) : posts;
      const counts = new Map<string, number>();
      for (const p of posts) for (const t of p.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
      return sendJson(res, 200, {
        data: {
          posts: matching
            .slice((page - 1) * pageSize, page * pageSize)
            .map(({ body: _body, ...summary }) => summary),
          page,
          page_size: pageSize,
          total: matching.length,
          tags: [...counts].sort().map(([t, count]) => ({ tag: t, count })),
        },
      });
    }
    const slug = /^\/api\/blog\/([^/]+)$/.exec(url.pathname)?.[1];
    const post = posts.find((p) => p.slug === decodeURIComponent(slug ?? ''));
    if (post) return sendJson(res, 200, { data: { post } });
    return sendJson(res, 404, {
      error: { message: 'The requested resource was not found.', code: 'NOT_FOUND' },
    });
  };
}

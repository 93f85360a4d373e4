import { BlogListSchema, BlogPostSchema, type BlogList, type BlogPost } from '@spoke/shared';
import * as z from 'zod/mini';
import { api } from '#web/lib/api/client.ts';

const PostResultSchema = z.object({ post: BlogPostSchema });

export interface BlogListQuery {
  page?: number | undefined;
  pageSize?: number | undefined;
  tag?: string | undefined;
}

export function fetchBlogList(query: BlogListQuery, signal?: AbortSignal): Promise<BlogList> {
  const params = new URLSearchParams();
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.pageSize) params.set('page_size', String(query.pageSize));
  if (query.tag) params.set('tag', query.tag);
  const search = params.toString();
  return api.get(`/api/blog${search ? `?${search}` : ''}`, BlogListSchema, { signal });
}

export async function fetchBlogPost(slug: string, signal?: AbortSignal): Promise<BlogPost> {
  const { post } = await api.get(`/api/blog/${encodeURIComponent(slug)}`, PostResultSchema, {
    signal,
  });
  return post;
}

import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client.ts';

let current: { userId: string | null; client: QueryClient } | null = null;

/**
 * One cache per signed-in user: it survives moving between pages, and a sign-out or another user
 * starts from an empty one, so nobody sees answers fetched for someone else. Signing in keeps
 * the visitor's cache: it holds nothing private, and a page that signs in (the Google callback)
 * must keep its own query.
 */
export function queryClientFor(userId: string | null): QueryClient {
  if (current === null || (current.userId !== null && current.userId !== userId)) {
    current?.client.clear();
    current = { userId, client: createQueryClient() };
  } else if (current.userId === null) {
    current.userId = userId;
  }
  return current.client;
}

/** Drops the cache; tests start each case from an empty one. */
export function forgetQueryClients(): void {
  current?.client.clear();
  current = null;
}

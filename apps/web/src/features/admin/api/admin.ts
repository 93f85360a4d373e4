import {
  AdminUserListSchema,
  AdminUserResultSchema,
  ContactMessageListSchema,
  type AdminUser,
  type AdminUserPatch,
} from '@spoke/shared';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import type { ApiError } from '#web/lib/api/api-error.ts';
import { api } from '#web/lib/api/client.ts';

export const ADMIN_PAGE_SIZE = 20;

function pagePath(path: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  return `${path}?${search.toString()}`;
}

export const adminUsersKey = ['admin', 'users'] as const;

export function adminUsersQueryOptions(search: string) {
  return infiniteQueryOptions({
    queryKey: [...adminUsersKey, search],
    queryFn: ({ pageParam, signal }) =>
      api.get(
        pagePath('/api/admin/users', {
          search: search || undefined,
          limit: String(ADMIN_PAGE_SIZE),
          cursor: pageParam ?? undefined,
        }),
        AdminUserListSchema,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
}

export function useAdminUsers(search: string) {
  return useInfiniteQuery(adminUsersQueryOptions(search));
}

type UserPages = InfiniteData<{ users: AdminUser[]; next_cursor: string | null }>;

/** Changes a user's admin flag or plan, and shows the answer in every loaded list at once. */
export function useUpdateUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation<AdminUser, ApiError, AdminUserPatch>({
    mutationFn: async (patch) =>
      (
        await api.request(`/api/admin/users/${encodeURIComponent(id)}`, AdminUserResultSchema, {
          method: 'PATCH',
          body: patch,
        })
      ).user,
    onSuccess: (user) => {
      queryClient.setQueriesData<UserPages>({ queryKey: adminUsersKey }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                users: page.users.map((each) => (each.id === user.id ? user : each)),
              })),
            }
          : data,
      );
    },
  });
}

export function useContactMessages() {
  return useInfiniteQuery({
    queryKey: ['admin', 'contact-messages'],
    queryFn: ({ pageParam, signal }) =>
      api.get(
        pagePath('/api/admin/contact-messages', {
          limit: String(ADMIN_PAGE_SIZE),
          cursor: pageParam ?? undefined,
        }),
        ContactMessageListSchema,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
}

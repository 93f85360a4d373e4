import type { SessionInfo } from '@spoke/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Monitor } from 'lucide-react';
import { Alert } from '#web/components/alert.tsx';
import { secondaryButton } from '#web/components/button-styles.ts';
import { PageLoading } from '#web/components/page-loading.tsx';
import type { ApiError } from '#web/lib/api/api-error.ts';
import { useSignOut } from '#web/components/layout/use-sign-out.ts';
import { revokeSession, sessionsQueryKey, useSessions } from '../api/account.ts';
import { describeUserAgent } from '../user-agent.ts';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

export function SessionList() {
  const sessions = useSessions();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const revoke = useMutation<unknown, ApiError, SessionInfo>({
    mutationFn: (session) => revokeSession(session.id),
    onSuccess: async (_result, session) => {
      // This browser's own session is gone on the server: end it here too.
      if (session.current) return signOut();
      await queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    },
  });

  if (sessions.isPending) return <PageLoading />;
  if (sessions.isError) {
    return (
      <div className="space-y-3">
        <Alert>{sessions.error.message}</Alert>
        <button type="button" className={secondaryButton} onClick={() => void sessions.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  // This device first, then the most recent.
  const list = [...sessions.data].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.created_at.localeCompare(a.created_at),
  );

  return (
    <div className="space-y-3">
      {revoke.error && <Alert>{revoke.error.message}</Alert>}
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
        {list.map((session) => {
          const device = describeUserAgent(session.user_agent);
          const busy = revoke.isPending && revoke.variables.id === session.id;
          return (
            <li key={session.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
              <Monitor aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                  {device}
                  {session.current && (
                    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                      This device
                    </span>
                  )}
                </p>
                <p className="text-sm text-slate-600">
                  Signed in {when(session.created_at)}
                  {session.ip_address && <> · {session.ip_address}</>} · Expires{' '}
                  {when(session.expires_at)}
                </p>
              </div>
              <button
                type="button"
                className={`${secondaryButton} py-1.5`}
                disabled={revoke.isPending}
                aria-label={
                  session.current ? 'Revoke this device (signs you out)' : `Revoke ${device}`
                }
                onClick={() => revoke.mutate(session)}
              >
                {busy ? 'Revoking...' : 'Revoke'}
              </button>
            </li>
          );
        })}
      </ul>
      <p className="text-sm text-slate-600">
        Revoking a session signs that device out. Revoking this device signs you out here.
      </p>
    </div>
  );
}

import type { ApiToken } from '@spoke/shared';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { secondaryButton } from '#web/components/button-styles.ts';
import { useRevokeToken, useTokens } from '../api/tokens.ts';
import { formatDateTime } from '../format.ts';
import { ListPlaceholder } from './list-placeholder.tsx';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { RetryError } from '#web/components/retry-error.tsx';

export function TokenList({ fallbackFocus }: { fallbackFocus: () => HTMLElement | null }) {
  const tokens = useTokens();
  const revoke = useRevokeToken();
  const [asking, setAsking] = useState<ApiToken | null>(null);

  // As tall as "You have no API tokens yet."
  if (tokens.isPending)
    return <ListPlaceholder label="Loading tokens..." className="h-[4.375rem]" />;
  if (tokens.isError) {
    return <RetryError message={tokens.error.message} onRetry={() => void tokens.refetch()} />;
  }
  if (tokens.data.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
        You have no API tokens yet.
      </p>
    );
  }

  function close() {
    setAsking(null);
    revoke.reset();
  }

  return (
    <>
      <ul
        aria-label="API tokens"
        className="divide-y divide-slate-200 rounded-xl border border-slate-200"
      >
        {tokens.data.map((token) => (
          <li key={token.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
            <KeyRound
              aria-hidden="true"
              className="hidden size-5 shrink-0 text-slate-500 sm:block"
            />
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 font-medium break-all text-slate-900">
                {token.name}
                {token.scopes.map((scope) => (
                  <code
                    key={scope}
                    className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs font-normal text-slate-700"
                  >
                    {scope}
                  </code>
                ))}
              </p>
              <p className="text-sm text-slate-600">
                Created <time dateTime={token.created_at}>{formatDateTime(token.created_at)}</time>{' '}
                · Last used{' '}
                {token.last_used_at ? (
                  <time dateTime={token.last_used_at}>{formatDateTime(token.last_used_at)}</time>
                ) : (
                  'never'
                )}
              </p>
            </div>
            <button
              type="button"
              className={`${secondaryButton} py-1.5`}
              aria-label={`Revoke token ${token.name}`}
              onClick={() => setAsking(token)}
            >
              Revoke
            </button>
          </li>
        ))}
      </ul>
      {asking && (
        <ConfirmDialog
          title={`Revoke token “${asking.name}”?`}
          confirmLabel="Revoke token"
          busyLabel="Revoking..."
          busy={revoke.isPending}
          error={revoke.error?.message ?? null}
          onCancel={close}
          onConfirm={() => revoke.mutate(asking, { onSuccess: close })}
          fallbackFocus={fallbackFocus}
        >
          Anything that uses it — spoke on a laptop, a CI job — gets “unauthorized” from then on.
          This cannot be undone; you can create a new token at any time.
        </ConfirmDialog>
      )}
    </>
  );
}

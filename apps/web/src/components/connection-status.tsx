import { CLIENT_ERROR_MESSAGES, QUERY_MAX_RETRIES } from '@spoke/shared';
import { useQueryClient, type QueryCache } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { Alert } from './alert.tsx';

/** What to say while a data query waits on the network or the server, or null. */
function waitingText(cache: QueryCache): string | null {
  let retrying: { count: number; reason: string } | null = null;
  for (const { state } of cache.getAll()) {
    // The browser knows it is offline: the query waits to be back online, then runs.
    if (state.fetchStatus === 'paused') {
      return `${CLIENT_ERROR_MESSAGES.CONNECTION_ERROR} Waiting for the connection...`;
    }
    // Its last attempt failed and it is tried again (never after a 4xx).
    if (state.fetchStatus === 'fetching' && state.fetchFailureCount > 0 && !retrying) {
      const reason = state.fetchFailureReason;
      retrying = {
        count: state.fetchFailureCount,
        reason: reason instanceof Error ? reason.message : CLIENT_ERROR_MESSAGES.UNKNOWN_ERROR,
      };
    }
  }
  if (!retrying) return null;
  return `${retrying.reason} Trying again (${retrying.count} of ${QUERY_MAX_RETRIES})...`;
}

/**
 * While a data query is tried again after the server did not answer (or failed), or waits for
 * the browser to be back online, says so, rather than leaving a spinner that could as well mean
 * a slow answer. Once the retries are spent, the screen shows the error with its own retry.
 */
export function ConnectionStatus() {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const text = useSyncExternalStore(subscribe, () => waitingText(cache));
  if (text === null) return null;
  return (
    <div className="mx-auto max-w-6xl px-4 pt-4">
      <Alert tone="info" role="status">
        {text}
      </Alert>
    </div>
  );
}

import { useCallback, useEffect, useEffectEvent, useState } from 'react';

export type AsyncState<T> =
  { status: 'loading' } | { status: 'success'; data: T } | { status: 'error'; error: unknown };

export type AsyncResult<T> = AsyncState<T> & {
  /** The most recent data for any key, to keep showing while the next key loads. */
  latest: T | undefined;
  retry: () => void;
};

/**
 * Runs `load` when `key` changes and on retry; a newer run cancels the older one, so a slow answer
 * for the previous page never replaces the current one.
 */
export function useAsync<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
): AsyncResult<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{
    key: string;
    attempt: number;
    value: AsyncState<T>;
    latest: T | undefined;
  }>({ key, attempt, value: { status: 'loading' }, latest: undefined });

  const run = useEffectEvent((signal: AbortSignal) => load(signal));

  useEffect(() => {
    const controller = new AbortController();
    run(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) {
          setState({ key, attempt, value: { status: 'success', data }, latest: data });
        }
      },
      (error: unknown) => {
        if (!controller.signal.aborted) {
          setState((previous) => ({
            key,
            attempt,
            value: { status: 'error', error },
            latest: previous.latest,
          }));
        }
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // A result for another key or an older attempt is stale: show loading until the new one lands.
  const current = state.key === key && state.attempt === attempt;
  return { ...(current ? state.value : { status: 'loading' }), latest: state.latest, retry };
}

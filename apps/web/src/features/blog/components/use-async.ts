import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { prerenderedAnswer, requestPrerenderAnswer } from '#web/prerender/state.ts';

export type AsyncState<T> =
  { status: 'loading' } | { status: 'success'; data: T } | { status: 'error'; error: unknown };

export type AsyncResult<T> = AsyncState<T> & {
  /** The most recent data for any key, to keep showing while the next key loads. */
  latest: T | undefined;
  retry: () => void;
};

/**
 * Runs `load` when `key` changes and on retry; a newer run cancels the older one, so a slow answer
 * for the previous page never replaces the current one. A page prerendered at build time starts
 * with the answer it was rendered with (src/prerender/state.ts) and does not ask again.
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
  }>(() => {
    const known = prerenderedAnswer<T>(key);
    if (!known) return { key, attempt, value: { status: 'loading' }, latest: undefined };
    return { key, attempt, value: { status: 'success', data: known.value }, latest: known.value };
  });
  // Server only: the prerenderer answers the request, then renders the page again.
  requestPrerenderAnswer(key, load);

  const run = useEffectEvent((signal: AbortSignal) => load(signal));

  useEffect(() => {
    if (attempt === 0 && prerenderedAnswer(key)) return;
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
  // A result for another key or an older attempt is stale: show loading until the new one lands,
  // unless the prerendered page came with the answer.
  const current = state.key === key && state.attempt === attempt;
  const known = !current && attempt === 0 ? prerenderedAnswer<T>(key) : undefined;
  if (known) return { status: 'success', data: known.value, latest: known.value, retry };
  return { ...(current ? state.value : { status: 'loading' }), latest: state.latest, retry };
}

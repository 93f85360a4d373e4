import { useCallback, useEffect, useRef } from 'react';

/**
 * `run(value)` once calls have paused for `delayMs`; `cancel()` drops a pending call. One
 * address change per pause in typing, not one per key.
 */
export function useDebouncedCallback<T>(callback: (value: T) => void, delayMs: number) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const run = useCallback(
    (value: T) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => latest.current(value), delayMs);
    },
    [delayMs],
  );
  const cancel = useCallback(() => clearTimeout(timer.current), []);
  return { run, cancel };
}

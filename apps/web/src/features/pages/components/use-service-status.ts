import { useCallback, useEffect, useRef, useState } from 'react';
import { checkServiceStatus, type ServiceStatus } from '../api/service-status.ts';

export const STATUS_REFRESH_MS = 30_000;

/**
 * Checks the service now and then every `refreshMs` while the tab is visible. A hidden tab
 * stops asking; when it is shown again, a check that has fallen due runs at once.
 */
export function useServiceStatus(refreshMs = STATUS_REFRESH_MS) {
  const [status, setStatus] = useState<ServiceStatus | null>(null);
  const [checking, setChecking] = useState(false);
  const runRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | undefined;
    let lastChecked = 0;

    async function run() {
      clearTimeout(timer);
      controller?.abort();
      const current = new AbortController();
      controller = current;
      setChecking(true);
      try {
        const next = await checkServiceStatus(current.signal);
        if (!current.signal.aborted) setStatus(next);
      } catch {
        // Aborted by a newer check or by leaving the page; failed calls are part of the answer.
      } finally {
        // A newer check owns the state from here.
        if (!current.signal.aborted) {
          setChecking(false);
          lastChecked = Date.now();
          if (!document.hidden) timer = setTimeout(run, refreshMs);
        }
      }
    }

    function onVisibilityChange() {
      clearTimeout(timer);
      if (document.hidden) return;
      const due = lastChecked + refreshMs - Date.now();
      if (due <= 0) void run();
      else timer = setTimeout(run, due);
    }

    runRef.current = () => void run();
    void run();
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      clearTimeout(timer);
      controller?.abort();
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [refreshMs]);

  const refresh = useCallback(() => runRef.current(), []);
  return { status, checking, refresh };
}

import { CircleCheck, CircleX, RefreshCw, TriangleAlert } from 'lucide-react';
import { secondaryButton } from '#web/components/button-styles.ts';
import { Spinner } from '#web/components/spinner.tsx';
import {
  OVERALL_TEXT,
  overallStatus,
  type Overall,
  type ServiceStatus,
} from '../api/service-status.ts';
import { formatUptime } from './format-uptime.ts';
import { StatusComponents } from './status-components.tsx';
import { STATUS_REFRESH_MS, useServiceStatus } from './use-service-status.ts';

const TONE: Record<Overall, { box: string; icon: typeof CircleCheck; iconColor: string }> = {
  operational: {
    box: 'border-green-200 bg-green-50 text-green-900',
    icon: CircleCheck,
    iconColor: 'text-green-600',
  },
  degraded: {
    box: 'border-amber-200 bg-amber-50 text-amber-900',
    icon: TriangleAlert,
    iconColor: 'text-amber-600',
  },
  unreachable: {
    box: 'border-red-200 bg-red-50 text-red-900',
    icon: CircleX,
    iconColor: 'text-red-600',
  },
};

function problemOf(status: ServiceStatus): string | null {
  if (!status.health.ok) return status.health.error.message;
  if (!status.ready.ok) return status.ready.error.message;
  return null;
}

export function StatusPanel({ refreshMs = STATUS_REFRESH_MS }: { refreshMs?: number }) {
  const { status, checking, refresh } = useServiceStatus(refreshMs);
  const overall = status ? overallStatus(status) : null;
  const tone = overall ? TONE[overall] : null;
  const Icon = tone?.icon ?? CircleCheck;
  const problem = status ? problemOf(status) : null;
  const health = status?.health.ok ? status.health.data : null;

  return (
    <div className="space-y-6">
      <section
        aria-label="Overall status"
        className={`rounded-2xl border p-5 sm:p-6 ${tone?.box ?? 'border-slate-200 bg-white text-slate-900'}`}
      >
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-start gap-3">
            {tone ? (
              <Icon aria-hidden="true" className={`mt-0.5 size-7 shrink-0 ${tone.iconColor}`} />
            ) : (
              <Spinner className="mt-0.5 size-7 shrink-0 text-slate-500" />
            )}
            <div>
              {/* Announces only when the words change, not on every quiet re-check. */}
              <p role="status" aria-live="polite" className="text-xl font-semibold">
                {overall ? OVERALL_TEXT[overall] : 'Checking status...'}
              </p>
              {problem && <p className="mt-1 text-sm">{problem}</p>}
              {status && (
                <p className="mt-1 text-sm opacity-90">
                  Last checked{' '}
                  <time dateTime={status.checkedAt.toISOString()}>
                    {status.checkedAt.toLocaleTimeString()}
                  </time>
                </p>
              )}
            </div>
          </div>
          <button
            type="button"
            onClick={refresh}
            disabled={checking}
            aria-busy={checking}
            className={`${secondaryButton} shrink-0`}
          >
            {checking ? <Spinner /> : <RefreshCw aria-hidden="true" className="size-4" />}
            {checking ? 'Checking...' : 'Refresh'}
          </button>
        </div>
      </section>

      {status && <StatusComponents status={status} />}

      <dl className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:grid-cols-2 sm:p-6">
        <div>
          <dt className="text-sm text-slate-600">Version</dt>
          <dd className="mt-1 font-mono text-base text-slate-900">{health?.version ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-600">Uptime</dt>
          <dd className="mt-1 text-base text-slate-900">
            {health ? formatUptime(health.uptime) : '—'}
          </dd>
        </div>
      </dl>
    </div>
  );
}

import type { ServiceStatus } from '../api/service-status.ts';

type State = 'up' | 'down' | 'unknown';

const LABEL: Record<State, string> = {
  up: 'Operational',
  down: 'Unavailable',
  unknown: 'Unknown',
};

const DOT: Record<State, string> = {
  up: 'bg-green-500',
  down: 'bg-red-500',
  unknown: 'bg-slate-400',
};

/** One row per part of the service, so a problem points at the part that has it. */
export function StatusComponents({ status }: { status: ServiceStatus }) {
  const api: State = status.health.ok ? 'up' : 'down';
  // Without the API nothing can be said about the database behind it.
  const database: State = !status.health.ok ? 'unknown' : status.ready.ok ? 'up' : 'down';
  const rows = [
    { name: 'API', detail: 'Web app, sign-in and agents', state: api },
    { name: 'Database', detail: 'Accounts, sessions and messages', state: database },
  ];
  return (
    <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {rows.map((row) => (
        <li key={row.name} className="flex items-center justify-between gap-4 px-5 py-4 sm:px-6">
          <div>
            <p className="font-medium text-slate-900">{row.name}</p>
            <p className="text-sm text-slate-600">{row.detail}</p>
          </div>
          <p className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <span aria-hidden="true" className={`size-2.5 rounded-full ${DOT[row.state]}`} />
            {LABEL[row.state]}
          </p>
        </li>
      ))}
    </ul>
  );
}

import {
  SERVER_STATUSES,
  TRUST_LEVELS,
  type AdminRegistryServer,
  type ServerStatus,
  type TrustLevel,
} from '@spoke/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { textLink } from '#web/components/button-styles.ts';
import { Spinner } from '#web/components/spinner.tsx';
import { useModerateServer } from '../api/registry.ts';

export const TRUST_NAMES: Record<TrustLevel, string> = {
  trusted: 'Trusted',
  verified: 'Verified',
  unverified: 'Unverified',
};
export const STATUS_NAMES: Record<ServerStatus, string> = {
  active: 'Active',
  deprecated: 'Deprecated',
  deleted: 'Deleted',
};

const selectClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-blue-600 focus:ring-2 focus:ring-blue-600/20 focus:outline-none disabled:opacity-60';
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const countFormat = new Intl.NumberFormat('en-US');

function day(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** Where the server came from: its publisher, the catalog, or the upstream it mirrors. */
function origin(server: AdminRegistryServer): string {
  if (server.origin === 'mirror') {
    return server.upstream ? `Mirrored from ${server.upstream}` : 'Mirrored';
  }
  return server.owner ? `Published by @${server.owner}` : 'Catalog';
}

export function RegistryServerRow({ server }: { server: AdminRegistryServer }) {
  // One change of each kind at a time; the selects stay enabled, so focus never drops.
  const setTrust = useModerateServer(server.name);
  const setStatus = useModerateServer(server.name);
  const trustId = useId();
  const statusId = useId();
  const errorId = useId();
  // The chosen value shows while it is saved, and falls back if saving fails.
  const trust = (setTrust.isPending && setTrust.variables.trust_level) || server.trust_level;
  const status = (setStatus.isPending && setStatus.variables.status) || server.status;
  const saving = setTrust.isPending || setStatus.isPending;
  const failed = setTrust.error ?? setStatus.error;
  const error = failed?.fields?.trust_level ?? failed?.fields?.status ?? failed?.message;
  const path = `/app/workspace/registry/${server.name.split('/').map(encodeURIComponent).join('/')}`;

  return (
    <li className="grid gap-3 px-4 py-4 md:grid-cols-[minmax(0,1fr)_10rem_10rem] md:items-center">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <Link to={path} className={`${textLink} font-mono text-sm break-all`}>
            {server.name}
          </Link>
          {server.status !== 'active' && (
            <span className="rounded-full bg-orange-100 px-2 py-0.5 text-xs font-semibold text-orange-900">
              {STATUS_NAMES[server.status]}
            </span>
          )}
        </p>
        <p className="mt-0.5 text-sm text-slate-700">{server.description}</p>
        <p className="mt-0.5 text-xs text-slate-600">
          v{server.latest_version} · {server.version_count}{' '}
          {server.version_count === 1 ? 'version' : 'versions'} · {origin(server)} ·{' '}
          {countFormat.format(server.download_count)} downloads · Updated {day(server.updated_at)}
        </p>
        {saving && (
          <p role="status" className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
            <Spinner /> Saving...
          </p>
        )}
        {failed && !saving && (
          <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <div>
        <label
          htmlFor={trustId}
          className="mb-1 block text-xs font-medium text-slate-600 md:sr-only"
        >
          Trust level<span className="sr-only"> for {server.name}</span>
        </label>
        <select
          id={trustId}
          value={trust}
          aria-describedby={failed ? errorId : undefined}
          onChange={(event) => {
            if (setStatus.isError) setStatus.reset();
            setTrust.mutate({ trust_level: event.target.value as TrustLevel });
          }}
          className={selectClass}
        >
          {TRUST_LEVELS.map((level) => (
            <option key={level} value={level}>
              {TRUST_NAMES[level]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label
          htmlFor={statusId}
          className="mb-1 block text-xs font-medium text-slate-600 md:sr-only"
        >
          Status<span className="sr-only"> for {server.name}</span>
        </label>
        <select
          id={statusId}
          value={status}
          aria-describedby={failed ? errorId : undefined}
          onChange={(event) => {
            if (setTrust.isError) setTrust.reset();
            setStatus.mutate({ status: event.target.value as ServerStatus });
          }}
          className={selectClass}
        >
          {SERVER_STATUSES.map((each) => (
            <option key={each} value={each}>
              {STATUS_NAMES[each]}
            </option>
          ))}
        </select>
      </div>
    </li>
  );
}

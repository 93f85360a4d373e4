import type { ServerDetail } from '@spoke/shared';
import { Globe } from 'lucide-react';
import { EnvVarList } from './env-var-list.tsx';

type Remote = NonNullable<ServerDetail['remotes']>[number];

export function RemoteList({ remotes }: { remotes: Remote[] }) {
  return (
    <ul className="space-y-3">
      {remotes.map((remote, index) => (
        <li
          key={`${remote.type}:${remote.url ?? index}`}
          className="rounded-lg border border-slate-200 p-4"
        >
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <Globe aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
            <span className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800">
              {remote.type}
            </span>
            {/* Shown, not linked: it is an MCP endpoint, not a page to open. */}
            {remote.url && <code className="font-mono break-all text-slate-900">{remote.url}</code>}
          </p>
          {remote.headers && remote.headers.length > 0 && (
            <div className="mt-3">
              <h3 className="mb-2 text-sm font-semibold text-slate-800">Headers</h3>
              <EnvVarList
                vars={remote.headers}
                label={`Headers for ${remote.url ?? remote.type}`}
              />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

import type { ServerPackage } from '@spoke/shared';
import { Package } from 'lucide-react';
import type { ReactNode } from 'react';
import { EnvVarList } from './env-var-list.tsx';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-slate-600">{term}</dt>
      <dd className="font-mono break-all text-slate-900">{children}</dd>
    </div>
  );
}

export function PackageList({ packages }: { packages: ServerPackage[] }) {
  if (packages.length === 0) {
    return <p className="text-sm text-slate-600">This server lists no packages.</p>;
  }
  return (
    <ul className="space-y-4">
      {packages.map((pkg) => (
        <li
          key={`${pkg.registryType}:${pkg.identifier}@${pkg.version}`}
          className="rounded-lg border border-slate-200 p-3 sm:p-4"
        >
          <h3 className="flex items-center gap-2 font-mono text-sm font-semibold break-all text-slate-900">
            <Package aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
            {pkg.identifier}
          </h3>
          <dl className="mt-3 grid gap-1.5 text-sm sm:grid-cols-2">
            <Fact term="Registry type">{pkg.registryType}</Fact>
            <Fact term="Version">{pkg.version}</Fact>
            <Fact term="Transport">
              {pkg.transport.type}
              {pkg.transport.url && ` · ${pkg.transport.url}`}
            </Fact>
            {pkg.runtimeHint && <Fact term="Runtime">{pkg.runtimeHint}</Fact>}
          </dl>
          {pkg.environmentVariables && pkg.environmentVariables.length > 0 && (
            <div className="mt-4">
              <h4 className="text-sm font-semibold text-slate-800">Environment variables</h4>
              <p className="mt-0.5 mb-2 text-xs text-slate-600">
                spoke asks for these when it installs the server; secrets go to your secret store,
                never to a config file.
              </p>
              <EnvVarList
                vars={pkg.environmentVariables}
                label={`Environment variables of ${pkg.identifier}`}
              />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

import { NamespaceGrants } from './namespace-grants.tsx';
import { RegistryServers } from './registry-servers.tsx';
import { RegistryUpstreams } from './registry-upstreams.tsx';

export function RegistryPanel() {
  return (
    <div className="space-y-10">
      <section aria-labelledby="moderation-heading">
        <h2 id="moderation-heading" className="text-lg font-semibold text-slate-900">
          Servers
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-600">
          Review what is listed: set a trust level, deprecate a server that is no longer maintained,
          or delete one to hide it from the registry.
        </p>
        <RegistryServers />
      </section>
      <section aria-labelledby="grants-heading">
        <h2 id="grants-heading" className="text-lg font-semibold text-slate-900">
          Namespace grants
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-600">
          Let a user publish under a namespace such as a company's <code>com.example</code>, in
          addition to their own <code>dev.spoke.&lt;username&gt;</code>.
        </p>
        <NamespaceGrants />
      </section>
      <RegistryUpstreams />
    </div>
  );
}

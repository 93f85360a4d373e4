import { findWorkspace, loadLock, loadWorkspace, requireWorkspace } from '../config/workspace.ts';
import type { CommandContext } from '../context.ts';
import { CliError, failure } from '../errors.ts';
import { policyRefusals } from '../policy/policy.ts';
import { lookupServer, versionsOf, type Listing } from '../registry/lookup.ts';
import { npmPackageLicense } from '../registry/npm-license.ts';
import { selectRegistries, type Selection } from '../registry/selection.ts';
import { localNameOf, registryLicense, statusOf } from '../registry/server-meta.ts';
import { renderInfo, valueItem, type InfoData, type ValueItem } from './info-render.ts';

export type InfoOptions = CommandContext & { server: string };

function splitVersion(target: string): [string, string | undefined] {
  const at = target.lastIndexOf('@');
  return at > target.indexOf('/')
    ? [target.slice(0, at), target.slice(at + 1)]
    : [target, undefined];
}

/** The package's own license first (read from npm), else what the registry reports. */
async function resolveLicense(listing: Listing, env: NodeJS.ProcessEnv, timeoutMs: number) {
  const npm = listing.item.server.packages?.find((p) => p.registryType === 'npm');
  if (npm) {
    const own = await npmPackageLicense(
      env,
      npm.identifier,
      npm.version ?? listing.item.server.version,
      timeoutMs,
    );
    if (own) return { license: own, licenseSource: 'package' as const };
  }
  const fromRegistry = registryLicense(listing.item);
  return fromRegistry
    ? { license: fromRegistry, licenseSource: 'registry' as const }
    : { license: null, licenseSource: null };
}

function installedAs(cwd: string, name: string): InfoData['installed'] {
  const ref = findWorkspace(cwd);
  if (!ref) return null;
  const servers = loadWorkspace(ref).servers;
  const local = Object.keys(servers).find((key) => servers[key]!.source === name);
  if (!local) return null;
  return { name: local, version: loadLock(ref).servers[local]?.version ?? null };
}

async function fromRegistries(options: InfoOptions, selection: Selection): Promise<InfoData> {
  const [name, version] = splitVersion(options.server);
  const outcome = await lookupServer(selection, name, version, options);
  for (const f of outcome.failures) {
    if (f.skipped) options.out.note(`skipping registry ${f.registry}: ${f.message}`);
    else options.out.warn(`registry ${f.registry} did not answer (${f.message})`);
  }
  const [first, ...others] = outcome.listings;
  if (!first) {
    if (outcome.failures.length) {
      // A registry that did not answer may list it: that is not "not found".
      const silent = outcome.failures.map((f) => f.registry).join(', ');
      throw new CliError(
        outcome.answered
          ? `${name} is not in the registries that answered, and ${silent} did not answer`
          : `no registry answered for ${name}`,
        {
          code: 'REGISTRY_UNAVAILABLE',
          hint: 'check the network and the registries with: spoke health',
        },
      );
    }
    const where = outcome.claimedBy
      ? `registry ${outcome.claimedBy.name} (it owns the namespace)`
      : 'any registry';
    throw failure(
      'NOT_FOUND',
      `${name}${version ? `@${version}` : ''} is not in ${where}`,
      `search with: spoke discover ${localNameOf(name)}`,
    );
  }
  const { server } = first.item;
  const [versions, license] = await Promise.all([
    versionsOf(first.registry, name, selection.timeoutMs).catch(() => [server.version]),
    resolveLicense(first, options.env, selection.timeoutMs),
  ]);
  const pkg = server.packages?.[0];
  const reasons = policyRefusals(selection.policy, {
    license: license.license,
    trustLevel: first.trustLevel,
    registry: first.registry.name,
  });
  return {
    name,
    version: server.version,
    description: server.description ?? null,
    localName: localNameOf(name),
    registry: first.registry.name,
    registryPriority: first.registry.priority,
    trustLevel: first.trustLevel,
    status: statusOf(first.item),
    ...license,
    repository: server.repository?.url ?? null,
    packages: server.packages ?? [],
    remotes: server.remotes ?? [],
    arguments: [...(pkg?.runtimeArguments ?? []), ...(pkg?.packageArguments ?? [])].map(valueItem),
    environment: (pkg?.environmentVariables ?? []).map(valueItem),
    versions: versions.length ? versions : [server.version],
    alsoIn: others.map((l) => ({
      registry: l.registry.name,
      trustLevel: l.trustLevel,
      version: l.item.server.version,
    })),
    policy: { allowed: reasons.length === 0, reasons },
    installed: installedAs(options.cwd, name),
  };
}

/** An installed server, described from spoke.json and the lockfile without asking a registry. */
function fromWorkspace(options: InfoOptions, selection: Selection): InfoData {
  const ref = requireWorkspace(options.cwd);
  const entry = loadWorkspace(ref).servers[options.server];
  if (!entry) {
    throw failure(
      'NOT_FOUND',
      `no server named ${options.server} in ${ref.dir}`,
      'spoke list shows the installed servers; give a registry name such as io.github.owner/server to look one up',
    );
  }
  const lock = loadLock(ref).servers[options.server];
  const reasons = lock
    ? policyRefusals(selection.policy, {
        license: lock.license,
        trustLevel: lock.trustLevel,
        registry: lock.registry,
      })
    : [];
  const environment: ValueItem[] = [
    ...Object.keys(entry.env ?? {}).map((name) => ({
      name,
      type: 'string' as const,
      required: false,
      description: null,
      default: null,
    })),
    ...(entry.secrets ?? []).map((name) => ({
      name,
      type: 'secret' as const,
      required: true,
      description: null,
      default: null,
    })),
  ];
  return {
    name: entry.source,
    version: lock?.version ?? null,
    description: null,
    localName: options.server,
    registry: entry.registry,
    registryPriority: selection.all.find((r) => r.name === entry.registry)?.priority ?? null,
    trustLevel: lock?.trustLevel ?? null,
    status: null,
    license: lock?.license ?? null,
    licenseSource: null,
    repository: null,
    packages: lock ? [lock.package] : [],
    remotes: entry.url ? [{ type: entry.transport, url: entry.url }] : [],
    arguments: [],
    environment,
    versions: lock?.version ? [lock.version] : [],
    alsoIn: [],
    policy: { allowed: reasons.length === 0, reasons },
    installed: { name: options.server, version: lock?.version ?? null },
  };
}

export async function info(options: InfoOptions): Promise<void> {
  const selection = selectRegistries(options.env);
  const data = options.server.includes('/')
    ? await fromRegistries(options, selection)
    : fromWorkspace(options, selection);
  if (options.out.json) options.out.data(data);
  else options.out.result(renderInfo(data));
}

import { CliError, failure } from '../errors.ts';
import type { Output } from '../output/output.ts';
import { lookupServer } from '../registry/lookup.ts';
import { npmLicenseOf, npmVersionMeta, type NpmVersionMeta } from '../registry/npm-license.ts';
import type { Selection } from '../registry/selection.ts';
import { localNameOf, registryLicense } from '../registry/server-meta.ts';
import type { Candidate } from './candidate.ts';

export function splitVersion(target: string): [string, string | undefined] {
  const at = target.lastIndexOf('@');
  return at > target.indexOf('/')
    ? [target.slice(0, at), target.slice(at + 1)]
    : [target, undefined];
}

/** Resolves a registry name by priority, printing the candidates; the first listing wins. */
export async function resolveFromRegistries(
  target: string,
  selection: Selection,
  ctx: { env: NodeJS.ProcessEnv; out: Output },
): Promise<Candidate> {
  const [name, version] = splitVersion(target);
  const { out } = ctx;
  out.info(`Resolving ${target}`);
  const outcome = await lookupServer(selection, name, version, ctx);
  for (const f of outcome.failures)
    out.warn(`registry ${f.registry} did not answer (${f.message})`);
  const [first] = outcome.listings;
  if (!first) {
    if (!outcome.answered && outcome.failures.length) {
      throw new CliError(`no registry answered for ${name}`, {
        code: 'REGISTRY_UNAVAILABLE',
        hint: 'check the network and the registries with: spoke health',
      });
    }
    throw failure(
      'NOT_FOUND',
      `${target} is not in ${outcome.claimedBy ? `registry ${outcome.claimedBy.name} (it owns the namespace)` : 'any registry'}`,
      `search with: spoke discover ${localNameOf(name)}`,
    );
  }
  outcome.listings.forEach((l, i) => {
    const used = i === 0 ? '  <- used' : '';
    out.info(
      `  priority ${l.registry.priority}  ${l.registry.name}  ${l.item.server.version}  ${l.trustLevel}${used}`,
    );
  });
  const { server } = first.item;
  const npm = server.packages?.find((p) => p.registryType === 'npm');
  const remote = server.remotes?.find((r) => r.type === 'streamable-http');
  const other = server.packages?.[0];
  if (!npm && !remote) {
    throw failure(
      'INSTALL_FAILED',
      other
        ? `${name} is published as a ${other.registryType} package; this version of spoke installs npm packages and remote servers only`
        : `${name} lists no package and no streamable-http remote to install`,
    );
  }
  let license = registryLicense(first.item);
  let npmMeta: NpmVersionMeta | null = null;
  if (npm) {
    npmMeta =
      (await npmVersionMeta(
        ctx.env,
        npm.identifier,
        npm.version ?? server.version,
        selection.timeoutMs,
      )) ?? null;
    const own = npmMeta ? npmLicenseOf(npmMeta) : null;
    if (own) license = own;
  }
  return {
    source: name,
    displayName: name,
    version: server.version,
    pinned: version !== undefined,
    registry: first.registry.name,
    registryUrl: first.registry.url,
    trustLevel: first.trustLevel,
    license,
    localName: localNameOf(name),
    kind: npm ? { type: 'npm', pkg: npm, meta: npmMeta } : { type: 'remote', remote: remote! },
    server,
  };
}

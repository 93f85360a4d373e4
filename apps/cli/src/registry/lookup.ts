import type { RegistryEntry } from '../config/global-schema.ts';
import type { Output } from '../output/output.ts';
import type { TrustLevel } from '../policy/types.ts';
import { compareVersionsDesc } from '../util/semver.ts';
import { askRegistries } from './ask.ts';
import { readLocalRegistry } from './local-file.ts';
import { versionHttp, versionsHttp } from './official-api.ts';
import type { Failure } from './search.ts';
import { claimant, type Selection } from './selection.ts';
import { effectiveTrust, statusOf } from './server-meta.ts';
import type { ListItem } from './types.ts';

export type Listing = { registry: RegistryEntry; item: ListItem; trustLevel: TrustLevel };

export type LookupOutcome = {
  /** Every registry that lists the name, by priority: the first one is used. */
  listings: Listing[];
  failures: Failure[];
  answered: number;
  /** The scoped registry that alone may answer for this name, if any. */
  claimedBy: RegistryEntry | null;
  /** Each registry asked, in order of precedence, and what it said of the name. */
  asked: { registry: RegistryEntry; state: 'listed' | 'not-listed' | 'no-answer' }[];
};

function localVersions(registry: RegistryEntry, name: string): ListItem[] {
  return readLocalRegistry(registry)
    .filter((item) => item.server.name === name && statusOf(item) !== 'deleted')
    .sort((a, b) => compareVersionsDesc(a.server.version, b.server.version));
}

/** Asks each eligible registry for one version (or the latest) of a server. */
export async function lookupServer(
  selection: Selection,
  name: string,
  version: string | undefined,
  options: { env: NodeJS.ProcessEnv; out: Output },
): Promise<LookupOutcome> {
  const claimedBy = claimant(name, selection.all);
  const registries = claimedBy
    ? selection.asked.filter((r) => r.name === claimedBy.name)
    : selection.asked;
  const answers = await askRegistries(
    registries,
    async (registry, timeoutMs) => {
      if (registry.type !== 'local')
        return versionHttp(registry, name, version ?? 'latest', timeoutMs);
      const items = localVersions(registry, name);
      return (version ? items.find((i) => i.server.version === version) : items[0]) ?? null;
    },
    { ...options, timeoutMs: selection.timeoutMs },
  );
  const listings: Listing[] = [];
  const failures: Failure[] = [];
  const asked: LookupOutcome['asked'] = [];
  for (const answer of answers) {
    asked.push({
      registry: answer.registry,
      state: !answer.ok ? 'no-answer' : answer.value ? 'listed' : 'not-listed',
    });
    if (!answer.ok) {
      failures.push({
        registry: answer.registry.name,
        message: answer.error,
        skipped: answer.skipped,
      });
    } else if (answer.value) {
      const item = answer.value;
      listings.push({
        registry: answer.registry,
        item,
        trustLevel: effectiveTrust(answer.registry, item),
      });
    }
  }
  return {
    listings,
    failures,
    answered: answers.filter((a) => a.ok).length,
    claimedBy,
    asked: asked.sort((a, b) => a.registry.priority - b.registry.priority),
  };
}

/** Every version a registry has of a server, newest first. */
export async function versionsOf(
  registry: RegistryEntry,
  name: string,
  timeoutMs: number,
): Promise<string[]> {
  const items =
    registry.type === 'local'
      ? localVersions(registry, name)
      : (await versionsHttp(registry, name, timeoutMs)).filter((i) => statusOf(i) !== 'deleted');
  return [...new Set(items.map((i) => i.server.version))];
}

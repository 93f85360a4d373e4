import type { RegistryEntry } from '../config/global-schema.ts';
import type { Output } from '../output/output.ts';
import type { TrustLevel } from '../policy/types.ts';
import { askRegistries } from './ask.ts';
import { latestPerName, readLocalRegistry, searchLocal } from './local-file.ts';
import { searchHttp } from './official-api.ts';
import { claimant, type Selection } from './selection.ts';
import { effectiveTrust, isLatest, statusOf } from './server-meta.ts';
import type { ListItem } from './types.ts';

export type Hit = {
  item: ListItem;
  registry: RegistryEntry;
  trustLevel: TrustLevel;
  alsoIn: { registry: string; trustLevel: TrustLevel; version: string }[];
};

export type Failure = { registry: string; message: string; skipped: boolean };

export type SearchOutcome = { hits: Hit[]; more: boolean; failures: Failure[]; answered: number };

/**
 * Searches the selected registries in parallel and merges the answers: a name listed by several
 * registries is kept from the one with the lowest priority number; names inside a scoped
 * registry's namespace are taken from that registry only. Ordered by registry priority, then
 * as each registry answered, and cut to `limit`.
 */
export async function searchRegistries(
  selection: Selection,
  options: { query: string | undefined; limit: number; env: NodeJS.ProcessEnv; out: Output },
): Promise<SearchOutcome> {
  const { query, limit } = options;
  const usable = (registry: RegistryEntry) => (item: ListItem) =>
    statusOf(item) !== 'deleted' &&
    isLatest(item) &&
    (claimant(item.server.name, selection.all)?.name ?? registry.name) === registry.name;

  const answers = await askRegistries(
    selection.asked,
    async (registry, timeoutMs) => {
      if (registry.type === 'local') {
        const items = searchLocal(readLocalRegistry(registry), query).filter(usable(registry));
        return { items: items.slice(0, limit), more: items.length > limit };
      }
      const keep = usable(registry);
      const page = await searchHttp(registry, {
        query,
        limit,
        timeoutMs,
        enough: (items) => latestPerName(items.filter(keep)).length >= limit,
      });
      const items = latestPerName(page.items.filter(keep));
      return { items: items.slice(0, limit), more: page.more || items.length > limit };
    },
    { env: options.env, out: options.out, timeoutMs: selection.timeoutMs },
  );

  const merged = new Map<string, Hit>();
  const failures: Failure[] = [];
  let more = false;
  let answered = 0;
  for (const answer of answers) {
    if (!answer.ok) {
      failures.push({
        registry: answer.registry.name,
        message: answer.error,
        skipped: answer.skipped,
      });
      continue;
    }
    answered++;
    more ||= answer.value.more;
    for (const item of answer.value.items) {
      const trustLevel = effectiveTrust(answer.registry, item);
      const existing = merged.get(item.server.name);
      if (existing) {
        existing.alsoIn.push({
          registry: answer.registry.name,
          trustLevel,
          version: item.server.version,
        });
      } else {
        merged.set(item.server.name, { item, registry: answer.registry, trustLevel, alsoIn: [] });
      }
    }
  }
  const hits = [...merged.values()];
  return { hits: hits.slice(0, limit), more: more || hits.length > limit, failures, answered };
}

import type { ClientEntry, ClientFormat } from './clients.ts';

export type Change = {
  server: string;
  action: 'add' | 'update' | 'unchanged' | 'remove' | 'skip';
  reason: string | null;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The client's entries after the export: spoke's own are added, replaced or removed; every other
 * entry and key is kept, in its place.
 */
export function mergeEntries(
  existing: Record<string, ClientEntry>,
  servers: readonly string[],
  format: ClientFormat,
): { entries: Record<string, ClientEntry>; changes: Change[] } {
  const entries: Record<string, ClientEntry> = {};
  const changes: Change[] = [];
  for (const [name, entry] of Object.entries(existing)) {
    const isObject = entry !== null && typeof entry === 'object';
    const managed = isObject && format.managed(entry);
    if (servers.includes(name)) {
      if (!managed) {
        entries[name] = entry;
        changes.push({
          server: name,
          action: 'skip',
          reason: 'existing entry is not managed by spoke',
        });
        continue;
      }
      const wanted = format.entry(name);
      entries[name] = wanted;
      changes.push({
        server: name,
        action: same(entry, wanted) ? 'unchanged' : 'update',
        reason: null,
      });
    } else if (managed) {
      changes.push({ server: name, action: 'remove', reason: null });
    } else {
      entries[name] = entry;
    }
  }
  for (const name of servers) {
    if (Object.hasOwn(existing, name)) continue;
    entries[name] = format.entry(name);
    changes.push({ server: name, action: 'add', reason: null });
  }
  const order = ['unchanged', 'update', 'add', 'remove', 'skip'];
  changes.sort((a, b) => order.indexOf(a.action) - order.indexOf(b.action));
  return { entries, changes };
}

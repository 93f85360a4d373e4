export const REGISTRY_TYPES = ['official', 'community', 'enterprise', 'local'] as const;
export type RegistryType = (typeof REGISTRY_TYPES)[number];

export const isHttpUrl = (value: string) => /^https?:\/\/[^/\s]+/i.test(value);

/** What the rules across registries look at. */
export type Entry = {
  name: string;
  url: string;
  scope: string;
  type: RegistryType;
  priority: number;
};
export type Ctx = { issues: unknown[] };

/**
 * The rules across config.json's registries (unique names, priorities and scopes; a URL of the
 * right kind), as zod issues: GlobalConfigFileSchema and the quick check both apply them.
 */
export function crossCheck(entries: Entry[], ctx: Ctx): void {
  const complain = (i: number, field: string, message: string) =>
    ctx.issues.push({
      code: 'custom',
      path: [i, field],
      message,
      input: entries,
      params: { complete: true },
    });
  entries.forEach((entry, i) => {
    const before = entries.slice(0, i);
    const other = (pick: (e: Entry) => boolean) => before.findIndex(pick);
    const sameName = other((e) => e.name === entry.name);
    if (sameName !== -1)
      complain(i, 'name', `"${entry.name}" is already the name of registries[${sameName}]`);
    const samePriority = other((e) => e.priority === entry.priority);
    if (samePriority !== -1) {
      complain(
        i,
        'priority',
        `${entry.priority} is already the priority of registries[${samePriority}] (${before[samePriority]!.name}); priorities must be unique`,
      );
    }
    const sameScope = other((e) => e.scope !== '*' && e.scope === entry.scope);
    if (sameScope !== -1) {
      complain(
        i,
        'scope',
        `${entry.scope} is already claimed by registries[${sameScope}] (${before[sameScope]!.name})`,
      );
    }
    const local = entry.type === 'local';
    const urlOk = local
      ? entry.url.startsWith('/') ||
        entry.url.startsWith('file://') ||
        /^[A-Za-z]:[\\/]/.test(entry.url)
      : isHttpUrl(entry.url);
    if (!urlOk) {
      complain(
        i,
        'url',
        local
          ? `must be an absolute path to a JSON file (or a file:// URL) for a local registry, got "${entry.url}"`
          : `must be an http:// or https:// URL for a${entry.type === 'official' || entry.type === 'enterprise' ? 'n' : ''} ${entry.type} registry, got "${entry.url}"`,
      );
    }
  });
}

import { loadLock, loadWorkspace, requireWorkspace } from '../config/workspace.ts';
import type { CommandContext } from '../context.ts';
import { textTable } from '../output/table.ts';

export async function list({ cwd, out }: CommandContext): Promise<void> {
  const ref = requireWorkspace(cwd);
  const workspace = loadWorkspace(ref);
  const lock = loadLock(ref);
  const servers = Object.entries(workspace.servers).map(([name, entry]) => {
    const locked = lock.servers[name];
    return {
      name,
      source: entry.source,
      version:
        locked?.version ?? (entry.version && entry.version !== 'latest' ? entry.version : null),
      pinned: entry.version !== undefined && entry.version !== 'latest',
      registry: locked?.registry ?? entry.registry,
      trustLevel: locked?.trustLevel ?? null,
      license: locked?.license ?? null,
      transport: entry.transport,
      installedAt: locked?.installedAt ?? null,
    };
  });
  if (out.json) return out.data({ servers });
  if (!servers.length)
    return out.result('No servers installed. Find one with: spoke discover <query>');
  out.result(
    textTable(
      ['NAME', 'VERSION', 'REGISTRY', 'TRUST', 'TRANSPORT', 'SOURCE'],
      servers.map((s) => [
        s.name,
        s.version ?? '-',
        s.registry,
        s.trustLevel ?? '-',
        s.transport,
        s.source,
      ]),
    ),
  );
}

import { loadGlobalConfig } from '../config/global-config.ts';
import { fixedEntry, serverEntries, type KeyEntry } from '../config/key-values.ts';
import { FIXED_KEYS } from '../config/keys.ts';
import { findWorkspace, loadWorkspace } from '../config/workspace.ts';
import type { CommandContext } from '../context.ts';
import { clientMetadataUrl } from '../mcp/client-metadata.ts';
import { textTable } from '../output/table.ts';
import { accounts, openSecretStore } from '../secrets/store.ts';

/** Keys set by spoke init and never changed by hand are not worth a row. */
const HIDDEN = new Set(['workspace.template', 'workspace.createdAt']);

function shown(entry: KeyEntry): string {
  if (entry.redacted) return '********';
  if (entry.value === null) return entry.type === 'secret' ? '(not stored)' : '(unset)';
  return String(entry.value);
}

export async function configList({ cwd, env, out }: CommandContext): Promise<void> {
  const global = loadGlobalConfig(env);
  const ref = findWorkspace(cwd);
  const workspace = ref ? loadWorkspace(ref) : null;
  const entries: KeyEntry[] = [];
  const hasSecrets = Object.values(workspace?.servers ?? {}).some(
    (e) => e.secrets?.length || e.secretHeaders?.length,
  );
  const store = hasSecrets ? openSecretStore(env) : null;
  for (const info of FIXED_KEYS) {
    if (HIDDEN.has(info.key)) continue;
    if (info.file === 'spoke.json' && !workspace) continue;
    const entry = fixedEntry(info, global, workspace, ref?.dir ?? null);
    // Its default is not a constant: the platform's document, when the platform is https.
    if (info.key === 'oauth.clientMetadataUrl' && entry.value === null)
      entry.value = clientMetadataUrl(env) ?? null;
    entries.push(entry);
    if (info.key === 'development.verbose' && workspace) {
      for (const [name, entry] of Object.entries(workspace.servers))
        entries.push(
          ...serverEntries(name, entry, (part, variable) =>
            store && ref && store.get(accounts.serverValue(ref.dir, name, part, variable)) !== null
              ? store.kind
              : null,
          ),
        );
    }
  }
  if (out.json) return out.data({ entries });
  out.result(
    textTable(
      ['KEY', 'TYPE', 'VALUE', 'SOURCE'],
      entries.map((e) => [e.key, e.type, shown(e), e.source ?? '-']),
      [0, 0, 17],
    ),
  );
}

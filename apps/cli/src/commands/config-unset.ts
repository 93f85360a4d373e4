import path from 'node:path';
import { audit } from '../audit/log.ts';
import { loadGlobalConfig, saveGlobalConfig } from '../config/global-config.ts';
import { saveWorkspace } from '../config/workspace.ts';
import type { CommandContext } from '../context.ts';
import { usageError } from '../errors.ts';
import { WORKSPACE_NAME } from '../parse/values.ts';
import { accounts, openSecretStore } from '../secrets/store.ts';
import { own } from '../util/own.ts';
import { isStoredSecret, resolveKey, serverFor, withPath, workspaceFor } from './config-shared.ts';

const without = (values: Record<string, unknown> | undefined, name: string) =>
  Object.fromEntries(Object.entries(values ?? {}).filter(([k]) => k !== name));

export async function configUnset(options: CommandContext & { key: string }): Promise<void> {
  const { cwd, env, out, key } = options;
  const info = resolveKey(key);
  const done = (text: string) => (out.json ? out.data({ ok: true }) : out.result(text));
  const record = (type: string) => audit({ action: 'config.unset', key, type, result: 'ok' });

  if (info.kind === 'secret') {
    const { ref } = workspaceFor(cwd, key);
    const store = openSecretStore(env);
    if (!store.delete(accounts.serveToken(ref.dir)))
      return done(`${key} is not set; there is nothing to delete`);
    record('secret');
    return done(
      `Deleted ${key} from ${store.description}; spoke serve --http will create a new one`,
    );
  }

  if (info.kind === 'server') {
    const { ref, workspace } = workspaceFor(cwd, key);
    const entry = serverFor(workspace, info);
    const [plainPart, secretPart] =
      info.part === 'env' ? (['env', 'secrets'] as const) : (['headers', 'secretHeaders'] as const);
    const secret = isStoredSecret(entry, info);
    if (!secret && own(entry[plainPart], info.variable) === undefined) {
      return done(`${key} is not set; there is nothing to remove`);
    }
    const next = secret
      ? { ...entry, [secretPart]: (entry[secretPart] ?? []).filter((v) => v !== info.variable) }
      : withPath(
          { ...entry, [plainPart]: without(entry[plainPart], info.variable) },
          info.part === 'env' ? info.variable : null,
          false,
        );
    saveWorkspace(ref, { ...workspace, servers: { ...workspace.servers, [info.server]: next } });
    record(secret ? 'secret' : 'string');
    if (!secret) return done(`Removed ${key} from spoke.json`);
    const store = openSecretStore(env);
    const deleted = store.delete(
      accounts.serverValue(ref.dir, info.server, info.part, info.variable),
    );
    return done(
      deleted
        ? `Deleted ${key} from ${store.description}`
        : `Removed the secret ${key} from spoke.json (no value was stored on this machine)`,
    );
  }

  if (info.readOnly) throw usageError(`${key} is read-only: spoke init sets it`);
  const back =
    info.default === undefined || info.default === ''
      ? 'unset'
      : `the default, ${String(info.default)}`;
  if (info.file === 'spoke.json') {
    const { ref, workspace } = workspaceFor(cwd, key);
    if (info.key === 'workspace.name') {
      const name = path.basename(ref.dir);
      if (!WORKSPACE_NAME.test(name)) {
        throw usageError(
          `workspace.name cannot go back to the directory's name "${name}": it is not a valid name`,
        );
      }
      saveWorkspace(ref, { ...workspace, workspace: { ...workspace.workspace, name } });
      record(info.type);
      return done(`Unset workspace.name in spoke.json (now the directory's name, ${name})`);
    }
    const section = without(
      (workspace as unknown as Record<string, Record<string, unknown>>)[info.section],
      info.field,
    );
    saveWorkspace(ref, { ...workspace, [info.section]: section });
    record(info.type);
    return done(`Unset ${key} in spoke.json (now ${back})`);
  }
  const { file, raw } = loadGlobalConfig(env);
  const section = without(
    (raw as Record<string, Record<string, unknown> | undefined>)[info.section],
    info.field,
  );
  saveGlobalConfig(file, { ...raw, [info.section]: section });
  record(info.type);
  done(`Unset ${key} in ${file} (now ${back})`);
}

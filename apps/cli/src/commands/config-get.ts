import { loadGlobalConfig } from '../config/global-config.ts';
import { fixedEntry, type KeyEntry } from '../config/key-values.ts';
import type { CommandContext } from '../context.ts';
import { failure } from '../errors.ts';
import { accounts, openSecretStore } from '../secrets/store.ts';
import { own } from '../util/own.ts';
import { isStoredSecret, resolveKey, serverFor, workspaceFor } from './config-shared.ts';

function noValue(key: string, why: string, hint: string) {
  return failure('MISSING_VALUE', `${key} ${why}`, hint);
}

export async function configGet({
  cwd,
  env,
  out,
  key,
}: CommandContext & { key: string }): Promise<void> {
  const info = resolveKey(key);
  let entry: KeyEntry;
  const secret = (account: string, hint: string) => {
    const store = openSecretStore(env);
    if (store.get(account) === null) {
      throw noValue(key, `is not set (secret store: ${store.description})`, hint);
    }
    if (out.json) {
      return out.data({
        key,
        type: 'secret',
        value: null,
        isDefault: false,
        redacted: true,
        source: store.kind,
      });
    }
    out.result(`******** (secret, in ${store.description.replace(/ \(.*$/, '')})`);
  };
  if (info.kind === 'secret') {
    const { ref } = workspaceFor(cwd, key);
    return secret(accounts.serveToken(ref.dir), 'spoke serve --http creates it');
  } else if (info.kind === 'server') {
    const { ref, workspace } = workspaceFor(cwd, key);
    const server = serverFor(workspace, info);
    if (isStoredSecret(server, info)) {
      return secret(
        accounts.serverValue(ref.dir, info.server, info.part, info.variable),
        `set it with: spoke config set ${key} --type secret`,
      );
    }
    const values = info.part === 'env' ? server.env : server.headers;
    const value = own(values, info.variable);
    if (value === undefined)
      throw noValue(key, 'is not set', `set it with: spoke config set ${key} <value>`);
    entry = { key, type: 'string', value, isDefault: false, redacted: false, source: 'spoke.json' };
  } else {
    const global = loadGlobalConfig(env);
    const ws = info.file === 'spoke.json' ? workspaceFor(cwd, key) : null;
    entry = fixedEntry(info, global, ws?.workspace ?? null, ws?.ref.dir ?? null);
    if (entry.value === null) {
      throw noValue(
        key,
        'is not set and has no default',
        key === 'templates.author'
          ? 'spoke create falls back to git config user.name; set one with: spoke config set templates.author <name>'
          : `set it with: spoke config set ${key} <value>`,
      );
    }
  }
  if (out.json) out.data(entry);
  else out.result(String(entry.value));
}

import { fs } from '../builtins.ts';
import { audit } from '../audit/log.ts';
import { loadLock, loadWorkspace, requireWorkspace } from '../config/workspace.ts';
import type { CommandContext } from '../context.ts';
import { failure } from '../errors.ts';
import { commitInstall } from '../install/commit.ts';
import { installDir, scratchDir } from '../install/server-dir.ts';
import { deleteServerSecrets, needsSecretStore } from '../secrets/server-secrets.ts';
import { openSecretStore } from '../secrets/store.ts';

export async function remove(options: CommandContext & { server: string }): Promise<void> {
  const { cwd, env, out, server } = options;
  const ref = requireWorkspace(cwd);
  const workspace = loadWorkspace(ref);
  const lock = loadLock(ref);
  const entry = workspace.servers[server];
  if (!entry) {
    throw failure(
      'NOT_FOUND',
      `no server named ${server} in ${ref.dir}`,
      'spoke list shows the installed servers',
    );
  }
  const locked = lock.servers[server];
  const { [server]: _entry, ...servers } = workspace.servers;
  const { [server]: _locked, ...lockServers } = lock.servers;
  commitInstall(ref, { ...workspace, servers }, { ...lock, servers: lockServers }, null, null);
  audit({
    action: 'remove',
    server,
    source: entry.source,
    version: locked?.version ?? null,
    result: 'ok',
  });
  const dir = installDir(ref.dir, server);
  const hadDir = fs.existsSync(dir);
  fs.rmSync(dir, { recursive: true, force: true });
  // What the server kept in the sandbox's home goes with it.
  const scratch = scratchDir(ref.dir, server);
  const hadScratch = fs.existsSync(scratch);
  fs.rmSync(scratch, { recursive: true, force: true });
  const deleted = needsSecretStore(entry)
    ? deleteServerSecrets(openSecretStore(env), ref.dir, server, entry)
    : 0;
  if (out.json) return out.data({ ok: true });
  const version = locked?.version ? `@${locked.version}` : '';
  out.result(`Removed ${server} (${entry.source}${version})`);
  if (hadDir) out.result(`  deleted .spoke/servers/${server}`);
  if (hadScratch) out.result(`  deleted .spoke/sandbox/${server}`);
  if (deleted) out.result(`  deleted ${deleted} stored secret${deleted === 1 ? '' : 's'}`);
  out.hint("run spoke export again to remove it from your MCP clients' configuration");
}

import { fs } from '../builtins.ts';
import path from 'node:path';
import { ensureSpokeDir } from '../install/spoke-dir.ts';
import { newWorkspace, saveLock, saveWorkspace, workspaceAt } from '../config/workspace.ts';
import type { CommandContext } from '../context.ts';
import { CliError, usageError } from '../errors.ts';
import { WORKSPACE_NAME } from '../parse/values.ts';

export type InitOptions = CommandContext & { name?: string | undefined; force: boolean };

function existingName(file: string): string | null {
  try {
    const name = (JSON.parse(fs.readFileSync(file, 'utf8')) as { workspace?: { name?: unknown } })
      .workspace?.name;
    return typeof name === 'string' ? name : null;
  } catch {
    return null;
  }
}

export async function init({ cwd, out, name, force }: InitOptions): Promise<void> {
  const workspaceName = name ?? path.basename(cwd);
  if (!WORKSPACE_NAME.test(workspaceName)) {
    throw usageError(
      `the directory name "${workspaceName}" is not a valid workspace name (1-64 letters, digits, -, _ or .)`,
      'give the workspace a name: spoke init <name>',
    );
  }
  const ref = workspaceAt(cwd);
  const replacing = fs.existsSync(ref.file);
  if (replacing && !force) {
    const current = existingName(ref.file);
    throw new CliError(
      `spoke.json already exists in ${cwd}${current ? ` (workspace ${current})` : ''}`,
      { code: 'CONFLICT', hint: 'add --force to replace it and its lockfile' },
    );
  }
  const createdDir = ensureSpokeDir(cwd);
  const replacingLock = force && fs.existsSync(ref.lockFile);
  if (replacingLock) saveLock(ref, { lockfileVersion: 1, servers: {} });
  saveWorkspace(ref, newWorkspace(workspaceName));

  if (out.json) return out.data({ ok: true });
  const verb = replacing ? 'Replaced' : 'Created';
  out.result(`${verb} spoke.json (workspace ${workspaceName}, template basic)`);
  if (replacingLock) out.result('Replaced spoke.lock.json with an empty lockfile');
  if (createdDir) out.result('Created .spoke/ (ignored by git)');
  out.info('');
  out.info('Next: find a server with spoke discover <query>');
}

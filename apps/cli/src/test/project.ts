import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Fixture } from './fixture.ts';
import { NODE_24, runCli } from './run-cli.ts';

const cliRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const repoRoot = path.resolve(cliRoot, '../..');
const TSC = path.join(repoRoot, 'node_modules/typescript/bin/tsc');

/**
 * A directory inside the repository, so that projects made there resolve
 * `@modelcontextprotocol/sdk`, `zod` and `tsx` from the repository's node_modules instead of
 * installing their own.
 */
export function projectsDir(): { dir: string; cleanup: () => void } {
  const base = path.join(cliRoot, 'tmp');
  mkdirSync(base, { recursive: true });
  const dir = mkdtempSync(path.join(base, 'projects-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** `spoke create <name>` in `dir`, then the project's own build (tsc); returns its path. */
export async function createBuiltProject(
  fx: Fixture,
  dir: string,
  name: string,
  template = 'tool',
): Promise<string> {
  const created = await runCli(['create', name, '--template', template], { ...fx, cwd: dir });
  if (created.code !== 0) throw new Error(`spoke create failed: ${created.stderr}`);
  const project = path.join(dir, name);
  const build = spawnSync(NODE_24, [TSC, '-p', project], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`tsc failed: ${build.stdout}${build.stderr}`);
  return project;
}

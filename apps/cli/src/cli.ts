import { fs } from './builtins.ts';
import path from 'node:path';
import { startAudit } from './audit/scope.ts';
import { usageError, type ExitCode } from './errors.ts';
import { stdout } from './output/fd-stream.ts';
import { createOutput } from './output/output.ts';
import { parse } from './parse/parser.ts';
import { renderHelp } from './specs/help.ts';
import { SECTIONS } from './specs/index.ts';

function resolveCwd(dir: string | undefined): string {
  if (dir === undefined) return process.cwd();
  const resolved = path.resolve(dir);
  let isDir = false;
  try {
    isDir = fs.statSync(resolved).isDirectory();
  } catch {
    // Reported below.
  }
  if (!isDir) throw usageError(`--cwd: ${resolved} is not a directory`);
  return resolved;
}

/** Parses the command line and runs the command; failures are thrown as CliError. */
export async function run(
  argv: readonly string[],
  version: string,
  env = process.env,
): Promise<ExitCode> {
  const parsed = await parse(argv, SECTIONS);
  if (parsed.kind === 'version') {
    stdout.write(`${version}\n`);
    return 0;
  }
  if (parsed.kind === 'help') {
    stdout.write(`${renderHelp(parsed.target, SECTIONS, env)}\n`);
    return 0;
  }
  const { spec, input, globals } = parsed;
  const cwd = resolveCwd(globals.cwd);
  const out = createOutput({ ...globals, env });
  startAudit({ env, cwd, out });
  await spec.run({ cwd, env, out }, input);
  return 0;
}

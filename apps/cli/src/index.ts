import module from 'node:module';
import type { CliError, ExitCode } from './errors.ts';
import { stderr, stdout } from './output/fd-stream.ts';
import { version } from './version.ts';

// Caches compiled code on disk (Node >= 22.1) before the command modules load.
module.enableCompileCache?.();

const argv = process.argv.slice(2);
const SWITCHES = new Set(['--version', '--json', '--verbose', '--quiet', '--no-color']);

/** What the entry must know before the parser has run: how to print a failure. */
function earlyFlags(args: readonly string[]) {
  const end = args.indexOf('--');
  const head = end === -1 ? args : args.slice(0, end);
  const formatJson = head.some(
    (a, i) => a === '--format=json' || (a === '--format' && head[i + 1] === 'json'),
  );
  return {
    json: head.includes('--json') || formatJson,
    verbose: head.includes('--verbose'),
    quiet: head.includes('--quiet'),
  };
}

// Recognised by name rather than instanceof, so that this entry file loads no other module.
const isCliError = (err: unknown): err is CliError => (err as Error | null)?.name === 'CliError';

function report(err: unknown): ExitCode {
  const flags = earlyFlags(argv);
  const known = isCliError(err) ? err : null;
  if (known?.reported) return known.exitCode;
  const message = known
    ? known.message
    : `internal error: ${(err as Error)?.message ?? String(err)}`;
  const hint = known
    ? known.hint
    : 'this is a bug in spoke; run again with --verbose to see the stack trace';
  const code = known?.code ?? 'INTERNAL';
  if (flags.json) {
    stdout.write(`${JSON.stringify({ error: { code, message, hint } }, null, 2)}\n`);
  } else {
    stderr.write(`error: ${message}\n`);
    if (hint && !flags.quiet) stderr.write(`hint: ${hint}\n`);
  }
  if (flags.verbose && err instanceof Error && err.stack) {
    stderr.write(`${err.stack}\n`);
    if (err.cause instanceof Error && err.cause.stack) {
      stderr.write(`caused by: ${err.cause.stack}\n`);
    }
  }
  return known?.exitCode ?? 1;
}

async function main(): Promise<ExitCode> {
  const { run } = await import('./cli.ts');
  return run(argv, version());
}

// `spoke --version` is answered before anything else is loaded, without even setting up the
// stdout stream: it must start about as fast as Node itself.
if (argv.includes('--version') && argv.every((a) => SWITCHES.has(a))) {
  stdout.write(`${version()}\n`);
} else {
  const code = await main().catch(report);
  // Output is written synchronously; open sockets must not keep the process alive.
  process.exit(code);
}

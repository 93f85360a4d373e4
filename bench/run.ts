import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import {
  DEFAULT_POSTGRES_URL,
  type BenchContext,
  type DatabaseChoice,
  type Suite,
} from './lib/context.ts';
import { loadSettings, UsageError } from './lib/settings.ts';

// `npm run bench [-- [--db pglite|postgres] [suite ...]]`: runs every folder under bench/ that
// has an index.ts (or only the named ones), one after the other. Figures are a report: a missed
// target still exits 0; only a benchmark that cannot run, or a count that is wrong (a scheduled
// run started twice), exits 1.

const benchDir = import.meta.dirname;

function databaseChoice(db: string | undefined): DatabaseChoice {
  const url = process.env.BENCH_DATABASE_URL?.trim();
  const kind = db ?? (url ? 'postgres' : 'pglite');
  if (kind === 'pglite') return { kind };
  if (kind === 'postgres') return { kind, url: url || DEFAULT_POSTGRES_URL };
  throw new UsageError(`--db must be pglite or postgres (got "${kind}")`);
}

function suites(): string[] {
  return readdirSync(benchDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(benchDir, d.name, 'index.ts')))
    .map((d) => d.name)
    .sort();
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { db: { type: 'string' } },
    allowPositionals: true,
  });
  const all = suites();
  const unknown = positionals.filter((name) => !all.includes(name));
  if (unknown.length)
    throw new UsageError(`no such benchmark: ${unknown.join(', ')} (have: ${all.join(', ')})`);
  const ctx: BenchContext = {
    settings: loadSettings(),
    database: databaseChoice(values.db),
    resultsDir: path.join(benchDir, 'results'),
  };
  const { connections, durationSec, warmupSec, workers } = ctx.settings;
  const load = workers ? `${workers} worker thread${workers > 1 ? 's' : ''}` : 'the main thread';
  const [load1 = 0] = os.loadavg();
  console.log(
    `bench: ${connections} connections, ${warmupSec} s warm-up + ${durationSec} s per target, ` +
      `load generated from ${load}\n` +
      `node ${process.version}, ${os.cpus().length} CPUs, load average ${load1.toFixed(2)}` +
      (load1 > os.cpus().length ? ' - busy machine: figures are noisy, trust the ratio more' : ''),
  );
  for (const name of positionals.length ? positionals : all) {
    console.log(`\n== ${name} ==\n`);
    const suite = (await import(
      pathToFileURL(path.join(benchDir, name, 'index.ts')).href
    )) as Suite;
    await suite.run(ctx);
  }
}

main().catch((err: unknown) => {
  const code = err instanceof Error ? (err as Error & { code?: unknown }).code : undefined;
  const usage = err instanceof UsageError || String(code).startsWith('ERR_PARSE_ARGS');
  if (usage) console.error(`bench: ${(err as Error).message}`);
  else console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
});

import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { say, type SoakContext, type SoakSuite } from './lib/context.ts';

// `npm run soak [-- [--db pglite|postgres] [suite ...]]`: runs every suite file under soak/ (or
// only the named ones), one after the other. Unlike the benchmarks, a soak suite checks
// invariants: the run exits 1 when one of them did not hold.

const soakDir = import.meta.dirname;

class UsageError extends Error {}

function suites(): string[] {
  return readdirSync(soakDir, { withFileTypes: true })
    .filter((f) => f.isFile() && f.name.endsWith('.ts') && f.name !== 'run.ts')
    .map((f) => f.name.replace(/\.ts$/, ''))
    .sort();
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { db: { type: 'string' } },
    allowPositionals: true,
  });
  if (values.db !== undefined && values.db !== 'pglite' && values.db !== 'postgres') {
    throw new UsageError(`--db must be pglite or postgres (got "${values.db}")`);
  }
  const all = suites();
  const unknown = positionals.filter((name) => !all.includes(name));
  if (unknown.length) {
    throw new UsageError(`no such soak suite: ${unknown.join(', ')} (have: ${all.join(', ')})`);
  }
  const ctx: SoakContext = { databases: values.db ? [values.db] : ['pglite', 'postgres'] };
  const failed: string[] = [];
  for (const name of positionals.length ? positionals : all) {
    say(`\n== ${name} ==\n`);
    const suite = (await import(pathToFileURL(path.join(soakDir, `${name}.ts`)).href)) as SoakSuite;
    const report = await suite.run(ctx);
    say(`\n${name}: ${report.ok ? 'every invariant held' : 'INVARIANTS BROKEN'}`);
    for (const line of report.findings) say(`  - ${line}`);
    if (!report.ok) failed.push(name);
  }
  if (failed.length) {
    say(`\nsoak: broken in ${failed.join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((err: unknown) => {
  const code = err instanceof Error ? (err as Error & { code?: unknown }).code : undefined;
  if (err instanceof UsageError || String(code).startsWith('ERR_PARSE_ARGS')) {
    console.error(`soak: ${(err as Error).message}`);
  } else {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  }
  process.exitCode = 1;
});

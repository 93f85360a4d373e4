/**
 * Checks every npm package of the integrations catalog against the npm registry and writes
 * `src/catalog/npm-check.json` (version, license, repository, checkedAt per package).
 *
 *   node packages/agents/scripts/check-catalog.ts
 *
 * Exits with 1, and leaves the file untouched, when a package is missing, deprecated or has no
 * license, listing every such package.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ALL_INTEGRATIONS } from '../src/catalog/integrations/index.ts';
import {
  judgeNpmView,
  npmPackagesOf,
  sortedCheck,
  type NpmCheckEntry,
  type NpmJudgement,
} from '../src/catalog/npm-check.ts';

const OUTPUT = fileURLToPath(new URL('../src/catalog/npm-check.json', import.meta.url));
const FIELDS = ['name', 'version', 'license', 'deprecated', 'repository', 'description'];
const CONCURRENCY = 4;

/** Runs `npm view … --json`; npm prints its error as JSON too, so a failed run is still parsed. */
function npmView(pkg: string): Promise<unknown> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['view', pkg, ...FIELDS, '--json'],
      { timeout: 60_000, maxBuffer: 4 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const text = stdout.trim();
        if (text) {
          try {
            resolve(JSON.parse(text));
            return;
          } catch {
            // fall through: report the raw failure below
          }
        }
        const reason = error ? (stderr.trim().split('\n').pop() ?? error.message) : 'no output';
        resolve({ error: { code: 'NPM_VIEW_FAILED', summary: reason } });
      },
    );
  });
}

async function checkAll(packages: readonly string[]): Promise<Map<string, NpmJudgement>> {
  const results = new Map<string, NpmJudgement>();
  let next = 0;
  const worker = async () => {
    while (next < packages.length) {
      const pkg = packages[next++]!;
      results.set(pkg, judgeNpmView(pkg, await npmView(pkg), new Date().toISOString()));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return results;
}

async function main(): Promise<number> {
  const packages = npmPackagesOf(ALL_INTEGRATIONS);
  console.error(`Checking ${packages.length} npm packages of the integrations catalog…`);
  const results = await checkAll(packages);

  const problems: string[] = [];
  const entries: Record<string, NpmCheckEntry> = {};
  for (const pkg of packages) {
    const judgement = results.get(pkg)!;
    if (judgement.ok) entries[pkg] = judgement.entry;
    else problems.push(judgement.problem);
  }
  if (problems.length > 0) {
    console.error(`\n${problems.length} package(s) cannot be used:`);
    for (const problem of problems) console.error(`  - ${problem}`);
    console.error('\nnpm-check.json was not written. Pick other servers for these integrations.');
    return 1;
  }
  await writeFile(OUTPUT, `${JSON.stringify(sortedCheck(entries), null, 2)}\n`);
  process.stdout.write(
    `Wrote ${OUTPUT} (${packages.length} packages, all present and licensed).\n`,
  );
  return 0;
}

process.exitCode = await main();

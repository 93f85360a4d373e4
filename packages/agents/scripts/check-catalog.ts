/**
 * Checks the integrations catalog and writes its two records:
 *
 * - `src/catalog/npm-check.json`: every npm package checked against the npm registry (version,
 *   license, repository, checkedAt per package);
 * - `src/catalog/sources.json`: for every remote endpoint the vendor page that documents it, and
 *   for every service without a server its website (the catalog tests keep both current).
 *
 *   node packages/agents/scripts/check-catalog.ts
 *
 * Exits with 1, and leaves both files untouched, when a package is missing, deprecated or has no
 * license, or an entry lacks its documentation page or website, listing every such problem.
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
import { sourceProblems, sourcesOf } from '../src/catalog/sources.ts';

const NPM_OUTPUT = fileURLToPath(new URL('../src/catalog/npm-check.json', import.meta.url));
const SOURCES_OUTPUT = fileURLToPath(new URL('../src/catalog/sources.json', import.meta.url));
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

  const problems = sourceProblems(ALL_INTEGRATIONS);
  const entries: Record<string, NpmCheckEntry> = {};
  for (const pkg of packages) {
    const judgement = results.get(pkg)!;
    if (judgement.ok) entries[pkg] = judgement.entry;
    else problems.push(judgement.problem);
  }
  if (problems.length > 0) {
    console.error(`\n${problems.length} problem(s):`);
    for (const problem of problems) console.error(`  - ${problem}`);
    console.error(
      '\nNeither record was written. Fix these entries or pick other servers for them.',
    );
    return 1;
  }
  const sources = sourcesOf(ALL_INTEGRATIONS);
  await writeFile(NPM_OUTPUT, `${JSON.stringify(sortedCheck(entries), null, 2)}\n`);
  await writeFile(SOURCES_OUTPUT, `${JSON.stringify(sources, null, 2)}\n`);
  process.stdout.write(
    `Wrote ${NPM_OUTPUT} (${packages.length} packages, all present and licensed) and ` +
      `${SOURCES_OUTPUT} (${Object.keys(sources).length} endpoints and websites).\n`,
  );
  return 0;
}

process.exitCode = await main();

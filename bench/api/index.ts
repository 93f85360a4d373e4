import os from 'node:os';
import type { BenchContext } from '../lib/context.ts';
import { writeResults } from '../lib/results.ts';
import * as accountMe from './account-me.ts';

/** The API suite: prints each benchmark's table and writes them all to results/api.json. */
export async function run(ctx: BenchContext): Promise<void> {
  const report = await accountMe.run(ctx);
  console.log(accountMe.format(report));
  const file = writeResults(ctx.resultsDir, 'api', {
    generatedAt: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadAverage: os.loadavg(),
    settings: ctx.settings,
    benchmarks: { 'account-me': report },
  });
  console.log(`\nwritten to ${file}`);
}

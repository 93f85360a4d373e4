import os from 'node:os';
import type { BenchContext } from '../lib/context.ts';
import { writeResults } from '../lib/results.ts';
import { measureLoop } from './loop.ts';
import { measurePlan } from './plan.ts';
import { measureScheduled } from './scheduled.ts';

/**
 * Three parts: the model loop's cost per tool call, the plan executor's cost per tool step, and
 * tool-only scheduled runs on PostgreSQL with one and two app instances.
 */
export async function run(ctx: BenchContext): Promise<void> {
  console.log('-- run loop: a mock model calling a tool, per tool call --\n');
  const loop = await measureLoop();
  console.log('\n-- plan: tool steps run by runPlan with no model, per tool step --\n');
  const plan = await measurePlan();
  console.log('\n-- scheduled tool-only runs on PostgreSQL, one and two instances --\n');
  const scheduled = await measureScheduled(ctx);
  const file = writeResults(ctx.resultsDir, 'runtime', {
    generatedAt: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadAverage: os.loadavg(),
    ...loop,
    plan,
    scheduled,
  });
  console.log(`\nwritten to ${file}`);
}

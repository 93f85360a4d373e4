import { connectBuiltin, openToolset, runAgent } from '@spoke/agents';
import type { AgentSpec } from '@spoke/shared';
import { scriptedModel } from '@spoke/agents/testing/runtime';
import { percentile } from '../lib/stats.ts';
import { fmtMs, table } from '../lib/table.ts';
import { builtinContext } from './builtin-context.ts';

/** Tool calls per run: each is one model step plus one tool call. */
const CALLS = 8;
const RUNS = 60;
/** The loop may add at most this much to each tool call. */
export const OVERHEAD_TARGET_MS = 5;

const spec: AgentSpec = {
  name: 'Clock watcher',
  summary: 'Reads the clock.',
  category: 'Other',
  instructions: 'Read the clock when asked.',
  trigger: { type: 'manual' },
  integrations: [{ id: 'clock', why: 'read the time', config: [] }],
  steps: [{ text: 'Read the time', tools: ['clock.now'] }],
  guardrails: [],
  assumptions: [],
  unresolved: [],
};

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

export type LoopFigures = {
  callsPerRun: number;
  runs: number;
  directMsPerCall: number;
  loopMsPerStep: number;
  overheadMsPerStep: number;
};

/**
 * The run loop's cost per step: full runs (a mock model that calls `clock.now` CALLS times,
 * then answers, every step recorded) against, as the baseline, the same tool calls made
 * directly through an MCP client.
 */
export async function measureLoop(): Promise<LoopFigures> {
  const ctxFor = builtinContext();
  const { client, close } = await connectBuiltin('clock', ctxFor);
  const direct: number[] = [];
  const loop: number[] = [];
  try {
    for (let i = -5; i < RUNS; i++) {
      let started = performance.now();
      for (let c = 0; c < CALLS; c++) {
        await client.callTool({ name: 'now', arguments: { timezone: 'UTC' } });
      }
      const directMs = performance.now() - started;

      const turns = [
        ...Array.from({ length: CALLS }, () => ({
          calls: [['clock__now', { timezone: 'UTC' }] as [string, unknown]],
        })),
        { text: 'Done.' },
      ];
      const { model } = scriptedModel(turns);
      const toolset = await openToolset(spec, async () => connectBuiltin('clock', ctxFor));
      let steps = 0;
      started = performance.now();
      const outcome = await runAgent({
        spec,
        input: 'What time is it?',
        model,
        toolset,
        maxSteps: CALLS + 2,
        onStep: () => void steps++,
      });
      const loopMs = performance.now() - started;
      await toolset.close();
      if (outcome.status !== 'succeeded') throw new Error(`run failed: ${outcome.error}`);
      if (steps < CALLS * 2) throw new Error(`only ${steps} steps recorded`);
      if (i >= 0) {
        direct.push(directMs / CALLS);
        loop.push(loopMs / CALLS);
      }
    }
  } finally {
    await close();
  }
  const directPerCall = median(direct);
  const loopPerCall = median(loop);
  const overhead = loopPerCall - directPerCall;
  console.log(
    `${RUNS} runs of ${CALLS} tool calls each (model step + tool call + two recorded steps), ` +
      'medians per tool call\n',
  );
  console.log(
    table(
      ['', 'ms per tool call', 'x baseline', 'target'],
      [
        ['direct MCP call (baseline)', fmtMs(directPerCall), '1.00', ''],
        ['run loop, per step', fmtMs(loopPerCall), (loopPerCall / directPerCall).toFixed(2), ''],
        [
          'loop overhead per step',
          fmtMs(overhead),
          '',
          `< ${OVERHEAD_TARGET_MS} ms ${overhead < OVERHEAD_TARGET_MS ? 'MET' : 'MISSED'}`,
        ],
      ],
    ),
  );
  return {
    callsPerRun: CALLS,
    runs: RUNS,
    directMsPerCall: directPerCall,
    loopMsPerStep: loopPerCall,
    overheadMsPerStep: overhead,
  };
}

import { connectBuiltin, openToolset, runPlan, type BuiltinServerId } from '@spoke/agents';
import { checkPlan, type AgentPlan, type PlanStep, type RunStep } from '@spoke/shared';
import { percentile } from '../lib/stats.ts';
import { fmtMs, table } from '../lib/table.ts';
import { builtinContext } from './builtin-context.ts';

/** Tool steps per plan. */
const STEPS = 10;
const RUNS = 300;
/** Runs of each kind made first and not counted (JIT, connections). */
const WARMUP = 30;
/** The plan executor may add at most this much to each tool step (median). */
export const PLAN_OVERHEAD_TARGET_MS = 2;

const spec = {
  instructions: 'Read the clock and remember what it said.',
  steps: [],
  guardrails: [],
};
const integrations = ['clock', 'memory'] as const satisfies readonly BuiltinServerId[];

/** A tool call by `<integration>.<tool>`: its structured result, or an error thrown. */
type Call = (name: string, args: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** A plan and the same tool calls written by hand, each argument built from earlier results. */
type Workload = { label: string; plan: AgentPlan; direct: (call: Call) => Promise<void> };

const clockStep = (id: string): PlanStep => ({
  id,
  kind: 'tool',
  tool: 'clock.now',
  args: { timezone: 'UTC' },
});

const independent: Workload = {
  label: `${STEPS} x clock.now, no references`,
  plan: { steps: Array.from({ length: STEPS }, (_, i) => clockStep(`t${i}`)) },
  async direct(call) {
    for (let i = 0; i < STEPS; i++) await call('clock.now', { timezone: 'UTC' });
  },
};

/**
 * Pairs of clock.now then memory_set; each memory_set is filled from its clock step (the whole
 * result as an object, three values written into text) and from the memory_set before it.
 */
const chained: Workload = {
  label: `${STEPS / 2} x (clock.now, memory_set), ${(STEPS / 2) * 5 - 1} references`,
  plan: {
    steps: Array.from({ length: STEPS / 2 }, (_, i): PlanStep[] => [
      clockStep(`t${i}`),
      {
        id: `m${i}`,
        kind: 'tool',
        tool: 'memory.memory_set',
        args: {
          key: `seen_${i}`,
          value: {
            time: `{{steps.t${i}}}`,
            text: `Seen on {{steps.t${i}.weekday}} at {{steps.t${i}.time}} ({{ steps.t${i}.timezone }})`,
            after: i === 0 ? null : `{{steps.m${i - 1}.key}}`,
          },
        },
      },
    ]).flat(),
  },
  async direct(call) {
    let previous: Record<string, unknown> | undefined;
    for (let i = 0; i < STEPS / 2; i++) {
      const t = await call('clock.now', { timezone: 'UTC' });
      previous = await call('memory.memory_set', {
        key: `seen_${i}`,
        value: {
          time: t,
          text: `Seen on ${String(t.weekday)} at ${String(t.time)} (${String(t.timezone)})`,
          after: previous ? previous.key : null,
        },
      });
    }
  },
};

export type Spread = { p50: number; p95: number };
export type PlanWorkloadFigures = {
  workload: string;
  steps: number;
  mcpClient: Spread;
  toolset: Spread;
  plan: Spread;
  /** runPlan minus toolset.call in the same round, per tool step. */
  overhead: Spread;
};
export type PlanFigures = { runs: number; workloads: PlanWorkloadFigures[] };

function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / STEPS;
}

/**
 * The plan executor's cost per tool step: plans of STEPS tool steps run by `runPlan` with no
 * model, against, as the baseline, the same calls made directly through the same toolset (and,
 * for reference, through bare MCP clients of the same built-in servers). Every round runs the
 * three side by side, in a rotating order.
 */
export async function measurePlan(): Promise<PlanFigures> {
  const ctx = builtinContext();
  const clients = new Map<string, Awaited<ReturnType<typeof connectBuiltin>>>();
  for (const id of integrations) clients.set(id, await connectBuiltin(id, ctx));
  const toolset = await openToolset(
    { integrations: integrations.map((id) => ({ id, why: 'the benchmark', config: [] })) },
    (id) => connectBuiltin(id as BuiltinServerId, ctx),
  );
  const viaClient: Call = async (name, args) => {
    const [integration, tool] = name.split('.') as [string, string];
    const result = await clients.get(integration)!.client.callTool({ name: tool, arguments: args });
    if (result.isError) throw new Error(`${name}: ${JSON.stringify(result.content)}`);
    return result.structuredContent as Record<string, unknown>;
  };
  const viaToolset: Call = async (name, args) => {
    const outcome = await toolset.call(name, args);
    if (!outcome.ok) throw new Error(`${name}: ${outcome.error}`);
    return outcome.result as Record<string, unknown>;
  };
  const viaPlan = async (plan: AgentPlan) => {
    const steps: RunStep[] = [];
    const outcome = await runPlan({
      plan,
      spec,
      model: null,
      toolset,
      onStep: (step) => void steps.push(step),
    });
    if (outcome.status !== 'succeeded') throw new Error(`plan failed: ${outcome.error}`);
    if (steps.length !== STEPS) throw new Error(`${steps.length} steps recorded, not ${STEPS}`);
  };

  const results: PlanWorkloadFigures[] = [];
  try {
    for (const workload of [independent, chained]) {
      const issues = checkPlan(workload.plan);
      if (issues.length) throw new Error(`invalid plan: ${JSON.stringify(issues)}`);
      const samples = { mcpClient: [] as number[], toolset: [] as number[], plan: [] as number[] };
      const overhead: number[] = [];
      for (let i = -WARMUP; i < RUNS; i++) {
        const round = {
          mcpClient: () => timed(() => workload.direct(viaClient)),
          toolset: () => timed(() => workload.direct(viaToolset)),
          plan: () => timed(() => viaPlan(workload.plan)),
        };
        const order = (['mcpClient', 'toolset', 'plan'] as const).map(
          (_, k, all) => all[(k + i + WARMUP) % all.length]!,
        );
        const ms = { mcpClient: 0, toolset: 0, plan: 0 };
        for (const kind of order) ms[kind] = await round[kind]();
        if (i < 0) continue;
        for (const kind of order) samples[kind].push(ms[kind]);
        overhead.push(ms.plan - ms.toolset);
      }
      if (workload === chained) {
        // The plan's placeholders were filled: a whole result stays an object, text is written in.
        const stored = (await ctx.kv.get('seen_1')) as Record<string, unknown> | undefined;
        const text = String(stored?.text);
        if (typeof stored?.time !== 'object' || text.includes('{{') || stored.after !== 'seen_0') {
          throw new Error(`placeholders not filled: ${JSON.stringify(stored)}`);
        }
      }
      results.push({
        workload: workload.label,
        steps: STEPS,
        mcpClient: spread(samples.mcpClient),
        toolset: spread(samples.toolset),
        plan: spread(samples.plan),
        overhead: spread(overhead),
      });
    }
  } finally {
    await toolset.close();
    for (const { close } of clients.values()) await close();
  }

  console.log(
    `${RUNS} runs of ${STEPS} tool steps per row (${WARMUP} more first, not counted), the three ` +
      'ways side by side in each round; ms per tool step\n',
  );
  const ratio = (row: Spread, base: Spread) => (row.p50 / base.p50).toFixed(2);
  const rows: string[][] = [];
  for (const w of results) {
    const met = w.overhead.p50 < PLAN_OVERHEAD_TARGET_MS;
    rows.push(
      [w.workload, '', '', '', ''],
      [
        '  MCP client.callTool',
        fmtMs(w.mcpClient.p50),
        fmtMs(w.mcpClient.p95),
        ratio(w.mcpClient, w.toolset),
        '',
      ],
      ['  toolset.call (baseline)', fmtMs(w.toolset.p50), fmtMs(w.toolset.p95), '1.00', ''],
      [
        '  runPlan, model: null',
        fmtMs(w.plan.p50),
        fmtMs(w.plan.p95),
        ratio(w.plan, w.toolset),
        '',
      ],
      [
        '  plan overhead per tool step',
        fmtMs(w.overhead.p50),
        fmtMs(w.overhead.p95),
        '',
        `p50 < ${PLAN_OVERHEAD_TARGET_MS} ms ${met ? 'MET' : 'MISSED'}`,
      ],
    );
  }
  console.log(table(['', 'p50 ms/step', 'p95 ms/step', 'x baseline', 'target'], rows));
  return { runs: RUNS, workloads: results };
}

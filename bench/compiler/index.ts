import os from 'node:os';
import { AgentSpecSchema, type AgentSpec } from '@spoke/shared';
import { CORPUS } from '../../packages/agents/src/compiler/corpus.ts';
import { scoreCorpus } from '../../packages/agents/src/compiler/corpus-score.ts';
import { compileEmbedded } from '../../packages/agents/src/compiler/embedded.ts';
import type { BenchContext } from '../lib/context.ts';
import { writeResults } from '../lib/results.ts';
import { summarise, type Latency } from '../lib/stats.ts';
import { fmtMs, table } from '../lib/table.ts';

export const ACCURACY_TARGET = 0.9;
export const P95_TARGET_MS = 20;
const NOW = new Date('2026-11-21T10:00:00Z');

const compile = (prompt: string) =>
  compileEmbedded({ prompt, timezone: 'Europe/Berlin', now: NOW });

/**
 * Times each description's compile, and, as the baseline, the cheapest thing the server does with
 * a finished spec anyway: validate it with AgentSpecSchema after a JSON round trip. Passes take
 * turns over the whole corpus; the first two warm the JIT up and are discarded.
 */
function measure(passes: number, specs: readonly AgentSpec[]): Latency[] {
  const compiling: number[] = [];
  const baseline: number[] = [];
  for (let pass = -2; pass < passes; pass++) {
    CORPUS.forEach((item, i) => {
      let started = performance.now();
      compile(item.prompt);
      const compiled = performance.now() - started;
      started = performance.now();
      AgentSpecSchema.parse(JSON.parse(JSON.stringify(specs[i])));
      const parsed = performance.now() - started;
      if (pass >= 0) {
        compiling.push(compiled);
        baseline.push(parsed);
      }
    });
  }
  return [
    summarise('baseline: JSON round trip + AgentSpecSchema.parse of the spec', baseline),
    summarise('compileEmbedded(description)', compiling),
  ];
}

const verdict = (met: boolean) => (met ? 'MET' : 'MISSED');
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

/** The embedded compiler's accuracy on the labelled corpus and its latency per description. */
export async function run(ctx: BenchContext): Promise<void> {
  const passes = Number(process.env.BENCH_COMPILER_PASSES ?? 20);
  const score = scoreCorpus(CORPUS, compile);
  const specs = score.results.map((r) => r.spec);
  console.log(
    `${CORPUS.length} labelled descriptions, ${passes} timed passes after 2 warm-up passes\n`,
  );
  const accuracy = [
    ['integration precision', score.precision, null],
    ['integration recall', score.recall, null],
    ['integration F1 (micro)', score.f1, ACCURACY_TARGET],
    ['trigger accuracy', score.triggerAccuracy, ACCURACY_TARGET],
    ['category accuracy', score.categoryAccuracy, ACCURACY_TARGET],
  ] as const;
  console.log(
    table(
      ['metric', 'value', 'target', ''],
      accuracy.map(([name, value, target]) => [
        name,
        pct(value),
        target === null ? '' : `>= ${pct(target)}`,
        target === null ? '' : verdict(value >= target),
      ]),
    ),
  );
  console.log(`specs that fail validateSpec: ${score.invalid}\n`);

  const latency = measure(passes, specs);
  const base = latency[0]!.p95;
  console.log(
    table(
      ['operation', 'samples', 'p50 ms', 'p95 ms', 'p99 ms', 'p95 x baseline', 'target'],
      latency.map((row, i) => [
        row.name,
        String(row.samples),
        fmtMs(row.p50),
        fmtMs(row.p95),
        fmtMs(row.p99),
        (row.p95 / base).toFixed(1),
        i === 1 ? `p95 < ${P95_TARGET_MS} ms ${verdict(row.p95 < P95_TARGET_MS)}` : '',
      ]),
    ),
  );

  const misses = score.results.filter(
    (r) => r.missing.length || r.extra.length || !r.triggerOk || !r.categoryOk,
  );
  if (misses.length) {
    console.log(`\n${misses.length} descriptions with a miss:`);
    for (const r of misses) {
      const parts = [
        r.missing.length ? `missing ${r.missing.join(',')}` : '',
        r.extra.length ? `extra ${r.extra.join(',')}` : '',
        r.triggerOk ? '' : `trigger ${JSON.stringify(r.spec.trigger)}`,
        r.categoryOk ? '' : `category ${r.spec.category} (want ${r.case.category})`,
      ].filter(Boolean);
      console.log(`- ${r.case.prompt.slice(0, 90)}: ${parts.join('; ')}`);
    }
  }

  const file = writeResults(ctx.resultsDir, 'compiler', {
    generatedAt: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadAverage: os.loadavg(),
    corpus: CORPUS.length,
    passes,
    targets: {
      f1: ACCURACY_TARGET,
      triggerAccuracy: ACCURACY_TARGET,
      categoryAccuracy: ACCURACY_TARGET,
      p95Ms: P95_TARGET_MS,
    },
    accuracy: {
      precision: score.precision,
      recall: score.recall,
      f1: score.f1,
      triggerAccuracy: score.triggerAccuracy,
      categoryAccuracy: score.categoryAccuracy,
      invalidSpecs: score.invalid,
    },
    latency,
    met: {
      f1: score.f1 >= ACCURACY_TARGET,
      triggerAccuracy: score.triggerAccuracy >= ACCURACY_TARGET,
      categoryAccuracy: score.categoryAccuracy >= ACCURACY_TARGET,
      p95: latency[1]!.p95 < P95_TARGET_MS,
    },
    misses: misses.map((r) => ({
      prompt: r.case.prompt,
      missing: r.missing,
      extra: r.extra,
      trigger: r.triggerOk ? null : r.spec.trigger,
      category: r.categoryOk ? null : r.spec.category,
    })),
  });
  console.log(`\nwritten to ${file}`);
}

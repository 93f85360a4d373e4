import type { AgentSpec, AgentTrigger } from '@spoke/shared';
import { nextRuns } from './cron.ts';
import type { CorpusCase, ExpectedTrigger } from './corpus.ts';
import { validateSpec } from './validate.ts';

// How well a compiler does on the labelled corpus: integration precision/recall/F1 (micro, over
// every expected and produced id), trigger accuracy (type, plus the schedule or the event) and
// category accuracy. Used by the corpus test and by bench/compiler.

/** From this instant, two schedules that fire at the same next 30 times are the same schedule. */
const FROM = new Date('2027-01-01T00:00:00Z');
const sameSchedule = (a: string, b: string) => {
  const times = (cron: string) =>
    nextRuns(cron, 'UTC', 30, FROM)
      .map((d) => d.getTime())
      .join();
  try {
    return times(a) === times(b);
  } catch {
    return false;
  }
};

export function triggerMatches(actual: AgentTrigger, expected: ExpectedTrigger): boolean {
  if (actual.type !== expected.type) return false;
  if (actual.type === 'schedule' && expected.type === 'schedule') {
    return sameSchedule(actual.cron, expected.cron);
  }
  if (actual.type === 'event' && expected.type === 'event') {
    return actual.integration === expected.integration && actual.event === expected.event;
  }
  return true;
}

export type CaseResult = {
  case: CorpusCase;
  spec: AgentSpec;
  missing: string[];
  extra: string[];
  triggerOk: boolean;
  categoryOk: boolean;
  issues: ReturnType<typeof validateSpec>;
};

export type CorpusScore = {
  cases: number;
  precision: number;
  recall: number;
  f1: number;
  triggerAccuracy: number;
  categoryAccuracy: number;
  invalid: number;
  results: CaseResult[];
};

export function scoreCase(item: CorpusCase, spec: AgentSpec): CaseResult {
  const got = new Set(spec.integrations.map((i) => i.id));
  const want = new Set(item.integrations);
  return {
    case: item,
    spec,
    missing: [...want].filter((id) => !got.has(id)),
    extra: [...got].filter((id) => !want.has(id)),
    triggerOk: triggerMatches(spec.trigger, item.trigger),
    categoryOk: spec.category === item.category,
    issues: validateSpec(spec),
  };
}

export function scoreCorpus(
  corpus: readonly CorpusCase[],
  compile: (prompt: string) => AgentSpec,
): CorpusScore {
  const results = corpus.map((item) => scoreCase(item, compile(item.prompt)));
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  for (const r of results) {
    truePositives += r.spec.integrations.length - r.extra.length;
    falsePositives += r.extra.length;
    falseNegatives += r.missing.length;
  }
  const precision = truePositives / Math.max(1, truePositives + falsePositives);
  const recall = truePositives / Math.max(1, truePositives + falseNegatives);
  const share = (test: (r: CaseResult) => boolean) => results.filter(test).length / results.length;
  return {
    cases: results.length,
    precision,
    recall,
    f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0,
    triggerAccuracy: share((r) => r.triggerOk),
    categoryAccuracy: share((r) => r.categoryOk),
    invalid: results.filter((r) => r.issues.length).length,
    results,
  };
}

import { AGENT_CATEGORIES } from '@spoke/shared';
import { describe, expect, it } from 'vitest';
import { INTEGRATIONS } from '../catalog/index.ts';
import { trainCategoryModel } from './category-train.ts';
import categoryModel from './category-model.json' with { type: 'json' };
import { CORPUS, DEV_SET, LANDING_PROMPTS } from './corpus.ts';
import { isVague, scoreCorpus, type CaseResult } from './corpus-score.ts';
import type { CorpusCase } from './corpus/types.ts';
import { isValidCron } from '@spoke/shared/schedule';
import { compileOffline } from './index.ts';
import { trainTriggerTypeModel } from './trigger-type-train.ts';
import triggerTypeModel from './trigger-type-model.json' with { type: 'json' };
import { learnUsualNames } from './usual-names-train.ts';
import usualNames from './usual-names.json' with { type: 'json' };

// The development set: where the compiler's rules and its models (category, trigger type) come
// from. These tests keep what it reaches there from slipping; the held-out sets
// (bench/compiler/heldout*) are scored by `npm run bench -- compiler` only.

const NOW = new Date('2026-11-21T10:00:00Z');
const score = scoreCorpus(DEV_SET, (prompt) =>
  compileOffline({ prompt, timezone: 'Europe/Berlin', now: NOW }),
);
const buildable = DEV_SET.filter((item): item is CorpusCase => !isVague(item));

const misses = (test: (r: CaseResult) => boolean, show: (r: CaseResult) => string) =>
  score.results.filter((r) => !test(r)).map((r) => `${r.case.prompt} -> ${show(r)}`);
const shown = (r: CaseResult) =>
  'question' in r.outcome ? `question: ${r.outcome.question}` : JSON.stringify(r.outcome.trigger);

describe('development set', () => {
  it('is large and varied: every trigger type and category, vague ones too', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(160);
    expect(DEV_SET.length).toBeGreaterThanOrEqual(400);
    expect(new Set(DEV_SET.map((c) => c.prompt)).size).toBe(DEV_SET.length);
    expect(new Set(buildable.map((c) => c.trigger.type))).toEqual(
      new Set(['manual', 'schedule', 'webhook', 'event']),
    );
    expect(new Set(buildable.map((c) => c.category))).toEqual(new Set(AGENT_CATEGORIES));
    expect(DEV_SET.filter(isVague).length).toBeGreaterThanOrEqual(10);
    for (const prompt of LANDING_PROMPTS) expect(CORPUS.map((c) => c.prompt)).toContain(prompt);
  });

  it('labels well-formed triggers: valid cron, events as object.action on a labelled service', () => {
    const ids = new Set(INTEGRATIONS.map((i) => i.id));
    for (const item of CORPUS) {
      for (const id of item.integrations) expect(ids, item.prompt).toContain(id);
    }
    for (const item of buildable) {
      if (item.trigger.type === 'schedule')
        expect(isValidCron(item.trigger.cron), item.prompt).toBe(true);
      if (item.trigger.type === 'event') {
        const { integration, event } = item.trigger;
        const declared = INTEGRATIONS.find((i) => i.id === integration)?.events.map((e) => e.id);
        if (!declared?.includes(event))
          expect(event, item.prompt).toMatch(/^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+$/);
        expect(item.integrations, item.prompt).toContain(item.trigger.integration);
      }
    }
  });

  // Full-batch training over the whole set takes seconds.
  it('trains the committed category model: retraining gives the same weights', () => {
    expect(trainCategoryModel(buildable)).toEqual(categoryModel);
  }, 60_000);

  it('trains the committed trigger-type model: retraining gives the same weights', () => {
    expect(trainTriggerTypeModel(buildable)).toEqual(triggerTypeModel);
  }, 60_000);

  // (It reads every description of the set for names: seconds too.)
  it('learns the committed list of names that are nearly always their product', () => {
    expect(learnUsualNames(buildable)).toEqual(usualNames);
  }, 60_000);
});

describe('embedded compiler on the development set', () => {
  it('produces a valid spec for every buildable description', () => {
    const invalid = score.results
      .filter((r) => r.issues.length)
      .map((r) => `${r.case.prompt}: ${JSON.stringify(r.issues)}`);
    expect(invalid).toEqual([]);
  });

  it('drops no named service: each is an integration or listed as unavailable', () => {
    const report = misses(
      (r) => !r.dropped.length,
      (r) => `dropped [${r.dropped}]`,
    );
    // The first corpus: none at all. Over the whole set (each later batch written to be harder)
    // a few lower-case products the catalog lacks, and everyday words that are also products,
    // stay unread ("in pixieset post", "an x thread"): at most 2 %, down from 8 % as measured
    // on arrival.
    const first = score.results.slice(0, CORPUS.length).filter((r) => r.dropped.length);
    expect(first.map((r) => r.case.prompt)).toEqual([]);
    expect(score.dropped / score.namedServices, report.join('\n')).toBeLessThanOrEqual(0.02);
  });

  it('asks back on vague descriptions, and only on them', () => {
    const report = misses((r) => r.questionOk, shown);
    // Nonsense made of English words and a verb of work, with nothing the compiler can check
    // against: still built. Listed so that reading it right shows here too.
    const known = ['purple elephant sync the moon to tuesday'];
    expect(report.filter((line) => !known.some((prompt) => line.includes(prompt)))).toEqual([]);
    expect(known.filter((prompt) => report.some((line) => line.includes(prompt)))).toEqual(known);
  });

  it('finds the expected integrations (micro F1 >= 0.9)', () => {
    const report = misses(
      (r) => !r.missing.length && !r.extra.length,
      (r) => `missing [${r.missing}] extra [${r.extra}]`,
    );
    expect(score.f1, report.join('\n')).toBeGreaterThanOrEqual(0.9);
  });

  it('reads the expected trigger (accuracy >= 0.9)', () => {
    const report = misses((r) => r.triggerOk, shown);
    expect(score.triggerAccuracy, report.join('\n')).toBeGreaterThanOrEqual(0.9);
  });

  it('files the expected category (accuracy >= 0.9)', () => {
    const report = misses(
      (r) => r.categoryOk,
      (r) => ('question' in r.outcome ? 'question' : r.outcome.category),
    );
    expect(score.categoryAccuracy, report.join('\n')).toBeGreaterThanOrEqual(0.9);
  });
});

import { AGENT_CATEGORIES } from '@spoke/shared';
import { describe, expect, it } from 'vitest';
import { INTEGRATIONS } from '../catalog/index.ts';
import { CORPUS, LANDING_PROMPTS } from './corpus.ts';
import { scoreCorpus, type CaseResult } from './corpus-score.ts';
import { isValidCron } from './cron.ts';
import { compileEmbedded } from './embedded.ts';

const NOW = new Date('2026-11-21T10:00:00Z');
const score = scoreCorpus(CORPUS, (prompt) =>
  compileEmbedded({ prompt, timezone: 'Europe/Berlin', now: NOW }),
);

const misses = (test: (r: CaseResult) => boolean, show: (r: CaseResult) => string) =>
  score.results.filter((r) => !test(r)).map((r) => `${r.case.prompt} -> ${show(r)}`);

describe('labelled corpus', () => {
  it('is large and varied: every trigger type and category, with and without integrations', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(160);
    expect(new Set(CORPUS.map((c) => c.prompt)).size).toBe(CORPUS.length);
    expect(new Set(CORPUS.map((c) => c.trigger.type))).toEqual(
      new Set(['manual', 'schedule', 'webhook', 'event']),
    );
    expect(new Set(CORPUS.map((c) => c.category))).toEqual(new Set(AGENT_CATEGORIES));
    expect(CORPUS.some((c) => c.integrations.length === 0)).toBe(true);
    expect(CORPUS.some((c) => c.integrations.length >= 3)).toBe(true);
    for (const prompt of LANDING_PROMPTS) expect(CORPUS.map((c) => c.prompt)).toContain(prompt);
  });

  it('labels only what exists: catalog ids, catalog events, valid cron expressions', () => {
    const ids = new Set(INTEGRATIONS.map((i) => i.id));
    for (const item of CORPUS) {
      for (const id of item.integrations) expect(ids, item.prompt).toContain(id);
      if (item.trigger.type === 'schedule')
        expect(isValidCron(item.trigger.cron), item.prompt).toBe(true);
      if (item.trigger.type === 'event') {
        const { integration, event } = item.trigger;
        const events = INTEGRATIONS.find((i) => i.id === integration)?.events.map((e) => e.id);
        expect(events, item.prompt).toContain(event);
        expect(item.integrations, item.prompt).toContain(integration);
      }
    }
  });
});

describe('embedded compiler on the corpus', () => {
  it('produces a valid spec for every description', () => {
    const invalid = score.results
      .filter((r) => r.issues.length)
      .map((r) => `${r.case.prompt}: ${JSON.stringify(r.issues)}`);
    expect(invalid).toEqual([]);
  });

  it('finds the expected integrations (micro F1 >= 0.9)', () => {
    const report = misses(
      (r) => !r.missing.length && !r.extra.length,
      (r) => `missing [${r.missing}] extra [${r.extra}]`,
    );
    expect(score.f1, report.join('\n')).toBeGreaterThanOrEqual(0.9);
  });

  it('reads the expected trigger (accuracy >= 0.9)', () => {
    const report = misses(
      (r) => r.triggerOk,
      (r) => JSON.stringify(r.spec.trigger),
    );
    expect(score.triggerAccuracy, report.join('\n')).toBeGreaterThanOrEqual(0.9);
  });

  it('files the expected category (accuracy >= 0.9)', () => {
    const report = misses(
      (r) => r.categoryOk,
      (r) => r.spec.category,
    );
    expect(score.categoryAccuracy, report.join('\n')).toBeGreaterThanOrEqual(0.9);
  });
});

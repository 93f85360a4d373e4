import type { AgentCategory } from '@spoke/shared';

/** What a careful reader expects the compiler to make of one description. */
export type CorpusCase = {
  prompt: string;
  /** Catalog integration ids the agent needs, as a set. */
  integrations: readonly string[];
  trigger: ExpectedTrigger;
  category: AgentCategory;
};

export type ExpectedTrigger =
  | { type: 'manual' }
  | { type: 'webhook' }
  | { type: 'schedule'; cron: string }
  | { type: 'event'; integration: string; event: string };

export const MANUAL: ExpectedTrigger = { type: 'manual' };
export const WEBHOOK: ExpectedTrigger = { type: 'webhook' };
export const cron = (expression: string): ExpectedTrigger => ({
  type: 'schedule',
  cron: expression,
});
export const on = (integration: string, event: string): ExpectedTrigger => ({
  type: 'event',
  integration,
  event,
});

/** Shorthand that keeps the case files readable as a table. */
export const item = (
  prompt: string,
  integrations: readonly string[],
  trigger: ExpectedTrigger,
  category: AgentCategory,
): CorpusCase => ({ prompt, integrations, trigger, category });

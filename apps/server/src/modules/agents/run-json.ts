import type { Run, RunStep } from '@spoke/shared';
import type { runs } from '../../db/schema.ts';

export type RunRow = typeof runs.$inferSelect;

/** The API's run object; `steps` for single-run answers. */
export function runJson(row: RunRow, steps?: RunStep[]): Run {
  return {
    id: row.id,
    agent_id: row.agentId,
    status: row.status,
    trigger: row.trigger,
    input: row.input ?? null,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    usage: {
      messages: row.messages,
      integration_credits: row.credits,
      tokens: { input: row.tokensIn, output: row.tokensOut },
    },
    error: row.error,
    ...(steps ? { steps } : {}),
  };
}

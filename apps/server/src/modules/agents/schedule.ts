import type { AgentTrigger } from '@spoke/shared';
import { nextRun } from '@spoke/shared/schedule';

/** The next time a schedule fires after `from`, or null when the cron never fires again. */
export function nextFire(
  trigger: Extract<AgentTrigger, { type: 'schedule' }>,
  from: Date,
): Date | null {
  return nextRun(trigger.cron, trigger.timezone, from);
}

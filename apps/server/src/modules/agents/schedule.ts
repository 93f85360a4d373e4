import { Cron } from 'croner';
import type { AgentTrigger } from '@spoke/shared';

/** The next time a schedule fires after `from`, or null when the cron never fires again. */
export function nextFire(
  trigger: Extract<AgentTrigger, { type: 'schedule' }>,
  from: Date,
): Date | null {
  try {
    return (
      new Cron(trigger.cron, { timezone: trigger.timezone, paused: true }).nextRun(from) ?? null
    );
  } catch {
    return null;
  }
}

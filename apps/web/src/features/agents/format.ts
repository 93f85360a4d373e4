import {
  indefiniteArticle,
  type AgentTrigger,
  type IntegrationInfo,
  type Run,
  type RunStatus,
} from '@spoke/shared';

export { formatCount, formatDate, formatDateTime, plural } from '#web/lib/format.ts';

/** A duration for people: "850 ms", "7.5 s", "2 min 5 s". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds ? `${minutes} min ${seconds} s` : `${minutes} min`;
}

/** How long a run took, or has been going; null before it started. */
export function runDuration(
  run: { started_at: string | null; finished_at: string | null },
  now = Date.now(),
): number | null {
  if (!run.started_at) return null;
  const start = Date.parse(run.started_at);
  const end = run.finished_at ? Date.parse(run.finished_at) : now;
  return Number.isNaN(start) || Number.isNaN(end) ? null : Math.max(0, end - start);
}

export const RUN_STATUS_LABELS: Record<RunStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

export function runStatusLabel(status: string): string {
  return RUN_STATUS_LABELS[status as RunStatus] ?? status;
}

/** What started a run, in words. */
export const RUN_TRIGGER_LABELS: Record<Run['trigger'], string> = {
  manual: 'Manual run',
  schedule: 'Scheduled run',
  webhook: 'Webhook run',
  event: 'Event run',
};

type Catalog = ReadonlyMap<string, Pick<IntegrationInfo, 'name' | 'events'>>;

export function integrationName(id: string, catalog?: Catalog): string {
  return catalog?.get(id)?.name ?? id;
}

// Actions that read better as what the thing does: "a deploy fails", not "a deploy is failed".
const INTRANSITIVE: Record<string, string> = {
  arrived: 'arrives',
  ended: 'ends',
  expired: 'expires',
  failed: 'fails',
  finished: 'finishes',
  started: 'starts',
  succeeded: 'succeeds',
};

/**
 * An event in words: `review.created` -> "a review is created"; ids that do not read as
 * `<object>.<action>` give the catalog's name, "“Page updated” happens".
 */
export function eventInWords(id: string, name?: string): string {
  const match = /^([a-z][a-z0-9_]*)\.([a-z]+ed)$/.exec(id);
  if (!match) return `“${name ?? id}” happens`;
  const object = match[1]!.replace(/_/g, ' ');
  const action = match[2]!;
  return `${indefiniteArticle(object)} ${object} ${INTRANSITIVE[action] ?? `is ${action}`}`;
}

/** A polling interval in words: "every minute", "every 15 minutes", "every 2 hours", "every day". */
export function intervalInWords(minutes: number): string {
  if (minutes === 1) return 'every minute';
  if (minutes === 1440) return 'every day';
  if (minutes % 60 === 0) return minutes === 60 ? 'every hour' : `every ${minutes / 60} hours`;
  return `every ${minutes} minutes`;
}

/** How the event reaches the agent, in words: "by Linear’s webhook", "checked every 15 minutes". */
export function deliveryInWords(
  trigger: Extract<AgentTrigger, { type: 'event' }>,
  catalog?: Catalog,
): string {
  const delivery = trigger.delivery ?? { type: 'webhook' };
  return delivery.type === 'poll'
    ? `checked ${intervalInWords(delivery.interval_minutes)}`
    : `by ${integrationName(trigger.integration, catalog)}’s webhook`;
}

/** When the agent runs, in words. */
export function triggerInWords(trigger: AgentTrigger, catalog?: Catalog): string {
  switch (trigger.type) {
    case 'manual':
      return 'When you start it';
    case 'schedule':
      return `${capitalise(trigger.text)} (${trigger.timezone})`;
    case 'webhook':
      return 'When its webhook URL is called';
    case 'event': {
      const integration = catalog?.get(trigger.integration);
      const event = integration?.events.find((each) => each.id === trigger.event);
      const what = eventInWords(trigger.event, event?.name);
      const where = integration?.name ?? trigger.integration;
      return `When ${what} on ${where} — ${deliveryInWords(trigger, catalog)}`;
    }
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

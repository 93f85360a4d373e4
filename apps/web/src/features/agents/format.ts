import type { AgentTrigger, IntegrationInfo, RunStatus } from '@spoke/shared';

export { formatCount, formatDate, formatDateTime, plural } from '../../lib/format.ts';

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

type Catalog = ReadonlyMap<string, Pick<IntegrationInfo, 'name' | 'events'>>;

export function integrationName(id: string, catalog?: Catalog): string {
  return catalog?.get(id)?.name ?? id;
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
      return `On “${event?.name ?? trigger.event}” in ${integration?.name ?? trigger.integration}`;
    }
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

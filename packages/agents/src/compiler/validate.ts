import { AgentSpecSchema, type AgentSpec } from '@spoke/shared';
import { integrationById } from '../catalog/index.ts';
import { isValidCron, isValidTimeZone, nextRuns } from './cron.ts';

/** One problem with a spec: where (dotted, e.g. `trigger.cron`, `integrations.1.id`) and what. */
export type SpecIssue = { path: string; message: string };

export const CRON_MESSAGE = 'must be a valid cron expression, e.g. 0 9 * * 1-5';

/** What the schema cannot see: the catalog, the cron parser, the time zone database. */
function checkMeaning(spec: AgentSpec): SpecIssue[] {
  const issues: SpecIssue[] = [];
  const listed = new Set<string>();
  spec.integrations.forEach((integration, i) => {
    if (!integrationById(integration.id)) {
      issues.push({
        path: `integrations.${i}.id`,
        message: `unknown integration "${integration.id}"`,
      });
    } else if (listed.has(integration.id)) {
      issues.push({ path: `integrations.${i}.id`, message: `"${integration.id}" is listed twice` });
    }
    listed.add(integration.id);
  });
  const { trigger } = spec;
  if (trigger.type === 'schedule') {
    const fields = trigger.cron.trim().split(/\s+/).length;
    if (fields !== 5 || !isValidCron(trigger.cron)) {
      issues.push({ path: 'trigger.cron', message: CRON_MESSAGE });
    } else if (!nextRuns(trigger.cron, 'UTC', 1).length) {
      // e.g. 0 0 31 2 *: valid, but February has no 31st.
      issues.push({ path: 'trigger.cron', message: 'never fires: no such date exists' });
    }
    if (!isValidTimeZone(trigger.timezone)) {
      issues.push({
        path: 'trigger.timezone',
        message: 'must be an IANA time zone, e.g. Europe/Berlin',
      });
    }
  }
  if (trigger.type === 'event') {
    const integration = integrationById(trigger.integration);
    if (!integration) {
      issues.push({
        path: 'trigger.integration',
        message: `unknown integration "${trigger.integration}"`,
      });
    } else if (!integration.events.some((event) => event.id === trigger.event)) {
      const known = integration.events.map((event) => event.id).join(', ') || 'none';
      issues.push({
        path: 'trigger.event',
        message: `${integration.name} has no event "${trigger.event}" (known: ${known})`,
      });
    } else if (!listed.has(trigger.integration)) {
      issues.push({
        path: 'trigger.integration',
        message: `"${trigger.integration}" must also be listed in integrations`,
      });
    }
  }
  spec.steps.forEach((step, s) => {
    step.tools.forEach((tool, t) => {
      const path = `steps.${s}.tools.${t}`;
      const dot = tool.indexOf('.');
      const id = dot > 0 ? tool.slice(0, dot) : '';
      if (!id || dot === tool.length - 1) {
        issues.push({ path, message: 'must name a tool as <integration>.<tool>' });
      } else if (!listed.has(id)) {
        issues.push({ path, message: `uses "${id}", which is not in the spec's integrations` });
      }
    });
  });
  return issues;
}

/**
 * Every problem with a spec, or an empty list: the shared schema first (shapes, lengths), then the
 * catalog (integrations and events exist), the cron expression, the time zone, and that each
 * step's tools belong to integrations the spec lists.
 */
export function validateSpec(spec: unknown): SpecIssue[] {
  const parsed = AgentSpecSchema.safeParse(spec);
  if (!parsed.success) {
    return parsed.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    }));
  }
  return checkMeaning(parsed.data);
}

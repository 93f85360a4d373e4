import {
  AgentSpecSchema,
  checkPlan,
  nestsTooDeep,
  referencesIn,
  type AgentPlanStep,
  type AgentSpec,
  type PlanIssue,
  type ToolPlanStep,
} from '@spoke/shared';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { integrationById } from '../catalog/index.ts';
import { toolNamesOf, toolSchemaOf } from '../catalog/tool-schemas.ts';
import { isValidCron, isValidTimeZone, nextRuns } from '@spoke/shared/schedule';
import { isRunnable, sameService } from './services.ts';

/** One problem with a spec: where (dotted, e.g. `trigger.cron`, `integrations.1.id`) and what. */
export type SpecIssue = { path: string; message: string };

export const CRON_MESSAGE = 'must be a valid cron expression, e.g. 0 9 * * 1-5';

const EVENT_ID = /^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+$/;

type EventTrigger = Extract<AgentSpec['trigger'], { type: 'event' }>;

/**
 * An event trigger names a service the spec uses and something that happens there. A service Spoke
 * can run must be among the integrations; its event is one the catalog declares, or, with a
 * delivery chosen, any `<object>.<action>` (polled with a tool of the integration, or sent by the
 * service to the agent's webhook). A service Spoke cannot run must be listed as unavailable, and
 * its events can only arrive by webhook.
 */
function checkEvent(spec: AgentSpec, trigger: EventTrigger, listed: ReadonlySet<string>) {
  const issues: SpecIssue[] = [];
  const integration = integrationById(trigger.integration);
  const unavailable = (spec.unavailable ?? []).some(
    (u) => u.id === trigger.integration || sameService(u.name, trigger.integration),
  );
  const declaredHere = integration?.events.some((event) => event.id === trigger.event);
  if (!declaredHere && !EVENT_ID.test(trigger.event)) {
    issues.push({
      path: 'trigger.event',
      message: 'must look like object.action, e.g. review.created',
    });
  }
  if (!integration || !isRunnable(integration)) {
    if (!unavailable) {
      issues.push({
        path: 'trigger.integration',
        message: integration
          ? `"${trigger.integration}" must also be listed in unavailable`
          : `unknown integration "${trigger.integration}"`,
      });
    } else if (trigger.delivery?.type === 'poll') {
      issues.push({
        path: 'trigger.delivery.type',
        message: `${integration?.name ?? trigger.integration} has no MCP server Spoke can run, so its events can only arrive by webhook`,
      });
    }
    return issues;
  }
  const declared = integration.events.find((event) => event.id === trigger.event);
  if (!declared && !trigger.delivery) {
    const known = integration.events.map((event) => event.id).join(', ') || 'none';
    issues.push({
      path: 'trigger.event',
      message: `${integration.name} has no event "${trigger.event}" (known: ${known})`,
    });
  }
  if (!listed.has(trigger.integration)) {
    issues.push({
      path: 'trigger.integration',
      message: `"${trigger.integration}" must also be listed in integrations`,
    });
  }
  const tool = trigger.delivery?.type === 'poll' ? trigger.delivery.tool : undefined;
  const tools = integration.tools.map((t) => t.name);
  if (tool && tools.length && !tools.includes(tool)) {
    issues.push({
      path: 'trigger.delivery.tool',
      message: `${integration.name} has no tool "${tool}" (known: ${tools.join(', ')})`,
    });
  }
  return issues;
}

// (Formats other than e-mail are left to the tool's server: the schema words are its own.)
const ajv = new Ajv({ strict: false, allErrors: false, logger: false, verbose: true }).addFormat(
  'email',
  /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
);
const argumentChecks = new Map<string, ValidateFunction>();

/** A check of one argument of a tool against its input schema, compiled once. */
function argumentCheck(tool: string, name: string, schema: unknown): ValidateFunction | null {
  const key = `${tool} ${name}`;
  let check = argumentChecks.get(key);
  if (!check) {
    try {
      check = ajv.compile(schema as object);
    } catch {
      return null;
    }
    argumentChecks.set(key, check);
  }
  return check;
}

/** A schema error in words: "must be a valid email", not the pattern behind it. */
function argumentMessage(error: ErrorObject | undefined): string {
  if (!error) return 'is invalid';
  const format = (error.parentSchema as { format?: unknown } | undefined)?.format;
  if (error.keyword === 'format' || (error.keyword === 'pattern' && typeof format === 'string')) {
    return `must be a valid ${String(format ?? error.params.format).replace(/-/g, ' ')}`;
  }
  if (error.keyword === 'pattern') return 'is not in the form the tool expects';
  return error.message ?? 'is invalid';
}

/**
 * A plan step's tools: each of an integration the spec lists and known to its catalog entry, and
 * a tool step's arguments against the tool's input schema where the catalog records it — every
 * required one given, none unknown, and those written out (no `{{…}}`) valid as they stand.
 */
function checkPlanTools(
  step: ToolPlanStep | AgentPlanStep,
  path: string,
  listed: ReadonlySet<string>,
): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const named =
    step.kind === 'tool'
      ? [[step.tool, `${path}.tool`] as const]
      : step.tools.map((tool, k) => [tool, `${path}.tools.${k}`] as const);
  for (const [name, where] of named) {
    const dot = name.indexOf('.');
    const id = name.slice(0, dot);
    const tool = name.slice(dot + 1);
    if (!listed.has(id)) {
      issues.push({
        path: where,
        message: `uses "${id}", which is not in the spec's integrations`,
      });
      continue;
    }
    const known = toolNamesOf(id);
    if (known.length && !known.includes(tool)) {
      issues.push({
        path: where,
        message: `${id} has no tool "${tool}" (known: ${known.slice(0, 12).join(', ')}${known.length > 12 ? `, and ${known.length - 12} more` : ''})`,
      });
    }
  }
  if (step.kind !== 'tool' || issues.length) return issues;
  const schema = toolSchemaOf(step.tool)?.inputSchema;
  if (!schema) return issues;
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const required = (schema.required ?? []) as string[];
  for (const name of required) {
    if (!(name in step.args)) issues.push({ path: `${path}.args.${name}`, message: 'is required' });
  }
  for (const [name, value] of Object.entries(step.args)) {
    if (!(name in properties)) {
      issues.push({
        path: `${path}.args.${name}`,
        message: `is not an argument of ${step.tool} (it takes ${Object.keys(properties).join(', ')})`,
      });
      continue;
    }
    // (Too deep is checkPlan's to report; written-out values only are checked here.)
    if (nestsTooDeep(value) || referencesIn(value).length) continue;
    const check = argumentCheck(step.tool, name, properties[name]);
    if (check && !check(value)) {
      const [first] = check.errors ?? [];
      const where = first?.instancePath ? first.instancePath.replace(/\//g, '.') : '';
      issues.push({
        path: `${path}.args.${name}${where}`,
        message: argumentMessage(first),
      });
    }
  }
  return issues;
}

/** What the schema cannot see: the catalog, the cron parser, the time zone database. */
function checkMeaning(spec: AgentSpec): SpecIssue[] {
  const issues: SpecIssue[] = [];
  const listed = new Set<string>();
  spec.integrations.forEach((integration, i) => {
    const known = integrationById(integration.id);
    if (!known) {
      issues.push({
        path: `integrations.${i}.id`,
        message: `unknown integration "${integration.id}"`,
      });
    } else if (!isRunnable(known)) {
      issues.push({
        path: `integrations.${i}.id`,
        message: `${known.name} has no MCP server Spoke can run yet: list it in unavailable`,
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
  if (trigger.type === 'event') issues.push(...checkEvent(spec, trigger, listed));
  if (spec.plan) {
    for (const issue of checkPlan(spec.plan, (step, path) => checkPlanTools(step, path, listed))) {
      issues.push({ path: `plan.${issue.path}`, message: issue.message });
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

import { AGENT_CATEGORIES } from '@spoke/shared';
import { z } from 'zod';

// The spec's shape as a model is asked for it: the same fields as the shared AgentSpecSchema
// (zod/mini), written with zod classic so that providers' structured-output modes accept it: a
// plain union instead of a discriminated one, no length limits (validateSpec checks those on the
// answer) and a description on every field. model-schema.test.ts keeps the two in step.

const trigger = z.union([
  z.object({ type: z.literal('manual').describe('Runs only when the owner starts it') }),
  z.object({
    type: z.literal('schedule'),
    cron: z.string().describe('Five-field cron expression, e.g. "0 9 * * 1-5"'),
    timezone: z.string().describe('IANA time zone, e.g. "Europe/Berlin"'),
    text: z.string().describe('The schedule in words, e.g. "every weekday at 9:00"'),
  }),
  z.object({ type: z.literal('webhook').describe('Runs when its webhook URL is called') }),
  z.object({
    type: z.literal('event'),
    integration: z
      .string()
      .describe('Catalog id of the service the event comes from (or the id of an unavailable one)'),
    event: z
      .string()
      .describe('One of its event ids, or "<object>.<action>" (e.g. "review.created") otherwise'),
    delivery: z
      .union([
        z.object({ type: z.literal('webhook').describe('The service calls the agent') }),
        z.object({
          type: z.literal('poll').describe('Spoke checks for new items with one of its tools'),
          interval_minutes: z.number().describe('Minutes between checks, 1 to 1440 (15 usual)'),
          tool: z.string().optional().describe('The tool that lists recent items'),
          arguments: z.record(z.string(), z.unknown()).optional().describe('Its arguments'),
        }),
      ])
      .optional()
      .describe('How the event reaches the agent; leave out to let Spoke choose'),
  }),
]);

export const ModelSpecSchema = z.object({
  name: z
    .string()
    .describe('Short name, at most 80 characters, e.g. "Zendesk ticket digest to Slack"'),
  summary: z.string().describe('One sentence, at most 300 characters'),
  category: z.enum(AGENT_CATEGORIES).describe('The category that fits best, or "Other"'),
  instructions: z
    .string()
    .describe("The agent's system prompt: role, task, which tools for what, output, rules"),
  trigger: trigger.describe('When the agent runs'),
  integrations: z
    .array(
      z.object({
        id: z.string().describe('Catalog integration id'),
        why: z.string().describe('Why the agent uses it, in a few words'),
        config: z.array(z.string()).describe('Leave empty: filled from the catalog'),
      }),
    )
    .describe('Every integration the agent needs, at most 20'),
  steps: z
    .array(
      z.object({
        text: z.string().describe('One step of the plan in plain words'),
        tools: z
          .array(z.string())
          .describe('Tools the step uses as "<integration id>.<tool>"; only listed integrations'),
      }),
    )
    .describe('The ordered plan, at most 30 steps'),
  guardrails: z.array(z.string()).describe('What the agent must not do'),
  assumptions: z.array(z.string()).describe('What you assumed that the owner should confirm'),
  unresolved: z.array(z.string()).describe('Questions for the owner about what is missing'),
  unavailable: z
    .array(
      z.object({
        name: z.string().describe('The service as the description names it, e.g. "G2"'),
        id: z.string().optional().describe('Its catalog id, when the catalog lists it'),
        help: z.string().describe('Leave empty: filled by Spoke'),
      }),
    )
    .optional()
    .describe('Services the description names that the catalog cannot run (no server, or absent)'),
});

export type ModelSpec = z.infer<typeof ModelSpecSchema>;

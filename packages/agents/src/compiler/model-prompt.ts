import { AGENT_CATEGORIES } from '@spoke/shared';
import { INTEGRATIONS } from '../catalog/index.ts';
import type { CompileInput } from './types.ts';

// What a model is told when it compiles a description: the rules of the spec and the catalog, one
// line per integration, so that it picks ids, events and tools that exist.

function catalogLine(integration: (typeof INTEGRATIONS)[number]): string {
  const events = integration.events.map((event) => event.id).join(', ');
  const tools = integration.tools.map((tool) => tool.name).join(', ');
  if (integration.provider.kind === 'none') {
    return `- ${integration.id}: ${integration.name}. No server yet: list it in "unavailable".`;
  }
  return [
    `- ${integration.id}: ${integration.name}. ${integration.description}`,
    events ? ` Events: ${events}.` : '',
    tools ? ` Tools: ${tools}.` : '',
  ].join('');
}

/** The catalog, compactly: id, name, what it does, events and known tools. */
export const CATALOG_PROMPT = INTEGRATIONS.map(catalogLine).join('\n');

export const SYSTEM_PROMPT = `You turn a plain-language description of an automation agent into its specification.

Rules:
- Use only integrations from the catalog below, by id. A service the description names that is not in the catalog, or that the catalog marks "No server yet", goes in "unavailable" by name, never silently left out. E-mail without a named provider is "email"; a team chat or #channel without a named tool is "slack"; "remember"/"keep track" is "memory"; CSV conversion is "transform"; reading a web page is "web-page"; calling an API is "http-request"; sending to a webhook URL is "webhook"; reading a feed is "rss".
- trigger: "schedule" with a five-field cron expression (minute hour day-of-month month day-of-week) when the description gives a schedule; "event" with a catalog integration id and one of its event ids when something happening in that integration starts the agent ("when a new ticket arrives in Zendesk"), or "<object>.<action>" for events the catalog does not list ("review.created"), also for an unavailable service; "webhook" when another system calls the agent; otherwise "manual". Without a time of day, use 9:00; without a time zone, use the author's.
- category: one of ${AGENT_CATEGORIES.map((c) => `"${c}"`).join(', ')}.
- steps: an ordered plan in plain words; each step lists the tools it uses as "<integration id>.<tool>" from the tools listed for that integration (empty when none is listed).
- instructions: the agent's system prompt, written from the description: its role, what to do, which tools for what, what to output, and its rules.
- guardrails: what the agent must not do (e.g. "Ask before sending e-mail to anyone not named in the description").
- assumptions: what you assumed; unresolved: questions for the owner (e.g. "Which Slack channel should it post to?").
- Leave each integration's "config" and each unavailable service's "help" empty.
- If the description is too vague to build any agent from, still answer, with "unresolved" asking what the agent should do.

Catalog:
${CATALOG_PROMPT}`;

/** The user message: the description plus what the compiler knows about its author. */
export function userPrompt(input: CompileInput): string {
  const zone = input.timezone?.trim() || 'UTC';
  const now = (input.now ?? new Date()).toISOString();
  return `Author's time zone: ${zone}\nCurrent time: ${now}\n\nDescription:\n${input.prompt.trim()}`;
}

import {
  AGENT_SUMMARY_MAX,
  INSTRUCTIONS_MAX,
  indefiniteArticle,
  type AgentIntegration,
  type AgentTrigger,
} from '@spoke/shared';
import { integrationById } from '../catalog/index.ts';
import type { PlannedStep } from './plan.ts';
import { capitalize, clip, shouted } from './text.ts';

// The words of the spec: a one-sentence summary, why each integration is there, and the agent's
// system prompt, all written from the description and the plan.

const lowerFirst = (text: string) => (text ? text[0]!.toLowerCase() + text.slice(1) : text);

/** The event in words: the catalog's name for it, or "review created" from `review.created`. */
export function eventWords(trigger: Extract<AgentTrigger, { type: 'event' }>): string {
  const integration = integrationById(trigger.integration);
  const declared = integration?.events.find((e) => e.id === trigger.event);
  return declared?.name ?? trigger.event.replace(/[._]/g, ' ');
}

/** The service in words: the catalog's name, or the id as written. */
export const serviceName = (id: string) => integrationById(id)?.name ?? id;

/** Openings that ask rather than describe: "Hi!", "Could you please", "I want an agent that". */
const OPENINGS: readonly RegExp[] = [
  /^(?:hi|hey|hello|good (?:morning|afternoon|evening))\b[^.!?\n]*[.!?]\s+/i,
  /^(?:so|ok|okay|basically),?\s+/i,
  /^(?:i|we) (?:want|need|would like|'d like)(?: you)? to (?:have|get) (?:an?|some) (?:agent|bot|assistant|automation) (?:that|which|to) /i,
  /^(?:i|we) (?:want|need|would like|'d like) (?:an?|some) (?:agent|bot|assistant|automation) (?:that|which|to) /i,
  /^(?:build|create|make|set up|give) (?:me|us) (?:an?|some) (?:agent|bot|assistant|automation) (?:that|which|to) /i,
  /^(?:an?|the) (?:agent|bot|assistant|automation) (?:that|which|to) /i,
  /^(?:could|can|would) you(?: please)?,? /i,
  /^(?:please|pls|plz|kindly),? /i,
];

/** Sentences that tell who the user is rather than what the agent does. */
const CONTEXT =
  /^(?:we(?:'re| are)|i(?:'m| am)|our (?:company|team|startup|shop|business) (?:is|has)|thanks|thank you|cheers)\b|^(?:hi|hey|hello|good (?:morning|afternoon|evening))\b[\s\w]{0,20}[!.,]*$/i;

/**
 * One or two sentences that say what the agent does, in the description's own words: a short
 * description is its own summary, tidied (no greeting, no "could you please"); a long one keeps
 * its sentences about the work, in order, up to AGENT_SUMMARY_MAX characters.
 */
export function makeSummary(prompt: string, trigger: AgentTrigger): string {
  // (A description written all in capitals is summarised in lower case.)
  const written = shouted(prompt) ? prompt.toLowerCase().replace(/\bi\b/g, 'I') : prompt;
  const sentences = written
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=[.!?])\s+|(?<=[。！？])\s*|\s*(?:^|\s)(?:[-*\u2022]|\d+[.)])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const tidy = (sentence: string) => {
    let out = sentence;
    for (let previous = ''; previous !== out;) {
      previous = out;
      for (const opening of OPENINGS) out = out.replace(opening, '');
    }
    out = out.trim().replace(/[?:;,、，：；？]+$/, '');
    // (Japanese and Chinese end a sentence with their own full stop.)
    if (!/[.!。．！]$/.test(out)) {
      out += /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]$/u.test(out) ? '。' : '.';
    }
    if (out === '.') out = '';
    return capitalize(out.trim());
  };
  const work = sentences
    .filter((s) => !CONTEXT.test(s))
    .map(tidy)
    .filter(Boolean);
  const chosen: string[] = [];
  for (const sentence of work.length ? work : sentences.map(tidy)) {
    if ([...chosen, sentence].join(' ').length > AGENT_SUMMARY_MAX && chosen.length) break;
    chosen.push(sentence);
  }
  // (No space after a Japanese or Chinese full stop.)
  const summary = chosen.reduce(
    (text, sentence) =>
      !text ? sentence : `${text}${/[。！？]$/.test(text) ? '' : ' '}${sentence}`,
    '',
  );
  if (summary) return clip(summary, AGENT_SUMMARY_MAX);
  return trigger.type === 'event'
    ? `Runs when ${eventWords(trigger)} in ${serviceName(trigger.integration)}.`
    : 'Runs when started.';
}

/** What the user can do about a service Spoke cannot run yet. */
export function unavailableHelp(name: string): string {
  return clip(
    `Spoke has no integration for ${name} yet. Search the registry for ${indefiniteArticle(name)} ${name} MCP server, add it as a custom MCP server, or call ${name}'s API with the HTTP Request integration.`,
    300,
  );
}

export function whyFor(id: string, steps: readonly PlannedStep[], trigger: AgentTrigger): string {
  const uses = steps.filter((step) => step.ids.includes(id));
  const parts: string[] = [];
  if (trigger.type === 'event' && trigger.integration === id) {
    parts.push(`starts a run on each ${eventWords(trigger).toLowerCase()} event`);
  }
  const use = uses.find((step) => !step.text.includes('that started the run'));
  if (use) parts.push(lowerFirst(use.text));
  if (!parts.length)
    parts.push(lowerFirst(integrationById(id)?.description.replace(/\.$/, '') ?? id));
  return clip(parts.join('; '), 300);
}

function whenSentence(trigger: AgentTrigger): string {
  switch (trigger.type) {
    case 'schedule':
      return `You run ${trigger.text} (time zone ${trigger.timezone}).`;
    case 'event':
      return `You run each time this happens in ${serviceName(trigger.integration)}: ${eventWords(trigger)}. The event's data is your input.`;
    case 'webhook':
      return 'You run when your webhook URL is called. The request body is your input.';
    case 'manual':
      return 'You run when your owner starts a run, sometimes with an input that narrows the task.';
  }
}

function outputSentence(ids: ReadonlySet<string>, steps: readonly PlannedStep[]): string {
  const delivers = steps.some((step) => step.kind === 'deliver');
  if (delivers && ['slack', 'microsoft-teams', 'discord', 'lark'].some((id) => ids.has(id))) {
    return 'Post one concise message: lead with what matters most, use short bullet points and link to the items you mention.';
  }
  if (ids.has('email') || ids.has('gmail') || ids.has('resend')) {
    return 'Send one e-mail with a clear subject line and a short, scannable body.';
  }
  if (['linkedin', 'x', 'wordpress'].some((id) => ids.has(id))) {
    return "Write in a clear, friendly voice and keep each post within the platform's length limits.";
  }
  if (steps.some((step) => step.kind === 'store')) {
    return 'Change only the records the plan names, and list each record you created or updated.';
  }
  return 'Answer with a short, well-structured result.';
}

export type InstructionParts = {
  name: string;
  prompt: string;
  trigger: AgentTrigger;
  steps: readonly PlannedStep[];
  integrations: readonly AgentIntegration[];
  guardrails: readonly string[];
  assumptions: readonly string[];
  unresolved: readonly string[];
};

/** The agent's system prompt. */
export function makeInstructions(p: InstructionParts): string {
  const ids = new Set(p.integrations.map((i) => i.id));
  const plan = p.steps.map((step, n) => {
    const tools = step.tools.length ? ` (tools: ${step.tools.join(', ')})` : '';
    return `${n + 1}. ${step.text}${tools}`;
  });
  const tools = p.integrations.map(
    (i) => `- ${integrationById(i.id)?.name ?? i.id} (${i.id}): ${i.why}`,
  );
  const lines = [
    `You are "${p.name}", an automation agent. ${whenSentence(p.trigger)}`,
    '',
    'Your owner described the job like this:',
    `"${p.prompt.trim()}"`,
    '',
    'Plan:',
    ...plan,
    '',
    ...(tools.length ? ['Integrations:', ...tools, ''] : []),
    `Output: ${outputSentence(ids, p.steps)} End every run with a short note of what you did.`,
    '',
    'Rules:',
    ...p.guardrails.map((rule) => `- ${rule}`),
    ...(p.assumptions.length
      ? ['', 'Assumptions to respect:', ...p.assumptions.map((a) => `- ${a}`)]
      : []),
    '',
    p.unresolved.length
      ? `Open questions (${p.unresolved.join(' ')}): if the answer is not in your input or configuration, stop and say what is missing instead of guessing.`
      : 'If something you need is missing, stop and say what is missing instead of guessing.',
  ];
  return clip(lines.join('\n'), INSTRUCTIONS_MAX);
}

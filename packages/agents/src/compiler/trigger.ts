import type { AgentTriggerType } from '@spoke/shared';
import { findEvent, type EventTrigger } from './events.ts';
import type { Mention } from './integrations.ts';
import { parseSchedule, type ParsedSchedule } from './schedule.ts';
import type { Token } from './text.ts';

// Which of the four triggers a description asks for. An incoming call ("when our deploy system
// calls this agent") makes a webhook; an event phrase after "when" makes an event trigger unless a
// schedule comes first; a schedule phrase makes a schedule; watching something that has no event
// of its own makes an hourly check; anything else runs on demand.

const INCOMING = [
  /\b(?:incoming|inbound)\s+(?:webhooks?|http\s+requests?|requests?|calls?|posts?)\b/i,
  /\b(?:via|by|through|from|on)\s+(?:a\s+|an\s+|the\s+)?webhooks?\b(?!\s+(?:url|at)\b)/i,
  /\bwebhooks?\s+(?:is\s+called|fires|arrives|hits)\b/i,
  /\b(?:call|post|send|hit|ping|forward|trigger|push|sent)(?:s|es|ed)?\b(?:\s+[^\s.]+){0,6}?\s+(?:this|the)\s+agent\b/i,
  /\b(?:the\s+agent'?s|its\s+own|this\s+agent'?s)\s+(?:webhook|url|endpoint)\b/i,
  /\b(?:it|they|which)\s+posts?\s+to\s+(?:this|the)\s+agent\b/i,
];

/** Watching something for news, with no event to subscribe to: the agent checks regularly. */
const WATCH =
  /\b(?:watch(?:es|ing)?|monitor(?:s|ing)?|keep an eye on|check (?:for|on) new|poll(?:s|ing)?)\b/i;
const ON_DEMAND =
  /\b(?:when i ask|on demand|when i run|when i tell|run when|on request|manually)\b/i;

export const POLL_CRON = '0 * * * *';

export type TriggerReading = {
  type: AgentTriggerType;
  /** Set for schedules (also the hourly check of a watched source). */
  schedule: ParsedSchedule | null;
  event: EventTrigger | null;
  assumptions: string[];
};

export function readTrigger(
  text: string,
  tokens: readonly Token[],
  mentions: readonly Mention[],
): TriggerReading {
  const schedule = parseSchedule(text);
  const event = findEvent(text, tokens, mentions);
  if (INCOMING.some((pattern) => pattern.test(text))) {
    return { type: 'webhook', schedule: null, event: null, assumptions: [] };
  }
  const eventFirst = event && (!schedule || (event.strong && event.index < schedule.index));
  if (event && eventFirst) return { type: 'event', schedule: null, event, assumptions: [] };
  if (schedule) {
    return { type: 'schedule', schedule, event: null, assumptions: schedule.assumptions };
  }
  const waitsForNews = /\b(?:when|whenever|each|every|any)\b[^.]{0,40}\bnew\b/i.test(text);
  if (!ON_DEMAND.test(text) && (WATCH.test(text) || waitsForNews)) {
    return {
      type: 'schedule',
      schedule: { cron: POLL_CRON, text: 'every hour', assumptions: [], index: 0 },
      event: null,
      assumptions: ['Nothing announces new items here, so the agent checks every hour'],
    };
  }
  return { type: 'manual', schedule: null, event: null, assumptions: [] };
}

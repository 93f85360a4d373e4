import { createHash } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { AgentTrigger, EventDelivery } from '@spoke/shared';
import { integrationById } from '../catalog/index.ts';
import type { Integration } from '../catalog/types.ts';
import type { McpConnection } from './connect.ts';
import { messageOf, redact, seconds, settleWithin } from './limits.ts';
import type { Connector } from './toolset.ts';

/** How much one poll reads, keeps and hands to a run. */
export const POLL_LIMITS = {
  /** Items read from one result; the rest are left for the tool to list again. */
  maxItemsRead: 500,
  /** Items given to one run; more wait for the next poll. */
  maxItemsPerRun: 50,
  /** Characters of JSON given to one run (at least one item is always given). */
  maxInputChars: 200_000,
  /** Ids remembered per agent, newest first. */
  maxSeen: 1000,
  /** Characters of a tool result a poll accepts. */
  maxResultChars: 1_000_000,
  /** Characters kept of an error message. */
  maxErrorChars: 1000,
  /** Connecting and calling the tool together. */
  timeLimitMs: 60_000,
} as const;

/** Finds integrations by id: the catalog, or in tests a catalog with a server of their own. */
export type IntegrationLookup = (id: string) => Integration | undefined;

/** What a poll of an agent's event trigger calls, and how it reads the answer. */
export type EventPollPlan = {
  integration: string;
  event: string;
  intervalMinutes: number;
  /** The tool to call: the trigger's own, else the catalog's default for the event; null: none. */
  tool: string | null;
  arguments: Record<string, unknown>;
  idField: string;
  itemsPath?: string;
};

/** A problem with a tool's answer, worded for the agent's owner. */
export class PollError extends Error {
  override name = 'PollError';
}

/** How the event reaches the agent; webhook when the trigger says nothing (older agents). */
export function deliveryOf(trigger: AgentTrigger): EventDelivery | null {
  if (trigger.type !== 'event') return null;
  return trigger.delivery ?? { type: 'webhook' };
}

/**
 * What polling the trigger means: the tool (the trigger's, else the catalog's default for the
 * event) with its arguments, and where the items and their ids are. The catalog's arguments,
 * `idField` and `itemsPath` apply only to the catalog's own tool. Null unless the trigger is an
 * event delivered by polling.
 */
export function pollPlanOf(
  trigger: AgentTrigger,
  lookup: IntegrationLookup = integrationById,
): EventPollPlan | null {
  const delivery = deliveryOf(trigger);
  if (trigger.type !== 'event' || delivery?.type !== 'poll') return null;
  const known = lookup(trigger.integration)?.events.find((event) => event.id === trigger.event);
  const tool = delivery.tool ?? known?.poll?.tool ?? null;
  const catalogs = known?.poll && known.poll.tool === tool ? known.poll : undefined;
  return {
    integration: trigger.integration,
    event: trigger.event,
    intervalMinutes: delivery.interval_minutes,
    tool,
    arguments: { ...catalogs?.arguments, ...delivery.arguments },
    idField: catalogs?.idField ?? 'id',
    ...(catalogs?.itemsPath ? { itemsPath: catalogs.itemsPath } : {}),
  };
}

/** Why an agent whose plan has no tool cannot poll, in the owner's words. */
export function noPollToolMessage(plan: EventPollPlan, lookup = integrationById): string {
  const name = lookup(plan.integration)?.name ?? plan.integration;
  return `Choose the tool to check: ${name} has no default tool that lists “${plan.event}” items, so this agent is not polling yet.`;
}

/** JSON with object keys sorted, so that equal values give equal text. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * What is polled, as a short key: a change of integration, event, tool, arguments or id field
 * makes another key, and the items seen before say nothing about the new list.
 */
export function pollSourceKey(plan: EventPollPlan): string {
  const { intervalMinutes: _interval, ...source } = plan;
  return sha256(stableJson(source));
}

/** The value at a dotted path (`data.items`), or undefined. */
function at(value: unknown, path: string): unknown {
  let current = value;
  for (const part of path.split('.')) {
    if (!current || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** An item's identity: its `idField` when that is a string or number, else a hash of its JSON. */
export function itemKey(item: unknown, idField: string): string {
  const id = at(item, idField);
  if (typeof id === 'string' && id !== '') return `id:${id}`;
  if (typeof id === 'number' && Number.isFinite(id)) return `id:${id}`;
  return `sha256:${sha256(stableJson(item) ?? 'null')}`;
}

function jsonOf(result: CallToolResult, tool: string): unknown {
  if (result.structuredContent !== undefined) return result.structuredContent;
  const texts = result.content
    .filter((part): part is Extract<typeof part, { type: 'text' }> => part.type === 'text')
    .map((part) => part.text);
  try {
    return JSON.parse(texts.join('\n')) as unknown;
  } catch {
    // Some servers answer one text part per item.
    if (texts.length > 1) {
      try {
        return texts.map((text) => JSON.parse(text) as unknown);
      } catch {
        // Not JSON either way: said below.
      }
    }
  }
  throw new PollError(
    `${tool} did not answer with JSON: its result has no structured content and its text is not JSON.`,
  );
}

/**
 * The list of items in a tool's result: its structured content, else JSON parsed from its text;
 * the list at `itemsPath`, else the result itself when it is a list, else its only list-valued
 * property. Throws a {@link PollError} saying what was found instead.
 */
export function itemsOfResult(
  result: CallToolResult,
  plan: Pick<EventPollPlan, 'itemsPath'> & { tool: string },
): unknown[] {
  const { tool } = plan;
  if (result.isError) {
    const text = result.content
      .map((part) => (part.type === 'text' ? part.text : ''))
      .join(' ')
      .trim();
    throw new PollError(`${tool} reported an error: ${text || 'no message'}`);
  }
  const size =
    (result.structuredContent === undefined ? 0 : JSON.stringify(result.structuredContent).length) +
    result.content.reduce((n, part) => n + (part.type === 'text' ? part.text.length : 0), 0);
  if (size > POLL_LIMITS.maxResultChars) {
    throw new PollError(
      `${tool} answered with more than ${POLL_LIMITS.maxResultChars.toLocaleString('en')} characters: give it arguments that list fewer items.`,
    );
  }
  const json = jsonOf(result, tool);
  if (plan.itemsPath) {
    const list = at(json, plan.itemsPath);
    if (Array.isArray(list)) return list;
    throw new PollError(`${tool}'s result has no list at “${plan.itemsPath}”.`);
  }
  if (Array.isArray(json)) return json;
  if (json && typeof json === 'object') {
    const lists = Object.entries(json).filter(([, value]) => Array.isArray(value));
    if (lists.length === 1) return lists[0]![1] as unknown[];
    if (lists.length > 1) {
      const names = lists.map(([name]) => name).join(', ');
      throw new PollError(
        `${tool}'s result has several lists (${names}): it is not clear which holds the items.`,
      );
    }
  }
  throw new PollError(
    `${tool}'s result holds no list of items: expected a JSON array, or an object with one array in it.`,
  );
}

export type PolledItem = { key: string; item: unknown };

/**
 * Calls the plan's tool once through `connect` (the platform's connection path: credentials,
 * sandbox, guards) and returns the items of its result with their keys, at most
 * {@link POLL_LIMITS.maxItemsRead}. The whole poll, connecting included, is bounded by
 * `timeLimitMs`. Every failure (connecting, `beforeCall`, the call, the result) is thrown as a
 * {@link PollError} whose message has `secrets` redacted.
 */
export async function pollItems(
  connect: Connector,
  plan: EventPollPlan & { tool: string },
  options: {
    timeLimitMs?: number;
    secrets?: readonly string[];
    /** Called once connected, just before the tool call (e.g. to count a credit); may refuse. */
    beforeCall?: () => Promise<void>;
  } = {},
): Promise<PolledItem[]> {
  const ms = options.timeLimitMs ?? POLL_LIMITS.timeLimitMs;
  const deadline = new AbortController();
  let connection: McpConnection | undefined;
  const work = (async () => {
    connection = await connect(plan.integration);
    if (deadline.signal.aborted) return null;
    await options.beforeCall?.();
    if (deadline.signal.aborted) return null;
    return (await connection.client.callTool(
      { name: plan.tool, arguments: plan.arguments },
      undefined,
      { signal: deadline.signal, timeout: ms },
    )) as CallToolResult;
  })();
  try {
    const result = await settleWithin(work, {
      ms,
      timeoutMessage: `${plan.integration} did not answer ${plan.tool} within ${seconds(ms)}`,
    });
    const items = itemsOfResult(result!, plan).slice(0, POLL_LIMITS.maxItemsRead);
    return items.map((item) => ({ key: itemKey(item, plan.idField), item }));
  } catch (error) {
    deadline.abort();
    const message = redact(messageOf(error), options.secrets ?? []).replace(
      /^(MCP error -?\d+: )+/,
      '',
    );
    // Not chained to the original error: its message or request may carry credentials.
    throw new PollError(message.slice(0, POLL_LIMITS.maxErrorChars));
  } finally {
    // A connection that arrives after the deadline is closed as soon as it does.
    void work
      .then(
        () => connection?.close(),
        () => connection?.close(),
      )
      .catch(() => {});
  }
}

/** What a poll found, given the ids seen before (null: no poll yet). */
export type PollOutcome = {
  /** The first poll: what is there now is only noted. */
  baseline: boolean;
  /** New items for one run, in the tool's order; empty when nothing is new. */
  fresh: unknown[];
  /** New items left for the next poll (over the per-run bounds). */
  waiting: number;
  /** The ids to remember: those listed now that are seen or given to the run, then older ones. */
  seen: string[];
};

/**
 * Compares a poll's items with the ids seen before. The first poll is a baseline and starts
 * nothing; later ones give at most {@link POLL_LIMITS.maxItemsPerRun} new items (and
 * {@link POLL_LIMITS.maxInputChars} of JSON) to one run, and only those count as seen, so the
 * others come with the next poll.
 */
export function comparePoll(
  items: readonly PolledItem[],
  seen: readonly string[] | null,
): PollOutcome {
  const listed = [...new Map(items.map((each) => [each.key, each])).values()];
  if (seen === null) {
    return {
      baseline: true,
      fresh: [],
      waiting: 0,
      seen: listed.map((each) => each.key).slice(0, POLL_LIMITS.maxSeen),
    };
  }
  const known = new Set(seen);
  const unseen = listed.filter((each) => !known.has(each.key));
  const taken: PolledItem[] = [];
  let chars = 0;
  for (const each of unseen) {
    if (taken.length >= POLL_LIMITS.maxItemsPerRun) break;
    const size = JSON.stringify(each.item)?.length ?? 4;
    if (taken.length > 0 && chars + size > POLL_LIMITS.maxInputChars) break;
    taken.push(each);
    chars += size;
  }
  for (const each of taken) known.add(each.key);
  const current = listed.map((each) => each.key).filter((key) => known.has(key));
  return {
    baseline: false,
    fresh: taken.map((each) => each.item),
    waiting: unseen.length - taken.length,
    seen: [...new Set([...current, ...seen])].slice(0, POLL_LIMITS.maxSeen),
  };
}

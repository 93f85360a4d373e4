import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { AgentTrigger } from '@spoke/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testContext } from '../builtins/test-support.ts';
import type { Integration } from '../catalog/types.ts';
import { catalogConnector } from './connect.ts';
import {
  POLL_LIMITS,
  PollError,
  comparePoll,
  itemKey,
  itemsOfResult,
  noPollToolMessage,
  pollItems,
  pollPlanOf,
  pollSourceKey,
  type EventPollPlan,
} from './poll.ts';
import { startItemsServer, type ItemsServer } from './test-items-server.ts';

const { ctx } = testContext();

/** An integration whose server is the test's own, with one event the catalog can poll. */
const tester = (url: string): Integration => ({
  id: 'tester',
  name: 'Tester',
  category: 'Utilities',
  description: 'A server for tests.',
  keywords: [],
  aliases: [],
  provider: {
    kind: 'remote',
    url,
    transport: 'streamable-http',
    headers: { Authorization: 'Bearer {TEST_TOKEN}' },
  },
  registryName: 'dev.spoke.test/tester',
  env: [{ name: 'TEST_TOKEN', description: 'Token.', secret: true, required: true }],
  events: [
    {
      id: 'item.created',
      name: 'Item created',
      phrases: [],
      webhook: false,
      poll: { tool: 'list_items', arguments: { label: 'catalog' }, idField: 'key' },
    },
    { id: 'item.deleted', name: 'Item deleted', phrases: [] },
  ],
  tools: [{ name: 'list_items', description: 'Lists items.' }],
});

const event = (delivery?: Extract<AgentTrigger, { type: 'event' }>['delivery']): AgentTrigger => ({
  type: 'event',
  integration: 'tester',
  event: 'item.created',
  ...(delivery ? { delivery } : {}),
});

const result = (value: Partial<CallToolResult>): CallToolResult => ({ content: [], ...value });
type Overrides = Partial<Omit<EventPollPlan, 'tool'>> & { tool?: string };
const plan = (overrides: Overrides = {}) => ({
  integration: 'tester',
  event: 'item.created',
  intervalMinutes: 15,
  tool: 'list_items',
  arguments: {},
  idField: 'id',
  ...overrides,
});

describe('pollPlanOf', () => {
  const lookup = () => tester('http://127.0.0.1:1/mcp');

  it('is null unless the event is delivered by polling (older agents: webhook)', () => {
    expect(pollPlanOf({ type: 'manual' }, lookup)).toBeNull();
    expect(pollPlanOf(event(), lookup)).toBeNull();
    expect(pollPlanOf(event({ type: 'webhook' }), lookup)).toBeNull();
  });

  it('takes the catalog’s tool, arguments and id field when the trigger names no tool', () => {
    expect(pollPlanOf(event({ type: 'poll', interval_minutes: 5 }), lookup)).toEqual({
      integration: 'tester',
      event: 'item.created',
      intervalMinutes: 5,
      tool: 'list_items',
      arguments: { label: 'catalog' },
      idField: 'key',
    });
    // The trigger's own arguments win over the catalog's for the same tool.
    expect(
      pollPlanOf(
        event({ type: 'poll', interval_minutes: 5, arguments: { label: 'mine', n: 3 } }),
        lookup,
      )?.arguments,
    ).toEqual({ label: 'mine', n: 3 });
  });

  it('uses only the trigger’s own tool and arguments for another tool', () => {
    const own = pollPlanOf(
      event({ type: 'poll', interval_minutes: 60, tool: 'search', arguments: { q: 'x' } }),
      lookup,
    );
    expect(own).toMatchObject({ tool: 'search', arguments: { q: 'x' }, idField: 'id' });
  });

  it('has no tool for an event the catalog cannot poll, and says so', () => {
    const none = pollPlanOf(
      {
        type: 'event',
        integration: 'tester',
        event: 'review.created',
        delivery: { type: 'poll', interval_minutes: 15 },
      },
      lookup,
    )!;
    expect(none.tool).toBeNull();
    expect(noPollToolMessage(none, lookup)).toBe(
      'Choose the tool to check: Tester has no default tool that lists “review.created” items, so this agent is not polling yet.',
    );
  });

  it('gives a new source key when what is polled changes, not when the interval does', () => {
    const a = pollSourceKey(plan());
    expect(pollSourceKey(plan({ intervalMinutes: 60 }))).toBe(a);
    expect(pollSourceKey(plan({ arguments: { label: 'x' } }))).not.toBe(a);
    expect(pollSourceKey(plan({ tool: 'other' }))).not.toBe(a);
  });
});

describe('itemsOfResult', () => {
  it('reads structured content, its only list, or JSON text', () => {
    expect(
      itemsOfResult(result({ structuredContent: { items: [1, 2], total: 2 } }), plan()),
    ).toEqual([1, 2]);
    expect(
      itemsOfResult(result({ content: [{ type: 'text', text: '[{"id":1}]' }] }), plan()),
    ).toEqual([{ id: 1 }]);
    // One text part per item.
    expect(
      itemsOfResult(
        result({
          content: [
            { type: 'text', text: '{"id":1}' },
            { type: 'text', text: '{"id":2}' },
          ],
        }),
        plan(),
      ),
    ).toEqual([{ id: 1 }, { id: 2 }]);
    expect(
      itemsOfResult(
        result({ structuredContent: { data: { reviews: ['a'] }, other: [] } }),
        plan({ itemsPath: 'data.reviews' }),
      ),
    ).toEqual(['a']);
  });

  it('says what is wrong with a result it cannot read', () => {
    const problem = (value: Partial<CallToolResult>, extra: Overrides = {}) => {
      try {
        itemsOfResult(result(value), plan(extra));
      } catch (error) {
        expect(error).toBeInstanceOf(PollError);
        return (error as Error).message;
      }
      throw new Error('no error');
    };
    expect(problem({ isError: true, content: [{ type: 'text', text: 'rate limited' }] })).toBe(
      'list_items reported an error: rate limited',
    );
    expect(problem({ content: [{ type: 'text', text: 'three new items' }] })).toMatch(
      /^list_items did not answer with JSON/,
    );
    expect(problem({ structuredContent: { count: 3 } })).toMatch(/holds no list of items/);
    expect(problem({ structuredContent: { a: [], b: [] } })).toMatch(/several lists \(a, b\)/);
    expect(problem({ structuredContent: { a: [] } }, { itemsPath: 'data' })).toBe(
      "list_items's result has no list at “data”.",
    );
    const huge = 'x'.repeat(POLL_LIMITS.maxResultChars);
    expect(problem({ structuredContent: { items: [huge] } })).toMatch(
      /more than 1,000,000 characters/,
    );
  });
});

describe('itemKey', () => {
  it('uses the id field (dotted paths too), else a hash of the item that ignores key order', () => {
    expect(itemKey({ id: 'r-1' }, 'id')).toBe('id:r-1');
    expect(itemKey({ id: 7 }, 'id')).toBe('id:7');
    expect(itemKey({ meta: { uid: 'u' } }, 'meta.uid')).toBe('id:u');
    const hashed = itemKey({ a: 1, b: { c: 2, d: 3 } }, 'id');
    expect(hashed).toMatch(/^sha256:/);
    expect(itemKey({ b: { d: 3, c: 2 }, a: 1 }, 'id')).toBe(hashed);
    expect(itemKey({ a: 2, b: { c: 2, d: 3 } }, 'id')).not.toBe(hashed);
  });
});

describe('comparePoll', () => {
  const items = (...ids: number[]) => ids.map((id) => ({ key: `id:${id}`, item: { id } }));

  it('notes the first poll as a baseline, then gives only what is new', () => {
    const first = comparePoll(items(3, 2, 1), null);
    expect(first).toEqual({
      baseline: true,
      fresh: [],
      waiting: 0,
      seen: ['id:3', 'id:2', 'id:1'],
    });
    const second = comparePoll(items(5, 4, 3, 2), first.seen);
    expect(second.fresh).toEqual([{ id: 5 }, { id: 4 }]);
    expect(second.seen).toEqual(['id:5', 'id:4', 'id:3', 'id:2', 'id:1']);
    expect(comparePoll(items(5, 4, 3), second.seen).fresh).toEqual([]);
  });

  it('gives at most 50 items to a run and leaves the rest unseen for the next poll', () => {
    const many = items(...Array.from({ length: 80 }, (_, i) => 100 + i));
    const outcome = comparePoll(many, []);
    expect(outcome.fresh).toHaveLength(POLL_LIMITS.maxItemsPerRun);
    expect(outcome.waiting).toBe(30);
    const next = comparePoll(many, outcome.seen);
    expect(next.fresh).toHaveLength(30);
    expect(next.fresh[0]).toEqual({ id: 150 });
  });

  it('bounds the JSON given to one run, but always gives one item', () => {
    const big = (id: number) => ({ key: `id:${id}`, item: { id, text: 'x'.repeat(120_000) } });
    const outcome = comparePoll([big(1), big(2), big(3)], []);
    expect(outcome.fresh).toHaveLength(1);
    expect(outcome.waiting).toBe(2);
  });

  it('remembers at most 1,000 ids, those listed now first', () => {
    const old = Array.from({ length: 1000 }, (_, i) => `id:old-${i}`);
    const outcome = comparePoll(items(1, 2), old);
    expect(outcome.seen).toHaveLength(POLL_LIMITS.maxSeen);
    expect(outcome.seen.slice(0, 3)).toEqual(['id:1', 'id:2', 'id:old-0']);
  });
});

describe('pollItems over a real MCP server', () => {
  let server: ItemsServer;
  let connect: ReturnType<typeof catalogConnector>;

  beforeAll(async () => {
    server = await startItemsServer();
    connect = catalogConnector({
      lookup: (id) => (id === 'tester' ? tester(server.url) : undefined),
      credentials: () => ({ TEST_TOKEN: 'tok-secret-1' }),
      builtin: ctx,
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.items = [{ key: 'a', title: 'First' }];
    server.answer = 'structured';
    server.failing = null;
    server.calls.length = 0;
  });

  const tool = (overrides: Overrides = {}) => ({
    ...pollPlanOf(event({ type: 'poll', interval_minutes: 1 }), () => tester(server.url))!,
    tool: 'list_items',
    ...overrides,
  });

  it('calls the tool with its arguments and the stored credentials, and keys the items', async () => {
    expect(await pollItems(connect, tool())).toEqual([
      { key: 'id:a', item: { key: 'a', title: 'First' } },
    ]);
    expect(server.calls).toEqual([
      { arguments: { label: 'catalog' }, authorization: 'Bearer tok-secret-1' },
    ]);
    server.answer = 'text';
    expect(await pollItems(connect, tool())).toHaveLength(1);
  });

  it('counts the call just before it is made, and a refusal stops it', async () => {
    const counted: string[] = [];
    await pollItems(connect, tool(), { beforeCall: async () => void counted.push('credit') });
    expect(counted).toEqual(['credit']);
    const refused = pollItems(connect, tool(), {
      beforeCall: () => Promise.reject(new Error('Monthly integration credit limit reached')),
    });
    await expect(refused).rejects.toThrow('Monthly integration credit limit reached');
    expect(server.calls).toHaveLength(1);
  });

  it('turns a failing tool, an unknown tool and a bad result into errors without secrets', async () => {
    server.failing = 'upstream said no to tok-secret-1';
    await expect(pollItems(connect, tool(), { secrets: ['tok-secret-1'] })).rejects.toThrow(
      'list_items reported an error: upstream said no to [redacted]',
    );
    server.failing = null;
    await expect(pollItems(connect, tool({ tool: 'list_itemz' }))).rejects.toThrow(/list_itemz/);
    await expect(pollItems(connect, tool({ itemsPath: 'nothing.here' }))).rejects.toThrow(
      "list_items's result has no list at “nothing.here”.",
    );
  });

  it('gives up on a server that does not answer within the time limit', async () => {
    const silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/mcp`;
    const slow = catalogConnector({
      lookup: () => tester(url),
      credentials: () => ({ TEST_TOKEN: 'tok-secret-1' }),
      builtin: ctx,
    });
    const started = Date.now();
    await expect(pollItems(slow, tool(), { timeLimitMs: 300 })).rejects.toThrow(
      'tester did not answer list_items within 0.3 s',
    );
    expect(Date.now() - started).toBeLessThan(2000);
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });
});

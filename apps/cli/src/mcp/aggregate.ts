import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Server as SdkServer } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  LoggingMessageNotificationSchema,
  McpError,
  PromptListChangedNotificationSchema,
  ReadResourceRequestSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
  type LoggingMessageNotification,
  type ServerCapabilities,
} from '@modelcontextprotocol/sdk/types.js';
import { checkPolicyRecorded, recordCall, recordDrift } from '../audit/events.ts';
import type { Output } from '../output/output.ts';
import { monotonicMs } from '../util/time.ts';
import { version } from '../version.ts';
import type { Connection } from './connect.ts';
import { serverTarget, type RunContext } from './server-target.ts';
import { startServer, warnDrift } from './start.ts';
import type { ToolDefinition } from './tools-hash.ts';

/** What a member server tells its client that the gateway passes on. */
type MemberNews =
  | { kind: 'prompts' | 'resources' }
  | { kind: 'updated'; uri: string }
  | { kind: 'log'; params: LoggingMessageNotification['params'] };

/** A call a client is making through the gateway: where the server's questions go meanwhile. */
type Caller = { server: SdkServer; requestId: string | number };

export type Member = {
  name: string;
  conn: Connection;
  tools: ToolDefinition[];
  /** Calls in progress, newest last: the server's sampling and elicitation go to the newest. */
  callers: Caller[];
  /** Told when the server says its prompts or resources changed, a resource was updated, or logs. */
  listeners: Set<(news: MemberNews) => void>;
};

/** The member's client, passing on the server's notifications to the listeners. */
function member(name: string, conn: Connection, tools: ToolDefinition[]): Member {
  const listeners = new Set<(news: MemberNews) => void>();
  const tell = (news: MemberNews) => {
    for (const listener of listeners) listener(news);
  };
  const { client } = conn;
  client.setNotificationHandler(PromptListChangedNotificationSchema, async () =>
    tell({ kind: 'prompts' }),
  );
  client.setNotificationHandler(ResourceListChangedNotificationSchema, async () =>
    tell({ kind: 'resources' }),
  );
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, async (note) =>
    tell({ kind: 'updated', uri: note.params.uri }),
  );
  client.setNotificationHandler(LoggingMessageNotificationSchema, async (note) =>
    tell({ kind: 'log', params: note.params }),
  );
  const callers: Caller[] = [];
  // What the server asks its client during a call goes to the client making the call.
  const caller = () => {
    const newest = callers.at(-1);
    if (!newest) throw new McpError(ErrorCode.InvalidRequest, 'no call is in progress to ask');
    return newest;
  };
  client.setRequestHandler(CreateMessageRequestSchema, async (request) => {
    const { server, requestId } = caller();
    return server.createMessage(request.params, { relatedRequestId: requestId });
  });
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    const { server, requestId } = caller();
    return server.elicitInput(request.params, { relatedRequestId: requestId });
  });
  return { name, conn, tools, listeners, callers };
}

/** Offered to each server under the gateway: its questions are passed to the calling client. */
export const GATEWAY_CLIENT_CAPABILITIES = { sampling: {}, elicitation: {} } as const;

/**
 * Starts every server of the workspace. One that fails, is refused by the policy or has drifted
 * tools is left out with a warning; the others are served.
 */
export async function startMembers(
  ctx: { env: NodeJS.ProcessEnv; out: Output },
  run: RunContext,
): Promise<Member[]> {
  const names = Object.keys(run.workspace.servers);
  const started = await Promise.all(
    names.map(async (name): Promise<Member | null> => {
      try {
        const target = serverTarget(run, name);
        checkPolicyRecorded(run, target);
        const { conn, tools, drift } = await startServer(
          ctx,
          run,
          target,
          GATEWAY_CLIENT_CAPABILITIES,
        );
        if (drift) {
          warnDrift(ctx.out, name, drift);
          recordDrift(name, drift);
          await conn.close().catch(() => undefined);
          ctx.out.alert(`${name} is left out until its tool definitions are accepted`);
          return null;
        }
        return member(name, conn, tools);
      } catch (err) {
        ctx.out.alert(`${name} is left out: ${(err as Error).message}`);
        return null;
      }
    }),
  );
  return started.filter((m): m is Member => m !== null);
}

const SEPARATOR = '__';
const URI_PREFIX = 'spoke://';

/** `<server>__<name>` → the member and the name it knows, or an invalid-params error. */
function splitName(members: readonly Member[], full: string, what: string) {
  const split = full.indexOf(SEPARATOR);
  const found = split > 0 ? members.find((m) => m.name === full.slice(0, split)) : undefined;
  if (!found) throw new McpError(ErrorCode.InvalidParams, `unknown ${what} ${full}`);
  return { member: found, name: full.slice(split + SEPARATOR.length) };
}

/** A member's resource URI as served: `spoke://<server>/<its own URI>`. */
export const servedUri = (server: string, uri: string) => `${URI_PREFIX}${server}/${uri}`;

function splitUri(members: readonly Member[], uri: string) {
  const rest = uri.startsWith(URI_PREFIX) ? uri.slice(URI_PREFIX.length) : '';
  const slash = rest.indexOf('/');
  const found = slash > 0 ? members.find((m) => m.name === rest.slice(0, slash)) : undefined;
  if (!found) throw new McpError(ErrorCode.InvalidParams, `unknown resource ${uri}`);
  return { member: found, uri: rest.slice(slash + 1) };
}

/** Every page of a list, from each member that has the capability. */
async function gather<T>(
  members: readonly Member[],
  has: (caps: ServerCapabilities) => unknown,
  page: (m: Member, cursor?: string) => Promise<{ items: T[]; nextCursor?: string }>,
): Promise<{ member: Member; item: T }[]> {
  const lists = await Promise.all(
    members
      .filter((m) => has(m.conn.client.getServerCapabilities() ?? {}))
      .map(async (m) => {
        const items: T[] = [];
        let cursor: string | undefined;
        do {
          const next = await page(m, cursor);
          items.push(...next.items);
          cursor = next.nextCursor;
        } while (cursor);
        return items.map((item) => ({ member: m, item }));
      }),
  );
  return lists.flat();
}

/**
 * One MCP server whose tools, prompts and resources are the members': tools and prompts named
 * `<server>__<name>`, resources and templates named so and addressed `spoke://<server>/<uri>`.
 * Prompts and resources are listed afresh on each request; a member's list-changed notification
 * is passed on.
 */
export function aggregateServer(
  members: readonly Member[],
  options: {
    callMs: number;
    log?: (text: string) => void;
    /** One server served under its own names and URIs, as if it were reached directly. */
    own?: boolean;
  },
): Server {
  const own = options.own === true && members.length === 1;
  const only = members[0]!;
  // How a member's names and URIs are served, and how a served one finds its member.
  const named = (m: Member, name: string) => (own ? name : `${m.name}${SEPARATOR}${name}`);
  const addressed = (m: Member, uri: string) => (own ? uri : servedUri(m.name, uri));
  const byName = (full: string, what: string) =>
    own ? { member: only, name: full } : splitName(members, full, what);
  const byUri = (uri: string) => (own ? { member: only, uri } : splitUri(members, uri));
  const some = (has: (caps: ServerCapabilities) => unknown) =>
    members.some((m) => has(m.conn.client.getServerCapabilities() ?? {}));
  const capabilities: ServerCapabilities = { tools: {} };
  if (some((c) => c.prompts)) capabilities.prompts = { listChanged: true };
  if (some((c) => c.resources)) capabilities.resources = { listChanged: true };
  const subscribable = some((c) => c.resources?.subscribe);
  if (subscribable) capabilities.resources = { ...capabilities.resources, subscribe: true };
  if (some((c) => c.logging)) capabilities.logging = {};
  if (some((c) => c.completions)) capabilities.completions = {};
  const server = new Server({ name: 'spoke', version: version() }, { capabilities });
  const timeout = { timeout: options.callMs };
  const tools = members.flatMap((m) => m.tools.map((t) => ({ ...t, name: named(m, t.name) })));
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    options.log?.(`tools/list: ${tools.length} tools`);
    return { tools };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const full = request.params.name;
    // The client's progress token: the server's progress on the call goes back under it.
    const progressToken = request.params._meta?.progressToken;
    const { member, name: tool } = byName(full, 'tool');
    if (!member.tools.some((t) => t.name === tool)) {
      throw new McpError(ErrorCode.InvalidParams, `unknown tool ${full}`);
    }
    options.log?.(`tools/call ${full}`);
    const started = monotonicMs();
    const calling: Caller = { server, requestId: extra.requestId };
    member.callers.push(calling);
    const result = await member.conn.client
      .callTool({ name: tool, arguments: request.params.arguments ?? {} }, undefined, {
        timeout: options.callMs,
        ...(progressToken === undefined
          ? {}
          : {
              resetTimeoutOnProgress: true,
              onprogress: (progress) =>
                void extra
                  .sendNotification({
                    method: 'notifications/progress',
                    params: { ...progress, progressToken },
                  })
                  .catch(() => undefined),
            }),
      })
      .catch((err: unknown) => {
        recordCall(member.name, tool, 'error', monotonicMs() - started);
        throw err;
      })
      .finally(() => member.callers.splice(member.callers.indexOf(calling), 1));
    recordCall(member.name, tool, result.isError ? 'error' : 'ok', monotonicMs() - started);
    return result as { content: [] };
  });
  if (capabilities.prompts) {
    server.setRequestHandler(ListPromptsRequestSchema, async () => {
      const found = await gather(
        members,
        (c) => c.prompts,
        async (m, cursor) => {
          const page = await m.conn.client.listPrompts(cursor ? { cursor } : {}, timeout);
          return { items: page.prompts, nextCursor: page.nextCursor };
        },
      );
      options.log?.(`prompts/list: ${found.length} prompts`);
      return {
        prompts: found.map(({ member, item }) => ({
          ...item,
          name: named(member, item.name),
        })),
      };
    });
    server.setRequestHandler(GetPromptRequestSchema, async (request) => {
      const { member, name } = byName(request.params.name, 'prompt');
      options.log?.(`prompts/get ${request.params.name}`);
      return member.conn.client.getPrompt({ ...request.params, name }, timeout);
    });
  }
  if (capabilities.resources) {
    const hasResources = (c: ServerCapabilities) => c.resources;
    server.setRequestHandler(ListResourcesRequestSchema, async () => {
      const found = await gather(members, hasResources, async (m, cursor) => {
        const page = await m.conn.client.listResources(cursor ? { cursor } : {}, timeout);
        return { items: page.resources, nextCursor: page.nextCursor };
      });
      options.log?.(`resources/list: ${found.length} resources`);
      return {
        resources: found.map(({ member, item }) => ({
          ...item,
          name: named(member, item.name),
          uri: addressed(member, item.uri),
        })),
      };
    });
    server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => {
      const found = await gather(members, hasResources, async (m, cursor) => {
        const page = await m.conn.client.listResourceTemplates(cursor ? { cursor } : {}, timeout);
        return { items: page.resourceTemplates, nextCursor: page.nextCursor };
      });
      return {
        resourceTemplates: found.map(({ member, item }) => ({
          ...item,
          name: named(member, item.name),
          uriTemplate: addressed(member, item.uriTemplate),
        })),
      };
    });
    server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
      const { member, uri } = byUri(request.params.uri);
      options.log?.(`resources/read ${request.params.uri}`);
      const result = await member.conn.client.readResource({ ...request.params, uri }, timeout);
      return {
        ...result,
        contents: result.contents.map((c) => ({ ...c, uri: addressed(member, c.uri) })),
      };
    });
  }
  if (subscribable) {
    const subscription = (subscribe: boolean) => async (request: { params: { uri: string } }) => {
      const { member, uri } = byUri(request.params.uri);
      if (!member.conn.client.getServerCapabilities()?.resources?.subscribe) {
        throw new McpError(ErrorCode.InvalidParams, `${member.name} has no resource subscriptions`);
      }
      options.log?.(`resources/${subscribe ? 'subscribe' : 'unsubscribe'} ${request.params.uri}`);
      const client = member.conn.client;
      await (subscribe
        ? client.subscribeResource({ uri }, timeout)
        : client.unsubscribeResource({ uri }, timeout));
      return {};
    };
    server.setRequestHandler(SubscribeRequestSchema, subscription(true));
    server.setRequestHandler(UnsubscribeRequestSchema, subscription(false));
  }
  if (capabilities.logging) {
    // The level applies to every member that logs; their messages come back named after them.
    server.setRequestHandler(SetLevelRequestSchema, async (request) => {
      await Promise.all(
        members
          .filter((m) => m.conn.client.getServerCapabilities()?.logging)
          .map((m) => m.conn.client.setLoggingLevel(request.params.level, timeout)),
      );
      return {};
    });
  }
  if (capabilities.completions) {
    server.setRequestHandler(CompleteRequestSchema, async (request) => {
      const { ref } = request.params;
      const target =
        ref.type === 'ref/prompt'
          ? (() => {
              const { member, name } = byName(ref.name, 'prompt');
              return { member, ref: { ...ref, name } };
            })()
          : (() => {
              const { member, uri } = byUri(ref.uri);
              return { member, ref: { ...ref, uri } };
            })();
      if (!target.member.conn.client.getServerCapabilities()?.completions)
        return { completion: { values: [] } };
      return target.member.conn.client.complete({ ...request.params, ref: target.ref }, timeout);
    });
  }
  const listener = (from: Member) => (news: MemberNews) => {
    let send: Promise<void>;
    if (news.kind === 'log') {
      const { logger } = news.params;
      send = server.sendLoggingMessage({
        ...news.params,
        logger: own ? logger : logger ? `${from.name}/${logger}` : from.name,
      });
    } else if (news.kind === 'updated') {
      send = server.sendResourceUpdated({ uri: addressed(from, news.uri) });
    } else {
      send =
        news.kind === 'prompts' ? server.sendPromptListChanged() : server.sendResourceListChanged();
    }
    void send.catch(() => undefined);
  };
  const attached = members.map((m) => [m, listener(m)] as const);
  for (const [m, each] of attached) m.listeners.add(each);
  const closed = server.onclose;
  server.onclose = () => {
    for (const [m, each] of attached) m.listeners.delete(each);
    closed?.();
  };
  return server;
}

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { MockLanguageModelV3 } from 'ai/test';
import { LATEST_PROTOCOL_VERSION, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { AgentSpec, RunStep } from '@spoke/shared';
import { z } from 'zod';
import type { McpConnection } from './connect.ts';

/**
 * An MCP server that misbehaves on purpose: `hang` never answers, `boom` throws, `garbage`
 * answers with something that is not a tool result, `echo` works. Linked to its client
 * in-process, as a real MCP connection.
 */
export async function connectFlakyServer(): Promise<McpConnection & { hangs: () => number }> {
  const server = new McpServer({ name: 'flaky', version: '1.0.0' });
  let hangs = 0;
  server.registerTool(
    'hang',
    { description: 'Never answers.', inputSchema: { reason: z.string().optional() } },
    () => {
      hangs += 1;
      return new Promise(() => {});
    },
  );
  server.registerTool('boom', { description: 'Always throws.', inputSchema: {} }, () => {
    throw new Error('the flux capacitor is out of order');
  });
  server.registerTool(
    'garbage',
    { description: 'Answers with an invalid result.', inputSchema: {} },
    // The SDK's types forbid this; the point is to send it anyway.
    () => ({ content: 'not a list of parts' }) as never,
  );
  server.registerTool(
    'echo',
    { description: 'Repeats its text.', inputSchema: { text: z.string() } },
    ({ text }) => ({ content: [{ type: 'text', text: `echo: ${text}` }] }),
  );
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '1.0.0' });
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  return {
    client,
    hangs: () => hangs,
    async close() {
      await client.close();
      await server.close();
    },
  };
}

/**
 * A server written directly against the wire, as a broken third-party server might be: it lists
 * `garbage` (answers `content: "nope"`) and `mismatch` (structured content that breaks its own
 * output schema), so the client's own checks are what catch them.
 */
export async function connectWireServer(): Promise<McpConnection> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const results: Record<string, unknown> = {
    initialize: {
      protocolVersion: LATEST_PROTOCOL_VERSION,
      capabilities: { tools: {} },
      serverInfo: { name: 'wire', version: '1.0.0' },
    },
    'tools/list': {
      tools: [
        { name: 'garbage', inputSchema: { type: 'object' } },
        {
          name: 'mismatch',
          inputSchema: { type: 'object' },
          outputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
        },
      ],
    },
  };
  serverTransport.onmessage = (message) => {
    if (!('id' in message) || !('method' in message)) return;
    const name = (message.params as { name?: string } | undefined)?.name;
    const result =
      message.method === 'tools/call'
        ? name === 'garbage'
          ? { content: 'nope' }
          : { content: [{ type: 'text', text: 'n is x' }], structuredContent: { n: 'x' } }
        : (results[message.method] ?? {});
    void serverTransport.send({ jsonrpc: '2.0', id: message.id, result } as JSONRPCMessage);
  };
  await serverTransport.start();
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientTransport);
  return { client, close: () => client.close() };
}

/** One scripted model turn: text, tool calls (`[modelName, input]`), or a thrown error. */
export type MockTurn =
  | { text?: string; calls?: [string, unknown][]; usage?: [number, number] }
  | { throws: Error }
  | { hang: true };

/**
 * The AI SDK's mock language model answering with `turns` in order (the last one repeats), and
 * the call options it received (system prompt, messages, tools) for assertions.
 */
type CallOptions = Parameters<MockLanguageModelV3['doGenerate']>[0];
type Content = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>['content'][number];

export function scriptedModel(turns: MockTurn[]) {
  const calls: CallOptions[] = [];
  let callIndex = 0;
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => {
      calls.push(options);
      const turn = turns[Math.min(callIndex, turns.length - 1)]!;
      const n = callIndex++;
      if ('throws' in turn) throw turn.throws;
      if ('hang' in turn) return new Promise<never>(() => {});
      const content: Content[] = [];
      if (turn.text) content.push({ type: 'text', text: turn.text });
      (turn.calls ?? []).forEach(([toolName, input], i) =>
        content.push({
          type: 'tool-call',
          toolCallId: `call-${n}-${i}`,
          toolName,
          input: typeof input === 'string' ? input : JSON.stringify(input),
        }),
      );
      const [input, output] = turn.usage ?? [100, 20];
      return {
        content,
        finishReason: { unified: turn.calls?.length ? 'tool-calls' : 'stop', raw: undefined },
        usage: {
          inputTokens: {
            total: input,
            noCache: input,
            cacheRead: undefined,
            cacheWrite: undefined,
          },
          outputTokens: { total: output, text: output, reasoning: undefined },
        },
        warnings: [],
      };
    },
  });
  return { model, calls };
}

/** A clock for step durations that advances by `step` ms on every reading. */
export function tickingClock(step = 5) {
  let t = 0;
  return () => (t += step);
}

/** A spec using the given integrations, with a plan and a guardrail. */
export const testSpec = (ids: string[]): AgentSpec => ({
  name: 'Morning greeter',
  summary: 'Checks the time and remembers a greeting.',
  category: 'Other',
  instructions: 'You greet the team in the morning.',
  trigger: { type: 'manual' },
  integrations: ids.map((id) => ({ id, why: 'test', config: [] })),
  steps: [
    { text: 'Find out the time in Paris', tools: ['clock.now'] },
    { text: 'Remember the greeting', tools: ['memory.memory_set'] },
  ],
  guardrails: ['Never send e-mail'],
  assumptions: [],
  unresolved: [],
});

/** Collects the steps of a run. */
export function recorder() {
  const steps: RunStep[] = [];
  return { steps, onStep: (step: RunStep) => void steps.push(step) };
}

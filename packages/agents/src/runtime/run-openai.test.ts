import type { AgentSpec, RunStep } from '@spoke/shared';
import { streamText } from 'ai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testContext } from '../builtins/test-support.ts';
import { catalogConnector } from './connect.ts';
import { createLanguageModel } from './model.ts';
import { runAgent } from './run.ts';
import {
  autoResponder,
  startOpenAITestServer,
  toolResultsOf,
  type OpenAITestServer,
} from './test-openai-server.ts';
import { openToolset, type Toolset } from './toolset.ts';

const spec: AgentSpec = {
  name: 'Time teller',
  summary: 'Tells the time in Tokyo.',
  category: 'Other',
  instructions: 'You tell people the time in Tokyo.',
  trigger: { type: 'manual' },
  integrations: [{ id: 'clock', why: 'read the time', config: [] }],
  steps: [{ text: 'Read the time in Tokyo', tools: ['clock.now'] }],
  guardrails: [],
  assumptions: [],
  unresolved: [],
};

let server: OpenAITestServer;
let toolset: Toolset;
beforeEach(async () => {
  server = await startOpenAITestServer({ apiKey: 'test-key-123' });
  const { ctx } = testContext({ now: () => new Date('2025-06-01T00:00:00Z') });
  toolset = await openToolset(spec, catalogConnector({ builtin: ctx, credentials: () => ({}) }));
});
afterEach(async () => {
  await toolset.close();
  await server.close();
});

const model = (apiKey = 'test-key-123') =>
  createLanguageModel({
    provider: 'openai-compatible',
    baseUrl: server.url,
    model: 'tiny',
    apiKey,
  });

describe('a run against an OpenAI-compatible server', () => {
  it('calls the tool the model asks for and answers once the result is in', async () => {
    server.reply(
      {
        text: 'Let me check.',
        toolCalls: [{ name: 'clock__now', arguments: { timezone: 'Asia/Tokyo' } }],
        usage: { input: 50, output: 9 },
      },
      (request) => {
        const [result] = toolResultsOf(request);
        return result?.content.includes('09:00:00')
          ? { text: 'It is 09:00 in Tokyo.', usage: { input: 80, output: 7 } }
          : { status: 500, error: 'the tool result never arrived' };
      },
    );
    const steps: RunStep[] = [];
    const outcome = await runAgent({
      spec,
      input: { city: 'Tokyo' },
      model: model(),
      toolset,
      onStep: (step) => void steps.push(step),
    });

    expect(outcome).toEqual({
      status: 'succeeded',
      error: null,
      output: 'It is 09:00 in Tokyo.',
      tokens: { input: 130, output: 16 },
    });
    expect(steps.map(({ duration_ms: _d, ...step }) => step)).toEqual([
      { index: 0, type: 'model', text: 'Let me check.', tokens: { input: 50, output: 9 } },
      {
        index: 1,
        type: 'tool',
        tool: 'clock.now',
        arguments: { timezone: 'Asia/Tokyo' },
        result: expect.objectContaining({
          time: '09:00:00',
          date: '2025-06-01',
          timezone: 'Asia/Tokyo',
        }),
        error: null,
      },
      { index: 2, type: 'model', text: 'It is 09:00 in Tokyo.', tokens: { input: 80, output: 7 } },
    ]);

    const [first, second] = server.requests;
    expect(first?.model).toBe('tiny');
    expect(first?.stream).toBe(false);
    expect(first?.messages[0]).toMatchObject({ role: 'system' });
    expect(first?.messages[1]).toEqual({
      role: 'user',
      content: 'Run the task now with this input (JSON):\n{\n  "city": "Tokyo"\n}',
    });
    expect(first?.tools?.map((tool) => tool.function.name)).toEqual([
      'clock__now',
      'clock__next_runs',
    ]);
    expect(second?.messages.at(-2)).toMatchObject({
      role: 'assistant',
      tool_calls: [{ function: { name: 'clock__now', arguments: '{"timezone":"Asia/Tokyo"}' } }],
    });
  });

  it('fails with the provider message when the key is wrong', async () => {
    const steps: RunStep[] = [];
    const outcome = await runAgent({
      spec,
      model: model('wrong-key-456'),
      toolset,
      onStep: (step) => void steps.push(step),
      secrets: ['wrong-key-456'],
    });
    expect(outcome).toMatchObject({
      status: 'failed',
      error: 'The model failed: Incorrect API key provided (HTTP 401)',
    });
    expect(steps).toEqual([]);
  });

  it('ends at the time limit when the server never answers', async () => {
    server.reply({ hang: true });
    const outcome = await runAgent({
      spec,
      model: model(),
      toolset,
      timeLimitMs: 200,
      onStep: () => {},
    });
    expect(outcome).toMatchObject({ status: 'failed', error: 'Stopped at the time limit (0.2 s)' });
  });

  it('drives a small agent on its own with the auto responder', async () => {
    server.reply(autoResponder({ timezone: 'UTC' }), autoResponder());
    const steps: RunStep[] = [];
    const outcome = await runAgent({
      spec,
      model: model(),
      toolset,
      onStep: (step) => void steps.push(step),
    });
    expect(steps.map((step) => step.tool ?? step.type)).toEqual(['model', 'clock.now', 'model']);
    expect(outcome.output).toMatch(/^Done\. The tool said: Sunday 2025-06-01 00:00:00 \(UTC/);
  });
});

describe('the test server', () => {
  it('streams text and tool calls when asked to', async () => {
    server.reply({
      text: 'Checking the clock.',
      toolCalls: [{ name: 'clock__now', arguments: { timezone: 'UTC' } }],
    });
    const result = streamText({ model: model(), prompt: 'What time is it?', tools: {} });
    const parts: string[] = [];
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') parts.push(part.text);
    }
    expect(parts.join('')).toBe('Checking the clock.');
    const [call] = await result.toolCalls;
    expect(call).toMatchObject({ toolName: 'clock__now', input: { timezone: 'UTC' } });
    expect(await result.usage).toMatchObject({ inputTokens: 10, outputTokens: 5 });
    expect(server.requests[0]?.stream).toBe(true);
  });

  it('answers 500 when no reply is left', async () => {
    const response = await fetch(`${server.url}/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer test-key-123', 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'tiny', messages: [] }),
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      error: {
        message: 'The test model has no scripted reply left',
        type: 'invalid_request_error',
        code: null,
      },
    });
  });
});

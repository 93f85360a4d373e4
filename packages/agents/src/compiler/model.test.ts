import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { AgentSpec } from '@spoke/shared';
import { MockLanguageModelV3 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileAgent, type CompilePhase } from './index.ts';
import { compileWithModel, InvalidModelSpecError } from './model.ts';
import { validateSpec } from './validate.ts';

const PROMPT =
  'Every weekday at 9am, summarise new Zendesk tickets and post the summary to #support in Slack';
const NOW = new Date('2026-11-21T10:00:00Z');

const answer: AgentSpec = {
  name: 'Zendesk ticket digest to Slack',
  summary: 'Every weekday at 9:00, summarise new Zendesk tickets and post them to #support.',
  category: 'Customer Support',
  instructions: 'You summarise the new Zendesk tickets and post one message to #support in Slack.',
  trigger: {
    type: 'schedule',
    cron: '0 9 * * 1-5',
    timezone: 'Europe/Berlin',
    text: 'every weekday at 9:00',
  },
  integrations: [
    { id: 'zendesk', why: 'read new tickets', config: [] },
    { id: 'slack', why: 'post the summary', config: [] },
  ],
  steps: [
    { text: 'Fetch the tickets created since the last run', tools: [] },
    { text: 'Post the summary to #support', tools: ['slack.conversations_add_message'] },
  ],
  guardrails: ['Post at most one message per run'],
  assumptions: [],
  unresolved: [],
};

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;

const reply = (text: string): GenerateResult => ({
  content: [{ type: 'text', text }],
  finishReason: { unified: 'stop', raw: undefined },
  usage: {
    inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 20, text: 20, reasoning: undefined },
  },
  warnings: [],
});

const answering = (text: string) =>
  new MockLanguageModelV3({ doGenerate: async () => reply(text) });

async function compileWithPhases(model: MockLanguageModelV3 | null, timeoutMs?: number) {
  const phases: CompilePhase[] = [];
  const result = await compileAgent(
    { prompt: PROMPT, timezone: 'Europe/Berlin', now: NOW },
    { model, onPhase: (phase) => phases.push(phase), ...(timeoutMs ? { timeoutMs } : {}) },
  );
  return { ...result, phases };
}

describe('compileWithModel', () => {
  it('asks for structured output with the catalog and fills config from the catalog', async () => {
    const model = answering(JSON.stringify(answer));
    const spec = await compileWithModel(
      { prompt: PROMPT, timezone: 'Europe/Berlin', now: NOW },
      model,
    );
    expect(spec.integrations).toEqual([
      { id: 'zendesk', why: 'read new tickets', config: ['ZENDESK_SUBDOMAIN'] },
      { id: 'slack', why: 'post the summary', config: ['SLACK_MCP_XOXB_TOKEN'] },
    ]);
    expect(validateSpec(spec)).toEqual([]);
    const call = model.doGenerateCalls[0]!;
    expect(call.responseFormat).toMatchObject({ type: 'json', name: 'agent_spec' });
    const system = call.prompt.find((message) => message.role === 'system');
    expect(system?.content).toContain('- zendesk: Zendesk.');
    expect(system?.content).toContain(
      'Events: ticket.created, ticket.updated, ticket.comment_added.',
    );
    expect(JSON.stringify(call.prompt)).toContain("Author's time zone: Europe/Berlin");
  });

  it('rejects an answer that does not validate, naming the problems', async () => {
    const wrong = { ...answer, trigger: { ...answer.trigger, cron: 'at nine' } };
    const error = await compileWithModel(
      { prompt: PROMPT },
      answering(JSON.stringify(wrong)),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidModelSpecError);
    expect((error as InvalidModelSpecError).issues).toEqual([
      { path: 'trigger.cron', message: 'must be a valid cron expression, e.g. 0 9 * * 1-5' },
    ]);
  });
});

describe('compileAgent', () => {
  it('uses a valid model answer and reports every phase in order', async () => {
    const result = await compileWithPhases(answering(JSON.stringify(answer)));
    expect(result.compiledBy).toBe('model');
    expect(result.fallbackReason).toBeNull();
    expect(result.spec.name).toBe('Zendesk ticket digest to Slack');
    expect(result.phases).toEqual(['understanding', 'integrations', 'planning']);
  });

  it('falls back to the embedded compiler when the answer names an unknown integration', async () => {
    const wrong = {
      ...answer,
      integrations: [...answer.integrations, { id: 'myspace', why: 'post', config: [] }],
    };
    const result = await compileWithPhases(answering(JSON.stringify(wrong)));
    expect(result.compiledBy).toBe('embedded');
    expect(result.fallbackReason).toBe(
      'The model\'s answer was not a valid spec: integrations.2.id unknown integration "myspace"',
    );
    expect(result.spec.trigger).toMatchObject({ type: 'schedule', cron: '0 9 * * 1-5' });
    expect(result.phases).toEqual(['understanding', 'integrations', 'planning']);
  });

  it('falls back when the answer is not JSON of the schema', async () => {
    const result = await compileWithPhases(
      answering('Sure! Here is your agent: it posts to Slack.'),
    );
    expect(result.compiledBy).toBe('embedded');
    expect(result.fallbackReason).toMatch(/^The model call failed: /);
    expect(validateSpec(result.spec)).toEqual([]);
  });

  it('falls back when the model call throws', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: async () => {
        throw new Error('401 Incorrect API key provided');
      },
    });
    const result = await compileWithPhases(model);
    expect(result.compiledBy).toBe('embedded');
    expect(result.fallbackReason).toBe('The model call failed: 401 Incorrect API key provided');
  });

  it('falls back when the model does not answer in time', async () => {
    const model = new MockLanguageModelV3({
      doGenerate: ({ abortSignal }) =>
        new Promise((_, reject) =>
          abortSignal?.addEventListener('abort', () => reject(abortSignal.reason)),
        ),
    });
    const result = await compileWithPhases(model, 20);
    expect(result.compiledBy).toBe('embedded');
    expect(result.fallbackReason).toBe('The model did not answer within 20 ms');
    expect(model.doGenerateCalls[0]!.abortSignal?.aborted).toBe(true);
  });

  it('uses the embedded compiler without a model, with phases in order', async () => {
    const result = await compileWithPhases(null);
    expect(result).toMatchObject({ compiledBy: 'embedded', fallbackReason: null });
    expect(result.phases).toEqual(['understanding', 'integrations', 'planning']);
  });

  it('stops when the caller cancels instead of falling back', async () => {
    const controller = new AbortController();
    const model = new MockLanguageModelV3({
      doGenerate: ({ abortSignal }) =>
        new Promise((_, reject) => {
          abortSignal?.addEventListener('abort', () => reject(abortSignal.reason));
          controller.abort(new Error('client went away'));
        }),
    });
    await expect(
      compileAgent({ prompt: PROMPT }, { model, signal: controller.signal }),
    ).rejects.toThrow('client went away');
  });
});

describe('compileAgent against an OpenAI-compatible server', () => {
  let server: Server;
  let baseURL: string;
  const bodies: Record<string, unknown>[] = [];
  let content = JSON.stringify(answer);

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        bodies.push(JSON.parse(raw) as Record<string, unknown>);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'chatcmpl-1',
            object: 'chat.completion',
            created: 1_763_720_000,
            model: 'local-model',
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 900, completion_tokens: 200, total_tokens: 1100 },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const model = () =>
    createOpenAICompatible({
      name: 'local',
      baseURL,
      apiKey: 'test-key',
      supportsStructuredOutputs: true,
    }).chatModel('local-model');

  it('sends the schema as a JSON-schema response format and uses the answer', async () => {
    const result = await compileAgent(
      { prompt: PROMPT, timezone: 'Europe/Berlin', now: NOW },
      { model: model() },
    );
    expect(result.compiledBy).toBe('model');
    const body = bodies.at(-1)!;
    expect(body).toMatchObject({ model: 'local-model', response_format: { type: 'json_schema' } });
    const schema = (body.response_format as { json_schema: { schema: { required: string[] } } })
      .json_schema.schema;
    expect(schema.required).toEqual(
      expect.arrayContaining(['trigger', 'integrations', 'steps', 'category']),
    );
  });

  it('falls back when the server answers with a spec that does not validate', async () => {
    content = JSON.stringify({
      ...answer,
      trigger: { type: 'event', integration: 'zendesk', event: 'ticket.exploded' },
    });
    const result = await compileAgent({ prompt: PROMPT, now: NOW }, { model: model() });
    expect(result.compiledBy).toBe('embedded');
    expect(result.fallbackReason).toContain('trigger.event Zendesk has no event "ticket.exploded"');
  });
});

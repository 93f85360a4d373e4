import type { AgentPlan, RunStep } from '@spoke/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localServer, testContext, type LocalServer } from '../builtins/test-support.ts';
import { catalogConnector } from './connect.ts';
import { createLanguageModel } from './model.ts';
import { runPlan } from './plan-run.ts';
import { startOpenAITestServer, type OpenAITestServer } from './test-openai-server.ts';
import { recorder, testSpec } from './test-support.ts';
import { openToolset, type Toolset } from './toolset.ts';

// The built-ins run for real against servers on 127.0.0.1 (private networks allowed for the
// test), and the model is an OpenAI-compatible server speaking the real protocol.
let status: LocalServer;
let receiver: LocalServer;
let model: OpenAITestServer;
let toolset: Toolset;
let statusBody: unknown;

beforeEach(async () => {
  statusBody = {
    state: 'degraded',
    incidents: [
      { id: 1, title: 'API slow' },
      { id: 2, title: 'Login errors' },
      { id: 3, title: 'Docs down' },
    ],
  };
  status = await localServer((req, res) => {
    if (req.url === '/down') {
      res.writeHead(503, { 'Content-Type': 'text/plain' }).end('maintenance');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(statusBody));
  });
  receiver = await localServer((_req, res) => res.writeHead(204).end());
  model = await startOpenAITestServer();
  const { ctx } = testContext({ network: { allowPrivateNetworks: true } });
  toolset = await openToolset(
    testSpec(['http-request', 'webhook']),
    catalogConnector({ builtin: ctx, credentials: () => ({}) }),
  );
});
afterEach(async () => {
  await toolset.close();
  await Promise.all([status.close(), receiver.close(), model.close()]);
});

const spec = testSpec([]);
const languageModel = () =>
  createLanguageModel({
    provider: 'openai-compatible',
    baseUrl: model.url,
    model: 'tiny',
    apiKey: 'k',
  });

const fetchAndSend = (payload: unknown): AgentPlan => ({
  steps: [
    {
      id: 'fetch',
      kind: 'tool',
      tool: 'http-request.http_request',
      args: { method: 'GET', url: `${status.url}/status` },
    },
    {
      id: 'send',
      kind: 'tool',
      tool: 'webhook.send_webhook',
      args: { url: `${receiver.url}/hook`, payload },
    },
  ],
});

describe('a plan run', () => {
  it('runs tool steps with no model, passing one step’s output to the next', async () => {
    const { steps, onStep } = recorder();
    const outcome = await runPlan({
      plan: fetchAndSend({
        text: 'Status: {{steps.fetch.body.state}}',
        body: '{{steps.fetch.body}}',
      }),
      spec,
      model: null,
      toolset,
      onStep,
    });
    expect(outcome).toMatchObject({
      status: 'succeeded',
      error: null,
      tokens: { input: 0, output: 0 },
    });
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body)).toEqual({
      text: 'Status: degraded',
      body: statusBody,
    });
    expect(steps.map((s) => [s.type, s.plan_step, s.tool, s.error])).toEqual([
      ['tool', 'fetch', 'http-request.http_request', null],
      ['tool', 'send', 'webhook.send_webhook', null],
    ]);
    expect(steps[0]!.result).toMatchObject({ status: 200, body: statusBody });
  });

  it('refuses a plan that needs a model before any step runs, naming those steps', async () => {
    const { steps, onStep } = recorder();
    const plan = fetchAndSend('{{steps.summary}}');
    plan.steps.splice(1, 0, {
      id: 'summary',
      kind: 'model',
      instruction: 'Summarise the status in one sentence',
      inputs: ['steps.fetch'],
      output: { type: 'text' },
    });
    const outcome = await runPlan({ plan, spec, model: null, toolset, onStep });
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toContain('needs a language model for step "summary"');
    expect(steps).toEqual([]);
    expect(status.received).toEqual([]);
    expect(receiver.received).toEqual([]);
  });

  it('calls the model once, for the language step only, with only that step’s inputs', async () => {
    model.reply({
      text: 'Two incidents: the API is slow and logins fail.',
      usage: { input: 40, output: 12 },
    });
    const plan = fetchAndSend({ text: '{{steps.summary}}' });
    plan.steps.splice(1, 0, {
      id: 'summary',
      kind: 'model',
      instruction: 'Summarise the status in one sentence',
      inputs: ['steps.fetch.body.incidents'],
      output: { type: 'text' },
    });
    const { steps, onStep } = recorder();
    const outcome = await runPlan({
      plan,
      spec,
      model: languageModel(),
      toolset,
      onStep,
      input: { secret: 'run-input-XYZ' },
    });
    expect(outcome).toMatchObject({ status: 'succeeded', tokens: { input: 40, output: 12 } });
    expect(model.requests).toHaveLength(1);
    const sent = JSON.stringify(model.requests[0]!.messages);
    expect(sent).toContain('Login errors');
    expect(sent).toContain('Summarise the status in one sentence');
    // Neither the run's input nor the rest of the fetched answer reaches the model.
    expect(sent).not.toContain('run-input-XYZ');
    expect(sent).not.toContain('degraded');
    expect(model.requests[0]!.tools).toBeUndefined();
    expect(JSON.parse(receiver.received[0]!.body)).toEqual({
      text: 'Two incidents: the API is slow and logins fail.',
    });
    expect(steps.map((s) => [s.type, s.plan_step])).toEqual([
      ['tool', 'fetch'],
      ['model', 'summary'],
      ['tool', 'send'],
    ]);
  });

  it('decides and loops in the executor, bounded, and records what it decided', async () => {
    const plan: AgentPlan = {
      steps: [
        {
          id: 'fetch',
          kind: 'tool',
          tool: 'http-request.http_request',
          args: { url: `${status.url}/status` },
        },
        {
          id: 'bad',
          kind: 'if',
          condition: { value: 'steps.fetch.body.state', op: 'not_equals', compare: 'ok' },
          then: [
            {
              id: 'each',
              kind: 'for_each',
              over: 'steps.fetch.body.incidents',
              max: 2,
              steps: [
                {
                  id: 'tell',
                  kind: 'tool',
                  tool: 'webhook.send_webhook',
                  args: { url: `${receiver.url}/hook`, payload: { incident: '{{item.title}}' } },
                },
              ],
            },
          ],
        },
      ],
    };
    const { steps, onStep } = recorder();
    const outcome = await runPlan({ plan, spec, model: null, toolset, onStep });
    expect(outcome.status).toBe('succeeded');
    expect(receiver.received.map((r) => JSON.parse(r.body))).toEqual([
      { incident: 'API slow' },
      { incident: 'Login errors' },
    ]);
    const control = steps.filter((s) => s.type === 'control').map((s) => s.text);
    expect(control).toEqual([
      'If steps.fetch.body.state does not equal “ok”: yes',
      'For each of steps.fetch.body.incidents: 2 items (1 more not taken: at most 2 a run)',
    ]);

    statusBody = { state: 'ok', incidents: [] };
    const quiet = recorder();
    await runPlan({ plan, spec, model: null, toolset, onStep: quiet.onStep });
    expect(receiver.received).toHaveLength(2);
    expect(quiet.steps.at(-1)!.text).toBe(
      'If steps.fetch.body.state does not equal “ok”: no, nothing to do',
    );
  });

  it('stops at a failing step, unless the step lets the plan decide', async () => {
    const down: AgentPlan = fetchAndSend({ text: 'down' });
    (down.steps[0] as { args: Record<string, unknown> }).args.url = 'http://127.0.0.1:1/nothing';
    const { steps, onStep } = recorder();
    const outcome = await runPlan({ plan: down, spec, model: null, toolset, onStep });
    expect(outcome.status).toBe('failed');
    expect(outcome.error).toMatch(/^Step "fetch" \(http-request\.http_request\) failed: /);
    expect(steps).toHaveLength(1);
    expect(receiver.received).toEqual([]);

    const decided: AgentPlan = {
      steps: [
        { ...down.steps[0]!, on_error: 'continue' } as AgentPlan['steps'][number],
        {
          id: 'alert',
          kind: 'if',
          condition: { value: 'steps.fetch.error', op: 'is_not_empty' },
          then: [down.steps[1]!],
        },
      ],
    };
    const second = await runPlan({
      plan: decided,
      spec,
      model: null,
      toolset,
      onStep: recorder().onStep,
    });
    expect(second.status).toBe('succeeded');
    expect(receiver.received).toHaveLength(1);
  });

  it('checks a JSON answer against its schema', async () => {
    const plan: AgentPlan = {
      steps: [
        {
          id: 'classify',
          kind: 'model',
          instruction: 'Classify the message',
          inputs: ['input'],
          output: {
            type: 'json',
            schema: {
              type: 'object',
              required: ['label'],
              properties: { label: { enum: ['bug', 'question'] } },
            },
          },
        },
        {
          id: 'send',
          kind: 'tool',
          tool: 'webhook.send_webhook',
          args: { url: `${receiver.url}/hook`, payload: '{{steps.classify}}' },
        },
      ],
    };
    model.reply({ text: '```json\n{"label": "bug"}\n```' }, { text: '{"label": "praise"}' });
    const good = await runPlan({
      plan,
      spec,
      model: languageModel(),
      toolset,
      onStep: recorder().onStep,
      input: 'It crashes',
    });
    expect(good.status).toBe('succeeded');
    expect(JSON.parse(receiver.received[0]!.body)).toEqual({ label: 'bug' });
    const bad = await runPlan({
      plan,
      spec,
      model: languageModel(),
      toolset,
      onStep: recorder().onStep,
      input: 'Nice app',
    });
    expect(bad.error).toMatch(
      /^Step "classify": the model's answer does not match its schema: \/label/,
    );
    expect(receiver.received).toHaveLength(1);
  });

  it('dry-runs: reads for real, shows what each write would send, asks no model', async () => {
    const plan = fetchAndSend({ text: '{{steps.summary}}', state: '{{steps.fetch.body.state}}' });
    plan.steps.splice(1, 0, {
      id: 'summary',
      kind: 'model',
      instruction: 'Summarise the status',
      inputs: ['steps.fetch.body'],
      output: { type: 'text' },
    });
    const { steps, onStep } = recorder();
    const outcome = await runPlan({ plan, spec, model: null, toolset, onStep, dryRun: true });
    expect(outcome.status).toBe('succeeded');
    expect(status.received.map((r) => r.method)).toEqual(['GET']);
    expect(receiver.received).toEqual([]);
    expect(model.requests).toEqual([]);
    expect(steps.map((s) => [s.plan_step, s.type, Boolean(s.skipped)])).toEqual([
      ['fetch', 'tool', false],
      ['summary', 'model', true],
      ['send', 'tool', true],
    ]);
    expect(steps[0]!.result).toMatchObject({ status: 200, body: statusBody });
    expect(steps[2]!.arguments).toEqual({
      url: `${receiver.url}/hook`,
      payload: { text: '[the model\'s answer to step "summary"]', state: 'degraded' },
    });
    // An HTTP call that writes is shown, not made.
    const post: AgentPlan = {
      steps: [
        {
          id: 'post',
          kind: 'tool',
          tool: 'http-request.http_request',
          args: { method: 'POST', url: `${status.url}/x`, body: { a: 1 } },
        },
      ],
    };
    const shown = recorder();
    await runPlan({ plan: post, spec, model: null, toolset, onStep: shown.onStep, dryRun: true });
    expect(status.received).toHaveLength(1);
    expect(shown.steps[0]).toMatchObject({
      skipped: expect.stringMatching(/^Not sent/),
      arguments: { method: 'POST', body: { a: 1 } },
    });
  });

  it('stops loops of decisions at the run’s plan step cap', async () => {
    const list = Array.from({ length: 100 }, (_, k) => k);
    const inner = {
      id: 'inner',
      kind: 'for_each' as const,
      over: 'input',
      max: 100,
      steps: [
        {
          id: 'odd',
          kind: 'if' as const,
          condition: { value: 'item', op: 'greater_than' as const, compare: 1000 },
          then: [],
        },
      ],
    };
    const plan: AgentPlan = {
      steps: [{ id: 'outer', kind: 'for_each', over: 'input', max: 100, steps: [inner] }],
    };
    const steps: RunStep[] = [];
    const outcome = await runPlan({
      plan,
      spec,
      model: null,
      toolset,
      input: list,
      onStep: (s) => void steps.push(s),
    });
    expect(outcome.error).toBe('Stopped after 1000 plan steps');
    expect(steps.length).toBeLessThanOrEqual(1000);
  });

  it('stops a loop at the run’s tool call cap', async () => {
    statusBody = {
      state: 'x',
      incidents: Array.from({ length: 50 }, (_, id) => ({ id, title: `#${id}` })),
    };
    const plan: AgentPlan = {
      steps: [
        {
          id: 'fetch',
          kind: 'tool',
          tool: 'http-request.http_request',
          args: { url: `${status.url}/s` },
        },
        {
          id: 'each',
          kind: 'for_each',
          over: 'steps.fetch.body.incidents',
          max: 100,
          steps: [
            {
              id: 'tell',
              kind: 'tool',
              tool: 'webhook.send_webhook',
              args: { url: `${receiver.url}/h`, payload: '{{item}}' },
            },
          ],
        },
      ],
    };
    const steps: RunStep[] = [];
    const outcome = await runPlan({
      plan,
      spec,
      model: null,
      toolset,
      onStep: (s) => void steps.push(s),
      maxToolCalls: 5,
    });
    expect(outcome.error).toBe('Stopped at the tool call cap (5 calls)');
    expect(receiver.received).toHaveLength(4);
  });
});

import http from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Run, RunStep } from '@spoke/shared';
import {
  startOpenAITestServer,
  toolResultsOf,
  type ChatRequest,
  type OpenAITestServer,
  type ScriptedReply,
} from '@spoke/agents/testing';
import { call, createAgent } from '../../modules/agents/agent-test-kit.ts';
import { register, startTestApp, type TestApp } from '../harness.ts';

// Agents reach the outside world through MCP servers. The catalog's remote servers have fixed
// addresses (a test cannot point one at a local server) and npm servers are fetched by npx,
// so the misbehaving party here is what a built-in MCP server talks to: the HTTP request
// built-in calling a local server that hangs, tears its answer off mid-body, or answers
// with bytes that are not HTTP; and the model itself hanging mid-run. Each run must record
// what went wrong and end within its own time limit while another run goes on unaffected.

const TIME_LIMIT_MS = 8_000;

/** The upstream an agent calls: `/hang` never answers, `/crash` dies mid-body. */
async function startUpstream() {
  const hanging = new Set<Socket>();
  let hangRequests = 0;
  const server = http.createServer((req, res) => {
    if (req.url === '/hang') {
      hangRequests++;
      hanging.add(req.socket);
      req.socket.once('close', () => hanging.delete(req.socket));
      return;
    }
    if (req.url === '/crash') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
      res.write('{"orders": [1, 2,');
      setImmediate(() => req.socket.destroy());
      return;
    }
    res.writeHead(404).end();
  });
  // Not HTTP at all: a burst of bytes, then the connection closes.
  const garbageSockets = new Set<Socket>();
  const garbage = net.createServer((socket) => {
    garbageSockets.add(socket);
    socket.once('close', () => garbageSockets.delete(socket));
    socket.resume(); // reads the request, so that the client's close is seen
    socket.end(Buffer.from('\u0000\u00ff\u0013garbage, not a status line\r\n\r\n\u0007'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => garbage.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    hangUrl: `${origin}/hang`,
    crashUrl: `${origin}/crash`,
    garbageUrl: `http://127.0.0.1:${(garbage.address() as AddressInfo).port}/`,
    hanging,
    hangRequests: () => hangRequests,
    close: async () => {
      server.closeAllConnections();
      for (const socket of [...hanging, ...garbageSockets]) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
      await new Promise((resolve) => garbage.close(resolve));
    },
  };
}

let t: TestApp;
let model: OpenAITestServer;
let upstream: Awaited<ReturnType<typeof startUpstream>>;
let modelHangs = 0;

/**
 * The model: the run's input names a case. It calls the HTTP tool on the case's URL (or the
 * clock), then answers with what the tool said; for `model-hangs` it never answers at all.
 */
function responder(request: ChatRequest): ScriptedReply {
  const input = JSON.stringify(request.messages);
  const tool = (prefix: string) =>
    request.tools?.find((x) => x.function.name.startsWith(prefix))?.function.name ?? 'missing';
  // A compile request (no tools offered) gets no spec: the embedded compiler writes the agent.
  if (!request.tools?.length) return { text: 'No spec here.' };
  const results = toolResultsOf(request);
  if (results.length > 0)
    return { text: `The tool said: ${results.at(-1)!.content.slice(0, 200)}` };
  if (input.includes('case:model-hangs')) {
    modelHangs++;
    return { hang: true };
  }
  if (input.includes('case:healthy'))
    return { toolCalls: [{ name: tool('clock__'), arguments: {} }] };
  const url = input.includes('case:hang')
    ? upstream.hangUrl
    : input.includes('case:crash')
      ? upstream.crashUrl
      : upstream.garbageUrl;
  // The longest timeout the tool allows: only the run's own limit can stop a hang in time.
  return {
    toolCalls: [{ name: tool('http-request__'), arguments: { url, timeout_ms: 60_000 } }],
  };
}

beforeAll(async () => {
  upstream = await startUpstream();
  model = await startOpenAITestServer({ fallback: responder });
  t = await startTestApp({
    llm: { provider: 'openai-compatible', model: 'test-model', baseUrl: model.url },
    runs: { maxSteps: 4, timeLimitMs: TIME_LIMIT_MS, concurrency: 5 },
    allowPrivateNetworks: true,
  });
});
afterAll(async () => {
  await t?.close();
  await model?.close();
  await upstream?.close();
});

type RunWithSteps = Run & { steps: RunStep[] };

async function runOf(token: string, id: string): Promise<RunWithSteps> {
  const res = await call(t, 'GET', `/api/runs/${id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.run as RunWithSteps;
}

const finished = (run: Run) => run.status === 'succeeded' || run.status === 'failed';

async function untilFinished(token: string, id: string): Promise<RunWithSteps> {
  for (;;) {
    const run = await runOf(token, id);
    if (finished(run)) return run;
    await sleep(25);
  }
}

async function until(condition: () => boolean) {
  while (!condition()) await sleep(25);
}

const toolSteps = (run: RunWithSteps) => run.steps.filter((s) => s.type === 'tool');

describe('a run whose integration or model misbehaves mid-run', () => {
  it('records the error, ends by its time limit, and leaves another run alone', async () => {
    const user = await register(t.app);
    const agent = await createAgent(
      t,
      user.token,
      'When I ask, send an HTTP request to the API at https://api.example.com/status and tell me the current time in UTC',
    );
    expect(agent.spec.integrations.map((i) => i.id)).toEqual(['http-request', 'clock']);
    const start = async (input: string) => {
      const res = await call(t, 'POST', `/api/agents/${agent.id}/runs`, user.token, { input });
      expect(res.statusCode, res.body).toBe(202);
      return res.json().data.run.id as string;
    };

    const hang = await start('case:hang');
    const modelHang = await start('case:model-hangs');
    // Both are stuck in the middle of their run before the others start.
    await until(() => upstream.hangRequests() === 1 && modelHangs === 1);
    const crash = await start('case:crash');
    const garbage = await start('case:garbage');
    const healthy = await start('case:healthy');

    const done = await untilFinished(user.token, healthy);
    expect(done.status, done.error ?? '').toBe('succeeded');
    expect(toolSteps(done).map((s) => [s.tool, s.error ?? null])).toEqual([['clock.now', null]]);
    // It finished while the hung runs were still held up: they did not slow it down.
    expect((await runOf(user.token, hang)).status).toBe('running');
    expect((await runOf(user.token, modelHang)).status).toBe('running');

    // A torn body and a non-HTTP answer are tool errors the model is told about.
    for (const id of [crash, garbage]) {
      const run = await untilFinished(user.token, id);
      expect(run.status).toBe('succeeded');
      const [step] = toolSteps(run);
      expect(step?.tool).toBe('http-request.http_request');
      expect(step?.error).toEqual(expect.any(String));
      expect(step?.error).not.toMatch(/\n\s+at /); // no stack trace
      const answer = run.steps.at(-1);
      expect(answer?.type).toBe('model');
      expect(answer?.text).toContain(step!.error!.slice(0, 40));
    }

    // The hangs end at the run's time limit, with the reason recorded.
    const limit = `Stopped at the time limit (${TIME_LIMIT_MS / 1000} s)`;
    const hung = await untilFinished(user.token, hang);
    expect(hung).toMatchObject({ status: 'failed', error: limit });
    expect(toolSteps(hung).map((s) => [s.tool, s.error])).toEqual([
      ['http-request.http_request', limit],
    ]);
    const silent = await untilFinished(user.token, modelHang);
    expect(silent).toMatchObject({ status: 'failed', error: limit });
    expect(silent.steps).toEqual([]);

    // The request to the hung server was cancelled with the run, not left open until its own
    // 60 s timeout.
    await until(() => upstream.hanging.size === 0);
  }, 60_000);
});

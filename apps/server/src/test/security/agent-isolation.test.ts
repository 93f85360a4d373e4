import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Run, RunStep } from '@spoke/shared';
import {
  startOpenAITestServer,
  toolResultsOf,
  type ChatRequest,
  type OpenAITestServer,
  type ScriptedReply,
} from '@spoke/agents/testing';
import { call, createAgent, finishedRun } from '../../modules/agents/agent-test-kit.ts';
import { databaseKeyValueStore } from '../../modules/agents/builtin-context.ts';
import { users } from '../../db/schema.ts';
import { register, startTestApp, type TestApp } from '../harness.ts';

// A stranger's agent runs SQL and JSONata on the platform. Through the real API and a scripted
// model, the attacker's agent sends each text below to the SQL built-in (or the transform); the
// run's steps must hold nothing of the victim or the platform, and while a statement or an
// expression runs without end every other request is answered.

const VICTIM_SECRET = 'victim-memory-7f3a';

let t: TestApp;
let model: OpenAITestServer;
let attacker: { token: string; user: { id: string } };
let victim: { token: string; user: { email: string } };
let attackerAgent: string;

/** The tool call the model makes next (runs here go one at a time). */
let wanted: { tool: string; arguments: Record<string, unknown> } = { tool: 'none', arguments: {} };

function responder(request: ChatRequest): ScriptedReply {
  if (!request.tools?.length) return { text: 'No spec here.' };
  if (toolResultsOf(request).length > 0) return { text: 'done' };
  const name =
    request.tools.find((x) => x.function.name.endsWith(`__${wanted.tool}`))?.function.name ??
    `no tool ${wanted.tool} among ${request.tools.map((x) => x.function.name).join(', ')}`;
  return { toolCalls: [{ name, arguments: wanted.arguments }] };
}

async function runTool(
  tool: string,
  args: Record<string, unknown>,
): Promise<Run & { steps: RunStep[] }> {
  wanted = { tool, arguments: args };
  const started = await call(t, 'POST', `/api/agents/${attackerAgent}/runs`, attacker.token, {
    input: 'Run the tool.',
  });
  expect(started.statusCode, started.body).toBe(202);
  const runId = (started.json() as { data: { run: Run } }).data.run.id;
  return (await finishedRun(t, attacker.token, runId)) as Run & { steps: RunStep[] };
}

const toolStep = (run: { steps: RunStep[] }) => run.steps.find((s) => s.type === 'tool');

beforeAll(async () => {
  model = await startOpenAITestServer({ fallback: responder });
  t = await startTestApp({
    llm: { provider: 'openai-compatible', model: 'test-model', baseUrl: model.url },
    runs: { maxSteps: 3, timeLimitMs: 60_000, concurrency: 4 },
  });
  victim = await register(t.app);
  attacker = await register(t.app);
  // Enough runs a day for every attack below.
  await t.app.spoke.database.db
    .update(users)
    .set({ plan: 'elite' })
    .where(eq(users.id, attacker.user.id));
  const victimAgent = await createAgent(t, victim.token, 'Every day remember the weather');
  await databaseKeyValueStore(t.app.spoke.database, victimAgent.id).set('secret', VICTIM_SECRET);
  const agent = await createAgent(
    t,
    attacker.token,
    'Every day query my table with SQL, reshape the rows with a JSON transform and remember the totals',
  );
  attackerAgent = agent.id;
  const have = new Set(agent.spec.integrations.map((i) => i.id));
  const added = ['sql', 'memory', 'transform']
    .filter((id) => !have.has(id))
    .map((id) => ({ id, why: 'For the test.', config: [] }));
  const patched = await call(t, 'PATCH', `/api/agents/${attackerAgent}`, attacker.token, {
    spec: { integrations: [...agent.spec.integrations, ...added] },
  });
  expect(patched.statusCode, patched.body).toBe(200);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await model?.close();
});

describe('an agent’s SQL', () => {
  it.each([
    // The escaped-identifier role switch that read every user's password hash before.
    `SELECT U&"\\0073et_config"('role', 'postgres', true), (SELECT string_agg(email || password, ',') FROM accounts JOIN users ON users.id = accounts.user_id)`,
    `SELECT * FROM users`,
    `SELECT * FROM public.agent_memory`,
    `SELECT * FROM agent_space.memory`,
    `SELECT set_config('spoke.agent_id', '00000000-0000-0000-0000-000000000000', true), * FROM memory`,
    `SELECT query_to_xml('select * from users', true, true, '')`,
    `SELECT usename, passwd FROM pg_shadow`,
    `SELECT datname FROM pg_database`,
  ])(
    'reaches nothing of the platform or another user: %s',
    async (sql) => {
      const run = await runTool('sql_query', { sql });
      const step = toolStep(run);
      expect(step?.tool).toBe('sql.sql_query');
      const seen = JSON.stringify(run);
      expect(seen).not.toContain(VICTIM_SECRET);
      expect(seen).not.toContain(victim.user.email);
      expect(seen).not.toMatch(/\$scrypt|scrypt:|SCRAM-SHA/);
      for (const database of ['test', 'spoke']) {
        if (step?.result) expect(JSON.stringify(step.result)).not.toContain(`"${database}_`);
      }
    },
    60_000,
  );

  it('answers every other request while a statement runs without end, then stops it', async () => {
    const endless = runTool('sql_query', {
      sql: 'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n',
    });
    let finished = false;
    void endless.then(() => (finished = true));
    // Wait until the statement is running in the engine.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const answered: number[] = [];
    for (let i = 0; i < 10; i++) {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      answered.push(health.statusCode);
      if (finished) break;
    }
    // Ten answers came while the statement was still running, not after it was stopped.
    expect(answered).toEqual(Array(10).fill(200));
    expect(finished).toBe(false);
    const run = await endless;
    expect(toolStep(run)?.error).toMatch(/ran longer than 5 s and was stopped/);
  }, 60_000);
});

describe('an agent’s JSONata', () => {
  it('answers every other request while a regular expression backtracks, then stops it', async () => {
    const evil = runTool('json_query', {
      expression: '$match(s, /^(a+)+$/)',
      input: { s: `${'a'.repeat(45)}!` },
    });
    let finished = false;
    void evil.then(() => (finished = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const answered: number[] = [];
    for (let i = 0; i < 5; i++) {
      answered.push((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode);
    }
    expect(answered).toEqual(Array(5).fill(200));
    const run = await evil;
    expect(finished).toBe(true);
    expect(toolStep(run)?.error).toMatch(/ran longer than 1000 ms and was stopped/);
  }, 60_000);
});

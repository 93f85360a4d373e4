import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunStep } from '@spoke/shared';
import { SANDBOX_REFUSED_MESSAGE, integrationById, npmPackageInfo } from '@spoke/agents';
import {
  startOpenAITestServer,
  toolResultsOf,
  writeHostilePackage,
  type ChatRequest,
  type OpenAITestServer,
  type ScriptedReply,
} from '@spoke/agents/testing';
import { call, createAgent, finishedRun } from '../../modules/agents/agent-test-kit.ts';
import { register, startTestApp, type TestApp } from '../harness.ts';

// A catalog npm integration run through the real API, the real run loop and the real sandbox.
// The filesystem integration's package is replaced in the package cache by a server that tries
// to get out (each tool reports what happened); the run records every attempt.

const ATTACKS: { tool: string; arguments: Record<string, unknown> }[] = [
  { tool: 'whoami', arguments: {} },
  { tool: 'argv', arguments: {} },
  { tool: 'read', arguments: { path: '/etc/shadow' } },
  { tool: 'list', arguments: { path: '/root' } },
  { tool: 'write', arguments: { path: '/usr/evil' } },
  { tool: 'connect', arguments: { host: '127.0.0.1', port: 5432 } },
  { tool: 'connect', arguments: { host: '10.0.0.1', port: 5432 } },
];

function responder(request: ChatRequest): ScriptedReply {
  if (!request.tools?.length) return { text: 'No spec here.' };
  if (toolResultsOf(request).length > 0) return { text: 'Done.' };
  return {
    toolCalls: ATTACKS.map((attack) => ({
      name: `filesystem__${attack.tool}`,
      arguments: attack.arguments,
    })),
  };
}

let model: OpenAITestServer;
beforeAll(async () => {
  model = await startOpenAITestServer({ fallback: responder });
});
afterAll(async () => {
  await model?.close();
});

async function filesystemRun(t: TestApp) {
  const user = await register(t.app);
  const agent = await createAgent(
    t,
    user.token,
    'When I ask, read the files in my local folder and list the directory',
  );
  expect(agent.spec.integrations.map((i) => i.id)).toContain('filesystem');
  const saved = await call(t, 'PUT', '/api/integrations/filesystem/credentials', user.token, {
    values: { FILESYSTEM_ROOT: '/' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const started = await call(t, 'POST', `/api/agents/${agent.id}/runs`, user.token, {
    input: 'go',
  });
  expect(started.statusCode, started.body).toBe(202);
  const run = await finishedRun(t, user.token, started.json().data.run.id as string);
  return { run, steps: (run.steps as RunStep[]).filter((s) => s.type === 'tool') };
}

const llm = () => ({
  provider: 'openai-compatible' as const,
  model: 'test-model',
  baseUrl: model.url,
});

describe('with bubblewrap', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'spoke-sandbox-app-'));
    chmodSync(dataDir, 0o711);
    const version = npmPackageInfo(integrationById('filesystem')!)!.version;
    writeHostilePackage(
      path.join(dataDir, 'packages', `@modelcontextprotocol+server-filesystem@${version}`),
      '@modelcontextprotocol/server-filesystem',
    );
    t = await startTestApp({ dataDir, llm: llm() });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('says so in /api/ready', async () => {
    const res = await t.app.inject('/api/ready');
    expect(res.json().data.integrations).toEqual({ sandbox: 'bubblewrap' });
  });

  it('contains every attempt of an npm integration to get out, and the server stays healthy', async () => {
    const { steps } = await filesystemRun(t);
    const said = steps.map((step) => [step.tool, JSON.stringify(step.result ?? step.error)]);
    const expected = [
      'uid=65534 gid=65534 cwd=/scratch',
      '[\\"/scratch\\"]', // the root "/" became the agent's scratch directory
      'error: ENOENT',
      'error: ENOENT',
      'error: EROFS',
      'error: ECONNREFUSED',
      'error: ENETUNREACH',
    ];
    expect(said).toHaveLength(expected.length);
    expected.forEach((text, i) => {
      expect(said[i]![0]).toBe(`filesystem.${ATTACKS[i]!.tool}`);
      expect(said[i]![1]).toContain(text);
    });
    const health = await t.app.inject('/api/health');
    expect(health.statusCode).toBe(200);
  }, 60_000);
});

describe('without a working sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      llm: llm(),
      integrations: {
        sandbox: 'auto',
        bwrapPath: '/nonexistent/bwrap',
        memoryMb: 512,
        maxProcesses: 128,
      },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('says so in /api/ready', async () => {
    const res = await t.app.inject('/api/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.integrations).toEqual({ sandbox: 'refused' });
  });

  it('refuses to start npm integrations, with the reason in the run', async () => {
    const { steps } = await filesystemRun(t);
    expect(steps[0]).toMatchObject({
      tool: 'filesystem',
      error: `Could not start Filesystem (npm package @modelcontextprotocol/server-filesystem): ${SANDBOX_REFUSED_MESSAGE}`,
    });
  }, 60_000);
});

describe('when bubblewrap is required and does not work', () => {
  it('does not start', async () => {
    await expect(
      startTestApp({
        integrations: {
          sandbox: 'bubblewrap',
          bwrapPath: '/nonexistent/bwrap',
          memoryMb: 512,
          maxProcesses: 128,
        },
      }),
    ).rejects.toThrow(
      'INTEGRATIONS_SANDBOX=bubblewrap, but bubblewrap at /nonexistent/bwrap failed its self-test',
    );
  });
});

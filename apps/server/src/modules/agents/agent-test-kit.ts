import { createHmac } from 'node:crypto';
import type { Agent } from '@spoke/shared';
import { integrationById, type Integration } from '@spoke/agents';
import { bearer, type TestApp } from '../../test/harness.ts';

export const call = (
  t: TestApp,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** Creates an agent from a prompt through the API. */
export async function createAgent(t: TestApp, token: string, prompt: string, timezone?: string) {
  const res = await call(t, 'POST', '/api/agents', token, { prompt, timezone });
  if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { agent: Agent } }).data.agent;
}

/** Waits until the run has finished (the worker runs it in the background). */
export async function finishedRun(t: TestApp, token: string, runId: string) {
  await t.app.spoke.runs.idle();
  for (let i = 0; i < 200; i++) {
    const res = await call(t, 'GET', `/api/runs/${runId}`, token);
    const run = res.json().data.run as { status: string };
    if (run.status === 'succeeded' || run.status === 'failed') return res.json().data.run;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the run did not finish');
}

/** Headers of a webhook call signed with `secret` at `at` (Unix seconds, now by default). */
export function signedHook(
  secret: string,
  body: string,
  at = Math.floor(Date.now() / 1000),
): Record<string, string> {
  const timestamp = String(at);
  const mac = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return { 'x-spoke-timestamp': timestamp, 'x-spoke-signature': `sha256=${mac}` };
}

/**
 * The catalog, with Linear's server pointed at a test's own MCP server over streamable HTTP
 * (`url()`, read when an integration is looked up), its API key passed as Linear's is.
 */
export function withLinearAt(url: () => string) {
  return (id: string): Integration | undefined => {
    const found = integrationById(id);
    if (id !== 'linear' || !found) return found;
    return {
      ...found,
      provider: {
        kind: 'remote',
        url: url(),
        transport: 'streamable-http',
        headers: { Authorization: 'Bearer {LINEAR_API_KEY}' },
      },
    };
  };
}

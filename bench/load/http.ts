import { sampleRegistration } from '@spoke/shared/testing';

export type Answer = { status: number; body: unknown; ms: number };

/** One JSON request; `token` goes in as a bearer token. Network failures reject. */
export async function api(
  origin: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(`${origin}${url}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a page, an asset): kept as text.
  }
  return { status: res.status, body, ms: performance.now() - started };
}

export type Account = { id: string; email: string; password: string; token: string };

/** Registers a new account through the API. */
export async function registerAccount(origin: string): Promise<Account> {
  const form = sampleRegistration();
  const res = await api(origin, 'POST', '/api/account/register', { body: form });
  const data = (res.body as { data?: { user?: { id?: string }; token?: string } }).data;
  if (res.status !== 201 || !data?.token || !data.user?.id) {
    throw new Error(`register answered ${res.status} ${JSON.stringify(res.body)}`);
  }
  return { id: data.user.id, email: form.email, password: form.password, token: data.token };
}

/** Creates an agent from a description through the API; its id. */
export async function createAgent(origin: string, token: string, prompt: string): Promise<string> {
  const res = await api(origin, 'POST', '/api/agents', {
    token,
    body: { prompt, timezone: 'UTC' },
  });
  const id = (res.body as { data?: { agent?: { id?: string } } }).data?.agent?.id;
  if (res.status !== 201 || !id) {
    throw new Error(`create agent answered ${res.status} ${JSON.stringify(res.body)}`);
  }
  return id;
}

/** Descriptions the embedded compiler turns into agents with different integrations. */
export const AGENT_PROMPTS = [
  'Every day at 9am tell me the current time in UTC',
  'When I ask, fetch https://example.com/status.json and summarise it',
  'Every Monday at 8am read the RSS feed https://example.com/feed.xml and email me the new posts',
  'When a webhook arrives, remember its order id and total',
  'Every hour check https://example.com and tell me if the page changed',
];

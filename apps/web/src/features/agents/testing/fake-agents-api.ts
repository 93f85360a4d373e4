import {
  CREATE_PHASES,
  type Agent,
  type AgentListItem,
  type IntegrationInfo,
  type RecompileResult,
  type Run,
} from '@spoke/shared';
import type { ServerResponse } from 'node:http';
import { sampleUser, sendJson, sendRaw, type RecordedRequest } from '#web/test/test-server.ts';
import { FREE_BILLING, INTEGRATIONS, listItem, sampleAgent } from './fixtures.ts';

export type Override = (req: RecordedRequest, res: ServerResponse) => boolean;

/**
 * The agents API as the server speaks it, held in memory, for tests that drive the real pages
 * over HTTP. Tests change its state between steps, or answer a path themselves with `override`.
 */
export function createFakeAgentsApi() {
  const state = {
    agents: [] as AgentListItem[],
    runs: new Map<string, Run[]>(),
    /** Full runs with steps, by id; GET /api/runs/{id} answers from here first. */
    runDetails: new Map<string, Run[]>(),
    integrations: structuredClone(INTEGRATIONS) as IntegrationInfo[],
    created: sampleAgent({ id: 'new-agent' }),
    /** What `POST /api/agents/{id}/recompile` answers; null: the agent's own spec, unchanged. */
    recompiled: null as RecompileResult | null,
    pageSize: 100,
    /** What GET /api/ready says of the language model. */
    model: 'configured' as 'configured' | 'none',
    override: null as Override | null,
  };

  // Creation streams one phase at a time; each `release()` lets the next line through.
  let waiting: (() => void)[] = [];
  let holdStream = false;
  const gate = () =>
    holdStream ? new Promise<void>((resolve) => waiting.push(resolve)) : Promise.resolve();

  function release(): void {
    const next = waiting.shift();
    if (!next) throw new Error('the stream is not waiting');
    next();
  }

  async function streamCreate(res: ServerResponse) {
    res.writeHead(201, { 'Content-Type': 'application/x-ndjson' });
    for (const phase of CREATE_PHASES) {
      res.write(`${JSON.stringify({ phase })}\n`);
      await gate();
    }
    state.agents.unshift(listItem(state.created));
    res.end(`${JSON.stringify({ data: { agent: state.created } })}\n`);
  }

  function find(id: string | undefined) {
    return state.agents.find((each) => each.id === id);
  }

  function page<T>(items: T[], cursor: string | null) {
    const start = cursor ? Number(cursor) : 0;
    const end = start + state.pageSize;
    return { items: items.slice(start, end), next: end < items.length ? String(end) : null };
  }

  function handle(req: RecordedRequest, res: ServerResponse): void {
    if (state.override?.(req, res)) return;
    const url = new URL(req.path, 'http://test');
    const path = url.pathname;
    const method = req.method;
    if (path === '/api/account/me') return sendJson(res, 200, { data: { user: sampleUser } });
    if (path === '/api/ready') {
      return sendJson(res, 200, { data: { status: 'ready', database: 'ok', model: state.model } });
    }
    if (path === '/api/account/billing') return sendJson(res, 200, { data: FREE_BILLING });
    if (path === '/api/integrations') {
      return sendJson(res, 200, { data: { integrations: state.integrations } });
    }
    const credentials = /^\/api\/integrations\/([^/]+)\/credentials$/.exec(path);
    if (credentials) {
      const integration = state.integrations.find((each) => each.id === credentials[1]);
      if (!integration) return sendRaw(res, 404);
      integration.connected = method === 'PUT';
      for (const agent of state.agents) agent.connections[integration.id] = integration.connected;
      return sendJson(res, 200, { data: method === 'PUT' ? { integration } : { ok: true } });
    }
    if (path === '/api/agents' && method === 'POST') {
      if (req.headers.accept === 'application/x-ndjson') return void streamCreate(res);
      state.agents.unshift(listItem(state.created));
      return sendJson(res, 201, { data: { agent: state.created } });
    }
    if (path === '/api/agents' && method === 'GET') {
      const { items, next } = page(state.agents, url.searchParams.get('cursor'));
      return sendJson(res, 200, { data: { agents: items, next_cursor: next } });
    }
    if (path === '/api/runs' && method === 'GET') {
      const limit = Number(url.searchParams.get('limit') ?? 25);
      const named = state.agents.flatMap((each) =>
        (state.runs.get(each.id) ?? []).map((r) => ({ ...r, agent_name: each.spec.name })),
      );
      named.sort((a, b) => b.created_at.localeCompare(a.created_at));
      const runs = named.slice(0, limit);
      return sendJson(res, 200, {
        data: { runs, next_cursor: named.length > limit ? String(limit) : null },
      });
    }
    const run = /^\/api\/runs\/([^/]+)$/.exec(path);
    if (run) {
      const detail = state.runDetails.get(run[1] ?? '')?.shift();
      const found = detail ?? [...state.runs.values()].flat().find((each) => each.id === run[1]);
      return found ? sendJson(res, 200, { data: { run: found } }) : sendRaw(res, 404);
    }
    const match = /^\/api\/agents\/([^/]+)(?:\/(.+))?$/.exec(path);
    const agent = find(match?.[1]);
    if (!match || !agent)
      return sendJson(res, 404, { error: { message: 'Agent not found', code: 'NOT_FOUND' } });
    const action = match[2];
    const answer = (changed: Agent) => sendJson(res, 200, { data: { agent: changed } });
    if (!action && method === 'GET') return answer(agent);
    if (!action && method === 'PATCH') {
      const body = JSON.parse(req.body) as { spec: Partial<Agent['spec']>; prompt?: string };
      agent.spec = { ...agent.spec, ...body.spec };
      if (body.prompt !== undefined) agent.prompt = body.prompt;
      const { trigger } = agent.spec;
      const delivery = trigger.type === 'event' ? (trigger.delivery ?? { type: 'webhook' }) : null;
      agent.webhook =
        trigger.type === 'webhook' || delivery?.type === 'webhook'
          ? (agent.webhook ?? { url: `http://test/api/hooks/${agent.id}`, secret: 'whsec_first' })
          : null;
      agent.poll =
        delivery?.type === 'poll'
          ? {
              interval_minutes: delivery.interval_minutes,
              tool: delivery.tool ?? null,
              next_poll_at: '2026-03-05T12:00:00.000Z',
              last_polled_at: null,
              last_error: null,
            }
          : null;
      return answer(agent);
    }
    if (!action && method === 'DELETE') {
      state.agents = state.agents.filter((each) => each !== agent);
      return sendJson(res, 200, { data: { ok: true } });
    }
    if (action === 'recompile' && method === 'POST') {
      const result = state.recompiled ?? {
        spec: agent.spec,
        compiled_by: agent.compiled_by,
        changes: [],
      };
      return sendJson(res, 200, { data: result });
    }
    if (action === 'pause' || action === 'resume') {
      agent.status = action === 'pause' ? 'paused' : 'active';
      return answer(agent);
    }
    if (action === 'webhook/rotate' && agent.webhook) {
      agent.webhook = { ...agent.webhook, secret: 'whsec_rotated' };
      return answer(agent);
    }
    if (action === 'runs' && method === 'POST') {
      const body = JSON.parse(req.body || '{}') as { input?: unknown; dry_run?: boolean };
      if (body.dry_run) {
        return sendJson(res, 200, {
          data: {
            dry_run: true,
            model_configured: false,
            steps: agent.spec.steps,
            tools: [{ name: 'slack.post_message', description: 'Post a message.' }],
            missing_connections: ['slack'],
          },
        });
      }
      const queued: Run = {
        id: `run-${(state.runs.get(agent.id)?.length ?? 0) + 1}`,
        agent_id: agent.id,
        status: 'queued',
        trigger: 'manual',
        input: body.input ?? null,
        created_at: '2026-03-05T12:00:00.000Z',
        started_at: null,
        finished_at: null,
        usage: { messages: 0, integration_credits: 0, tokens: { input: 0, output: 0 } },
        error: null,
      };
      state.runs.set(agent.id, [queued, ...(state.runs.get(agent.id) ?? [])]);
      return sendJson(res, 202, { data: { run: queued } });
    }
    if (action === 'runs' && method === 'GET') {
      const { items, next } = page(state.runs.get(agent.id) ?? [], url.searchParams.get('cursor'));
      return sendJson(res, 200, { data: { runs: items, next_cursor: next } });
    }
    sendRaw(res, 404);
  }

  return {
    state,
    handle,
    release,
    /** Holds the creation stream after each line until `release()`. */
    holdCreateStream(on = true) {
      holdStream = on;
      waiting = [];
    },
  };
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { eq } from 'drizzle-orm';
import { ErrorCode, type AgentSpec } from '@spoke/shared';
import type { Db } from '../../db/client.ts';
import { agents } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { findUnstorable, unstorableBody } from '../../lib/storable.ts';
import { hasHook } from './agent-json.ts';
import type { RunService } from './runs.ts';
import type { AgentService } from './service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** Whether the request proves it knows the secret: an HMAC of the raw body, or the secret. */
function authentic(headers: Record<string, unknown>, raw: Buffer, secret: string): boolean {
  const signature = headers['x-spoke-signature'];
  if (typeof signature === 'string') {
    const expected = `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
    return same(signature.trim().toLowerCase(), expected);
  }
  const auth = headers.authorization;
  if (typeof auth === 'string' && auth.slice(0, 7).toLowerCase() === 'bearer ') {
    return same(auth.slice(7).trim(), secret);
  }
  return false;
}

/**
 * `POST /api/hooks/{agentId}`: starts a run of an agent with a webhook or event trigger. The
 * body (JSON or text) becomes the run's input.
 */
export const hookRoutes: FastifyPluginAsync<{
  db: Db;
  agentService: AgentService;
  runService: RunService;
}> = async (app, { db, agentService, runService }) => {
  // The raw bytes are what the signature covers: parse here, not in the JSON parser.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post<{ Params: { id: string } }>('/hooks/:id', async (request, reply) => {
    const { id } = request.params;
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const [agent] = UUID.test(id) ? await db.select().from(agents).where(eq(agents.id, id)) : [];
    if (!agent || !hasHook(agent.spec as AgentSpec)) throw new AppError(404, ErrorCode.NOT_FOUND);
    const secret = agentService.secretOf(agent);
    if (!secret || !authentic(request.headers, raw, secret)) {
      throw new AppError(401, ErrorCode.UNAUTHORIZED, {
        message:
          'Missing or wrong webhook secret: sign the body or send the secret as a bearer token.',
      });
    }
    if (agent.status !== 'active') {
      throw new AppError(409, ErrorCode.CONFLICT, { message: 'This agent is paused.' });
    }
    const text = raw.toString('utf8');
    let input: unknown = text || null;
    if (String(request.headers['content-type'] ?? '').includes('json') && text) {
      try {
        input = JSON.parse(text) as unknown;
      } catch {
        throw new AppError(400, ErrorCode.BAD_REQUEST, { message: 'The body is not valid JSON.' });
      }
    }
    // The input is kept as jsonb: NUL, an unpaired surrogate or absurd nesting cannot be.
    const unstorable = findUnstorable(input);
    if (unstorable) throw unstorableBody(unstorable);
    const spec = agent.spec as AgentSpec;
    const run = await runService.enqueue(
      agent,
      spec.trigger.type === 'event' ? 'event' : 'webhook',
      input,
    );
    return reply.status(202).send({ data: { run_id: run.id } });
  });
};

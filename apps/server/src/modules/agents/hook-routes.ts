import type { FastifyPluginAsync } from 'fastify';
import { ErrorCode } from '@spoke/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { findUnstorable, unstorableBody } from '../../lib/storable.ts';
import { createReplayGuard, UNSIGNED_MESSAGE, verifyHookCall } from './hook-signature.ts';
import type { RunService } from './runs.ts';
import type { AgentService } from './service.ts';

/**
 * `POST /api/hooks/{agentId}`: starts a run of an agent with a webhook or event trigger. The
 * body (JSON or text) becomes the run's input. Only calls signed with the agent's inbound
 * secret, timestamped within 5 minutes and not seen before are accepted: an overheard call
 * cannot be sent again, and the secret itself never travels.
 */
export const hookRoutes: FastifyPluginAsync<{
  db: Db;
  agentService: AgentService;
  runService: RunService;
}> = async (app, { db, agentService, runService }) => {
  const replays = createReplayGuard(db);
  // The raw bytes are what the signature covers: parse here, not in the JSON parser.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post<{ Params: { id: string } }>('/hooks/:id', async (request, reply) => {
    const { id } = request.params;
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const agent = await agentService.findForHook(id);
    const secret = agentService.secretOf(agent);
    if (!secret) throw new AppError(401, ErrorCode.UNAUTHORIZED, { message: UNSIGNED_MESSAGE });
    const now = new Date();
    const signature = verifyHookCall(request.headers, raw, secret, now);
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
    // A call is spent only once it is accepted: a refused one changes nothing.
    await replays.once(agent.id, signature, now);
    const run = await runService.enqueue(
      agent,
      agent.spec.trigger.type === 'event' ? 'event' : 'webhook',
      input,
    );
    return reply.status(202).send({ data: { run_id: run.id } });
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  AgentListSchema,
  AgentResultSchema,
  CreateAgentSchema,
  DryRunSchema,
  OkSchema,
  PatchAgentSchema,
  RecompileResultSchema,
  RunListSchema,
  RecentRunListSchema,
  RunResultSchema,
  StartRunSchema,
  envelope,
  type CreatePhase,
} from '@spoke/shared';
import { AppError, errorBody } from '../../errors.ts';
import { authenticated } from '../../lib/auth.ts';
import { cursorParam, nextCursor } from '../../lib/cursor.ts';
import { sendJsonBody } from '../../lib/json-body.ts';
import type { RunService } from './runs.ts';
import type { AgentService } from './service.ts';

const DEFAULT_LIMIT = 25;
const idParams = z.object({ id: z.string().check(z.maxLength(64)) });
const pageQuery = z.object({
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
  cursor: z.optional(z.string().check(z.maxLength(200))),
});

/** `/api/agents` and `/api/runs`: agents of the signed-in user, their runs and steps. */
export const agentRoutes: FastifyPluginAsyncZod<{
  agentService: AgentService;
  runService: RunService;
}> = async (app, { agentService, runService }) => {
  app.post(
    '/agents',
    { schema: { body: CreateAgentSchema, response: { 201: envelope(AgentResultSchema) } } },
    async (request, reply) => {
      const { user } = authenticated(request);
      if (!String(request.headers.accept ?? '').includes('application/x-ndjson')) {
        const agent = await agentService.create(user, request.body);
        return reply.status(201).send({ data: { agent } });
      }
      // The studio's progress steps follow the real phases, one JSON line each.
      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        'content-type': 'application/x-ndjson; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'x-request-id': request.id,
      });
      const line = (value: unknown) => out.write(`${JSON.stringify(value)}\n`);
      try {
        const agent = await agentService.create(user, request.body, (phase: CreatePhase) =>
          line({ phase }),
        );
        line({ data: { agent } });
      } catch (err) {
        if (err instanceof AppError) {
          line(errorBody(err.status, err.code, err.message, err.fields));
        } else {
          request.log.error({ err }, 'agent creation failed');
          line(errorBody(500));
        }
      }
      out.end();
      return reply;
    },
  );

  app.get(
    '/agents',
    { schema: { querystring: pageQuery, response: { 200: envelope(AgentListSchema) } } },
    async (request, reply) => {
      const { user } = authenticated(request);
      const body = await agentService.listPage(
        user.id,
        request.query.limit ?? DEFAULT_LIMIT,
        cursorParam(request.query.cursor),
      );
      return sendJsonBody(reply, body);
    },
  );

  app.get(
    '/agents/:id',
    { schema: { params: idParams, response: { 200: envelope(AgentResultSchema) } } },
    async (request) => {
      const { user } = authenticated(request);
      const row = await agentService.find(user, request.params.id, 'read');
      return { data: { agent: await agentService.json(row, row.userId === user.id) } };
    },
  );

  app.patch(
    '/agents/:id',
    {
      schema: {
        params: idParams,
        body: PatchAgentSchema,
        response: { 200: envelope(AgentResultSchema) },
      },
    },
    async (request) => {
      const { user } = authenticated(request);
      const { spec, prompt } = request.body;
      const agent = await agentService.patch(user, request.params.id, spec, prompt);
      return { data: { agent } };
    },
  );

  app.post(
    '/agents/:id/recompile',
    {
      schema: {
        params: idParams,
        body: CreateAgentSchema,
        response: { 200: envelope(RecompileResultSchema) },
      },
    },
    async (request) => {
      const { user } = authenticated(request);
      const result = await agentService.recompile(user, request.params.id, request.body);
      return { data: result };
    },
  );

  app.delete(
    '/agents/:id',
    { schema: { params: idParams, response: { 200: envelope(OkSchema) } } },
    async (request) => {
      const { user } = authenticated(request);
      await agentService.remove(user, request.params.id);
      return { data: { ok: true as const } };
    },
  );

  for (const action of ['pause', 'resume', 'webhook/rotate'] as const) {
    app.post(
      `/agents/:id/${action}`,
      { schema: { params: idParams, response: { 200: envelope(AgentResultSchema) } } },
      async (request) => {
        const { user } = authenticated(request);
        const id = request.params.id;
        const agent =
          action === 'pause'
            ? await agentService.pause(user, id)
            : action === 'resume'
              ? await agentService.resume(user, id)
              : await agentService.rotateWebhook(user, id);
        return { data: { agent } };
      },
    );
  }

  app.post(
    '/agents/:id/runs',
    {
      schema: {
        params: idParams,
        body: z.optional(StartRunSchema),
        response: { 200: envelope(DryRunSchema), 202: envelope(RunResultSchema) },
      },
    },
    async (request, reply) => {
      const { user } = authenticated(request);
      const started = await runService.start(user, request.params.id, request.body ?? {});
      if (started.dryRun) return reply.status(200).send({ data: started.dryRun });
      return reply.status(202).send({ data: { run: started.run! } });
    },
  );

  app.get(
    '/agents/:id/runs',
    {
      schema: {
        params: idParams,
        querystring: pageQuery,
        response: { 200: envelope(RunListSchema) },
      },
    },
    async (request) => {
      const { user } = authenticated(request);
      const page = await runService.list(
        user,
        request.params.id,
        request.query.limit ?? DEFAULT_LIMIT,
        cursorParam(request.query.cursor),
      );
      return { data: { runs: page.runs, next_cursor: nextCursor(page) } };
    },
  );

  app.get(
    '/runs',
    { schema: { querystring: pageQuery, response: { 200: envelope(RecentRunListSchema) } } },
    async (request) => {
      const { user } = authenticated(request);
      const page = await runService.recent(
        user,
        request.query.limit ?? DEFAULT_LIMIT,
        cursorParam(request.query.cursor),
      );
      return { data: { runs: page.runs, next_cursor: nextCursor(page) } };
    },
  );

  app.get(
    '/runs/:id',
    { schema: { params: idParams, response: { 200: envelope(RunResultSchema) } } },
    async (request) => {
      const { user } = authenticated(request);
      return { data: { run: await runService.get(user, request.params.id) } };
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorCode,
  HealthSchema,
  ReadySchema,
  envelope,
  type SandboxModeName,
} from '@spoke/shared';
import { AppError } from '../../errors.ts';

const READY_TIMEOUT_MS = 2_000;

/**
 * Liveness (`/api/health`) and readiness (`/api/ready`: the database answers; it also says how
 * third-party integrations are isolated, so operators and monitors see an unsafe mode, and
 * whether a language model is configured).
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  version: string;
  ping: () => Promise<void>;
  sandboxMode: () => Promise<SandboxModeName>;
  modelConfigured: () => boolean;
}> = async (app, { version, ping, sandboxMode, modelConfigured }) => {
  app.get('/health', { schema: { response: { 200: envelope(HealthSchema) } } }, async () => ({
    data: { status: 'ok' as const, version, uptime: Math.round(process.uptime()) },
  }));

  app.get(
    '/ready',
    { schema: { response: { 200: envelope(ReadySchema) } } },
    async (request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          ping(),
          new Promise((_, reject) => {
            timer = setTimeout(
              () => reject(new Error('database ping timed out')),
              READY_TIMEOUT_MS,
            );
          }),
        ]);
      } catch (err) {
        request.log.warn({ err }, 'not ready');
        throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE);
      } finally {
        clearTimeout(timer);
      }
      reply.header('cache-control', 'no-store');
      const sandbox = await sandboxMode();
      return {
        data: {
          status: 'ready' as const,
          database: 'ok' as const,
          integrations: { sandbox },
          model: modelConfigured() ? ('configured' as const) : ('none' as const),
        },
      };
    },
  );
};

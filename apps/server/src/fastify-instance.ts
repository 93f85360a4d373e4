import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { onFrameworkError, registerErrorHandling } from './errors.ts';
import { decorateCaller } from './lib/auth.ts';
import { loggerOptions } from './lib/logger.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerSecurityHeaders, securityHeaders } from './plugins/security-headers.ts';

const REQUEST_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

/**
 * The Fastify instance every request meets before any route: its limits, request ids,
 * security headers, zod validation, error handling and input guard.
 */
export function createFastify(config: AppConfig, opts: { logger?: boolean }) {
  const headers = securityHeaders({ https: config.appUrl.startsWith('https://') });
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: 256 * 1024,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { maxParamLength: 200 },
    // Refused before any hook runs: the security headers are set here too.
    frameworkErrors: (err, request, reply) => {
      void reply.headers(headers);
      onFrameworkError(err, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();
  registerSecurityHeaders(app, headers);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputGuard(app);
  decorateCaller(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  return app;
}

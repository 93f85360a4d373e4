import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { CODE_FOR_STATUS, ErrorCode, messageForStatus } from '@spoke/shared';

/** A failure the API reports to its caller; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly retryAfterSec: number | undefined;

  constructor(
    status: number,
    code?: string,
    options: { message?: string; fields?: Record<string, string>; retryAfterSec?: number } = {},
  ) {
    super(options.message ?? messageForStatus(status));
    this.status = status;
    this.code = code ?? CODE_FOR_STATUS[status] ?? ErrorCode.UNKNOWN_ERROR;
    this.fields = options.fields;
    this.retryAfterSec = options.retryAfterSec;
  }
}

type ErrorBody = { error: { message: string; code: string; fields?: Record<string, string> } };

export function errorBody(
  status: number,
  code?: string,
  message?: string,
  fields?: Record<string, string>,
): ErrorBody {
  return {
    error: {
      message: message ?? messageForStatus(status),
      code: code ?? CODE_FOR_STATUS[status] ?? ErrorCode.UNKNOWN_ERROR,
      ...(fields ? { fields } : {}),
    },
  };
}

const FASTIFY_CODES: Record<string, number> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 400,
  FST_ERR_CTP_EMPTY_JSON_BODY: 400,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 400,
  FST_ERR_CTP_BODY_TOO_LARGE: 413,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 415,
};

// Connection-level failures of the database: the service is unavailable, not broken.
const DB_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P03',
]);

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (DB_DOWN_CODES.has(code) || code.startsWith('08'))) return true;
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|database closed|PGlite is closed|Cannot use a pool after calling end|timeout exceeded when trying to connect|is not queryable/i.test(
        message,
      )
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function zodFields(error: FastifyError): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!hasZodFastifySchemaValidationErrors(error)) return fields;
  for (const v of error.validation) {
    const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    fields[path] ??= v.message ?? 'Invalid value';
  }
  return fields;
}

/**
 * Fastify's refusals before a route is found (a URL that does not decode, a path parameter
 * past `maxParamLength`), in the envelope rather than Fastify's own body, which echoes the
 * URL and names its error codes. No route has a parameter that long, so nothing is found.
 */
export function onFrameworkError(
  err: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 404 : 400;
  void reply.header('x-request-id', request.id).status(status).send(errorBody(status));
}

/** One place that turns every failure into `{"error": {...}}` with the catalogue's message. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      if (err.retryAfterSec !== undefined) reply.header('retry-after', String(err.retryAfterSec));
      return reply
        .status(err.status)
        .send(errorBody(err.status, err.code, err.message, err.fields));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply
        .status(422)
        .send(errorBody(422, ErrorCode.VALIDATION_FAILED, undefined, zodFields(err)));
    }
    const mapped = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (mapped) return reply.status(mapped).send(errorBody(mapped));
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable');
      return reply.status(503).send(errorBody(503, ErrorCode.SERVICE_UNAVAILABLE));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send(errorBody(status));
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody(500, ErrorCode.INTERNAL_ERROR));
  });
}

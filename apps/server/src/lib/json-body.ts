import type { FastifyReply } from 'fastify';
import { encode, type $ZodType } from 'zod/v4/core';

/**
 * The JSON text a route's response serializer would send for `data` under `schema` (the same
 * encoding, unknown keys dropped), for answers that are kept and sent again as they are.
 */
export function jsonBody(schema: $ZodType, data: unknown): string {
  return JSON.stringify(encode(schema, data));
}

/** Sends JSON text made by `jsonBody`: Fastify does not serialize a string a second time. */
export function sendJsonBody(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

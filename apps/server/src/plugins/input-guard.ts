import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@spoke/shared';
import { AppError } from '../errors.ts';
import { findUnstorable, UNSTORABLE_TEXT, unstorableBody } from '../lib/storable.ts';

/**
 * Refuses, before validation, input the database could not keep (NUL, unpaired surrogates)
 * and JSON nested past any real document: otherwise they fail deep in a query as a 500.
 * A path parameter with such text names nothing that exists: 404.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (findUnstorable(request.params)) throw new AppError(404, ErrorCode.NOT_FOUND);
    const query = findUnstorable(request.query);
    if (query) {
      throw new AppError(422, ErrorCode.VALIDATION_FAILED, {
        fields: { [query.path]: UNSTORABLE_TEXT },
      });
    }
    const body = findUnstorable(request.body);
    if (body) throw unstorableBody(body);
  });
}

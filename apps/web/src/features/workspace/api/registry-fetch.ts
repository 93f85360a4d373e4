import type * as z from 'zod/mini';
import { api } from '#web/lib/api/client.ts';

/**
 * GET on the public registry API: the official registry's shapes, without the `{data}` envelope
 * of `/api`; failures still carry the platform's error body.
 */
export const registryGet = <S extends z.ZodMiniType>(
  path: string,
  schema: S,
  signal?: AbortSignal,
): Promise<z.output<S>> => api.get(path, schema, { signal, envelope: false });

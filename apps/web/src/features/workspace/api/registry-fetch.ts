import {
  ApiErrorBodySchema,
  CLIENT_ERROR_MESSAGES,
  CODE_FOR_STATUS,
  ErrorCode,
  messageForStatus,
} from '@spoke/shared';
import type * as z from 'zod/mini';
import { ApiError } from '../../../lib/api/api-error.ts';

async function errorFrom(response: Response): Promise<ApiError> {
  const { status } = response;
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    body = undefined;
  }
  const parsed = ApiErrorBodySchema.safeParse(body);
  if (parsed.success && parsed.data.error.message.trim() !== '') {
    const { message, code, fields } = parsed.data.error;
    return new ApiError({ status, code, message, fields });
  }
  return new ApiError({
    status,
    code: CODE_FOR_STATUS[status] ?? ErrorCode.UNKNOWN_ERROR,
    message: messageForStatus(status),
  });
}

function clientError(code: 'CONNECTION_ERROR' | 'INVALID_RESPONSE', cause: unknown): ApiError {
  return new ApiError({ code: ErrorCode[code], message: CLIENT_ERROR_MESSAGES[code], cause });
}

/**
 * GET on the public registry API. Its answers use the official registry's shapes, without the
 * `{data}` envelope of `/api`; its failures still carry the platform's error body. No token is
 * sent: reading the registry needs none.
 */
export async function registryGet<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  signal?: AbortSignal,
): Promise<z.output<S>> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(new URL(path, window.location.origin), {
      headers: { Accept: 'application/json' },
      ...(signal ? { signal } : {}),
    });
    if (!response.ok) throw await errorFrom(response);
    text = await response.text();
  } catch (error) {
    if (error instanceof ApiError || signal?.aborted) throw error;
    throw clientError('CONNECTION_ERROR', error);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw clientError('INVALID_RESPONSE', error);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw clientError('INVALID_RESPONSE', parsed.error);
  return parsed.data as z.output<S>;
}

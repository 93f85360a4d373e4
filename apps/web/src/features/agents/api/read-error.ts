import {
  ApiErrorBodySchema,
  CLIENT_ERROR_MESSAGES,
  CODE_FOR_STATUS,
  ErrorCode,
  messageForStatus,
} from '@spoke/shared';
import { ApiError } from '#web/lib/api/api-error.ts';

/** The server's `{error}` body as an ApiError, or null when `body` is not one. */
export function errorFromBody(body: unknown, status?: number): ApiError | null {
  const parsed = ApiErrorBodySchema.safeParse(body);
  if (!parsed.success || parsed.data.error.message.trim() === '') return null;
  const { message, code, fields } = parsed.data.error;
  return new ApiError({ status, code, message, fields });
}

/** A failed answer mapped to the error catalogue, as the app's API client does. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    body = undefined;
  }
  return (
    errorFromBody(body, response.status) ??
    new ApiError({
      status: response.status,
      code: CODE_FOR_STATUS[response.status] ?? ErrorCode.UNKNOWN_ERROR,
      message: messageForStatus(response.status),
    })
  );
}

export function clientError(code: keyof typeof CLIENT_ERROR_MESSAGES, cause?: unknown): ApiError {
  return new ApiError({ code: ErrorCode[code], message: CLIENT_ERROR_MESSAGES[code], cause });
}

import { CLIENT_ERROR_MESSAGES, ErrorCode } from '@spoke/shared';

export interface ApiErrorInit {
  status?: number | undefined;
  code: ErrorCode | (string & {});
  message: string;
  fields?: Record<string, string> | undefined;
  cause?: unknown;
}

/** Every failure of an API call, already mapped to the error catalogue. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; undefined when no answer could be read (network failure, bad body). */
  readonly status: number | undefined;
  readonly code: string;
  /** Per-field messages the server sent with a 409 or 422. */
  readonly fields: Record<string, string> | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A failure of the client itself (no answer, or none it could read), with the catalogue's message. */
export function clientError(code: keyof typeof CLIENT_ERROR_MESSAGES, cause?: unknown): ApiError {
  return new ApiError({ code: ErrorCode[code], message: CLIENT_ERROR_MESSAGES[code], cause });
}

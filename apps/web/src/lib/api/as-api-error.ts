import { CLIENT_ERROR_MESSAGES, ErrorCode } from '@spoke/shared';
import { ApiError, isApiError } from './api-error.ts';

/** The API client only throws ApiError; anything else still gets a catalogue message. */
export function asApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  return new ApiError({
    code: ErrorCode.UNKNOWN_ERROR,
    message: CLIENT_ERROR_MESSAGES.UNKNOWN_ERROR,
    cause: error,
  });
}

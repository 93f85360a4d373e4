/** Error codes the API and the web client speak. */
export const ErrorCode = {
  BAD_REQUEST: 'BAD_REQUEST',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  /** 422: an agent description gives nothing to build from; `fields.prompt` asks what is missing. */
  DESCRIPTION_TOO_VAGUE: 'DESCRIPTION_TOO_VAGUE',
  UNAUTHORIZED: 'UNAUTHORIZED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  FORBIDDEN: 'FORBIDDEN',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  RATE_LIMITED: 'RATE_LIMITED',
  QUOTA_EXCEEDED: 'QUOTA_EXCEEDED',
  MODEL_NOT_CONFIGURED: 'MODEL_NOT_CONFIGURED',
  INVALID_TOKEN: 'INVALID_TOKEN',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  CONNECTION_ERROR: 'CONNECTION_ERROR',
  INVALID_RESPONSE: 'INVALID_RESPONSE',
  UNKNOWN_ERROR: 'UNKNOWN_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The catalogue's message for each HTTP status it names. */
export const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Invalid request. Please check your input and try again.',
  401: 'Invalid credentials. Please check your email and password.',
  403: "Access denied. You don't have permission to perform this action.",
  404: 'The requested resource was not found.',
  409: 'This information is already in use. Please try different details.',
  422: 'Validation failed. Please check your input and try again.',
  429: 'Too many requests. Please wait a moment and try again.',
  500: 'Server error. Please try again later.',
  502: 'Service temporarily unavailable. Please try again later.',
  503: 'Service temporarily unavailable. Please try again later.',
  504: 'Service temporarily unavailable. Please try again later.',
};

/** The catalogue message for a status, with the catalogue's fallback for statuses it does not name. */
export function messageForStatus(status: number): string {
  return STATUS_MESSAGES[status] ?? `An error occurred (${status}). Please try again.`;
}

/** Messages for failures that happen before a server answer can be read. */
export const CLIENT_ERROR_MESSAGES = {
  CONNECTION_ERROR:
    'Unable to connect to server. Please check your internet connection and try again.',
  INVALID_RESPONSE: 'Server returned invalid response. Please try again.',
  UNKNOWN_ERROR: 'An unexpected error occurred. Please try again.',
} as const;

/** What an account whose e-mail address is not proven yet is told when it tries what needs one. */
export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Verify your e-mail address first: we sent you a link (you can resend it from the banner).';

export const LOGIN_FAILED_MESSAGE = 'Login failed. Please check your credentials.';

/** The code the server uses for a status when nothing more specific applies. */
export const CODE_FOR_STATUS: Readonly<Record<number, ErrorCode>> = {
  400: ErrorCode.BAD_REQUEST,
  401: ErrorCode.UNAUTHORIZED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  409: ErrorCode.CONFLICT,
  413: ErrorCode.PAYLOAD_TOO_LARGE,
  415: ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  422: ErrorCode.VALIDATION_FAILED,
  429: ErrorCode.RATE_LIMITED,
  500: ErrorCode.INTERNAL_ERROR,
  502: ErrorCode.SERVICE_UNAVAILABLE,
  503: ErrorCode.SERVICE_UNAVAILABLE,
  504: ErrorCode.SERVICE_UNAVAILABLE,
};

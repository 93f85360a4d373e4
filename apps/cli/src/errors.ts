/** The `code` values of `{"error": {...}}`, as documented in "Global flags and exit codes". */
export type ErrorCode =
  | 'USAGE'
  | 'NO_WORKSPACE'
  | 'CONFIG_INVALID'
  | 'NOT_FOUND'
  | 'REGISTRY_UNAVAILABLE'
  | 'POLICY_DENIED'
  | 'APPROVAL_REQUIRED'
  | 'DECLINED'
  | 'MISSING_VALUE'
  | 'INSTALL_FAILED'
  | 'SERVER_FAILED'
  | 'TOOL_ERROR'
  | 'TOOL_DRIFT'
  | 'AUTH_REQUIRED'
  | 'CONFLICT'
  | 'PUBLISH_REJECTED'
  | 'IO_FAILED'
  | 'INTERNAL';

export type ExitCode = 0 | 1 | 2;

/** An expected failure: the entry prints `error: <message>` (and the hint) and exits with `exitCode`. */
export class CliError extends Error {
  readonly exitCode: ExitCode;
  readonly code: ErrorCode;
  readonly hint: string | null;
  /** The command already printed its result (say, health's table); only the exit code is left. */
  readonly reported: boolean;

  constructor(
    message: string,
    options: {
      exitCode?: ExitCode;
      code?: ErrorCode;
      hint?: string | null;
      cause?: unknown;
      reported?: boolean;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CliError';
    this.exitCode = options.exitCode ?? 1;
    this.code = options.code ?? 'INTERNAL';
    this.hint = options.hint ?? null;
    this.reported = options.reported ?? false;
  }
}

/** Exit code 2: the command line itself is wrong; nothing was started or written. */
export function usageError(message: string, hint: string | null = null): CliError {
  return new CliError(message, { exitCode: 2, code: 'USAGE', hint });
}

export function failure(code: ErrorCode, message: string, hint: string | null = null): CliError {
  return new CliError(message, { exitCode: 1, code, hint });
}

import { stderr as fdStderr, stdout as fdStdout } from './fd-stream.ts';

/** Where a command's words go: the result on stdout, everything else on stderr. */
export type Output = {
  readonly json: boolean;
  readonly quiet: boolean;
  readonly verbose: boolean;
  /** The result: tables, values. */
  result(text: string): void;
  /** The one JSON document of `--json`. */
  data(value: unknown): void;
  /** Informational lines and progress; dropped by --quiet and --json. */
  info(text: string): void;
  hint(text: string): void;
  note(text: string): void;
  /** Dropped by --quiet only. */
  warn(text: string): void;
  /** Policy and drift warnings: printed even with --quiet. */
  alert(text: string): void;
  /** An unprefixed line about the policy's effect: printed even with --quiet. */
  notice(text: string): void;
  /** Only with --verbose. */
  debug(text: string): void;
};

export type Stream = { write(chunk: string): unknown; isTTY?: boolean };

export type OutputOptions = {
  json: boolean;
  quiet: boolean;
  verbose: boolean;
  noColor: boolean;
  env: NodeJS.ProcessEnv;
  stdout?: Stream;
  stderr?: Stream;
};

const ANSI = { red: '\u001b[31m', yellow: '\u001b[33m', dim: '\u001b[2m', cyan: '\u001b[36m' };
type Colour = keyof typeof ANSI;

/** Colour only on a terminal, never with --no-color or a non-empty NO_COLOR. */
export function colourEnabled(stream: Stream, noColor: boolean, env: NodeJS.ProcessEnv): boolean {
  return !noColor && !env.NO_COLOR && stream.isTTY === true;
}

export function paint(enabled: boolean, colour: Colour, text: string): string {
  return enabled ? `${ANSI[colour]}${text}\u001b[0m` : text;
}

export function createOutput(options: OutputOptions): Output {
  const stdout = options.stdout ?? fdStdout;
  const stderr = options.stderr ?? fdStderr;
  // Decided at the first coloured line: most runs print none and never ask for the terminal.
  let colourOn: boolean | undefined;
  const colour = () => (colourOn ??= colourEnabled(stderr, options.noColor, options.env));
  const line = (stream: Stream, text: string) => stream.write(`${text}\n`);
  const prefixed = (colourName: Colour, prefix: string, text: string) =>
    line(stderr, `${paint(colour(), colourName, prefix)} ${text}`);
  const chatty = !options.quiet && !options.json;
  return {
    json: options.json,
    quiet: options.quiet,
    verbose: options.verbose,
    result: (text) => line(stdout, text),
    data: (value) => line(stdout, JSON.stringify(value, null, 2)),
    info: (text) => void (chatty && line(stderr, text)),
    hint: (text) => void (chatty && prefixed('cyan', 'hint:', text)),
    note: (text) => void (!options.quiet && prefixed('dim', 'note:', text)),
    warn: (text) => void (!options.quiet && prefixed('yellow', 'warning:', text)),
    alert: (text) => prefixed('yellow', 'warning:', text),
    notice: (text) => line(stderr, text),
    debug: (text) => void (options.verbose && line(stderr, paint(colour(), 'dim', text))),
  };
}

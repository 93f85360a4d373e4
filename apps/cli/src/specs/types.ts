import type { CommandContext } from '../context.ts';

/** What a check says about a bad value: the message, or the message and a hint of its own. */
export type Problem = string | { message: string; hint: string };

/** A check returns the problem with a value, or null. It may not touch files or the network. */
export type Check = (value: string) => Problem | null | Promise<Problem | null>;

export type ArgSpec = {
  name: string;
  required?: boolean;
  description: string;
  /** Help text for the default. */
  defaultText?: string;
  /** The only values accepted; a `check` may word the refusal of another one itself. */
  choices?: readonly string[];
  check?: Check;
};

export type FlagSpec = {
  /** Without the leading dashes. */
  name: string;
  /** Placeholder of the value (`n` in `--limit <n>`); absent for a switch. */
  value?: string;
  /** Filled in when the flag is absent. */
  default?: string;
  /** A value flag the command cannot run without. */
  required?: boolean;
  /** Help text for a default that is computed rather than literal. */
  defaultText?: string;
  description: string;
  choices?: readonly string[];
  /** Given more than once, the values are joined with commas (`--action a --action b`). */
  repeatable?: boolean;
  check?: Check;
};

type Chosen<S> = S extends { choices: readonly (infer C extends string)[] } ? C : string;

type ArgValue<A extends ArgSpec> = Chosen<A> | (A extends { required: true } ? never : undefined);

/** A switch is true or false; a value is a string (one of its choices), absent unless defaulted. */
type FlagValue<F extends FlagSpec> = F extends { value: string }
  ? Chosen<F> | (F extends { default: string } | { required: true } ? never : undefined)
  : 'value' extends keyof F
    ? string | boolean | undefined
    : boolean;

/** The arguments and flags of a command line, typed by the command's own specs. */
export type ParsedInput<
  A extends readonly ArgSpec[] = readonly ArgSpec[],
  F extends readonly FlagSpec[] = readonly FlagSpec[],
> = {
  args: { [S in A[number] as S['name']]: ArgValue<S> };
  flags: { [S in F[number] as S['name']]: FlagValue<S> };
};

export type CommandSpec<
  A extends readonly ArgSpec[] = readonly ArgSpec[],
  F extends readonly FlagSpec[] = readonly FlagSpec[],
> = {
  kind: 'command';
  /** `['registry', 'add']` */
  path: readonly string[];
  /** Left column of the overview, e.g. `call <server> <tool>`. */
  synopsis: string;
  summary: string;
  usage: string;
  description: string;
  args: A;
  flags: F;
  examples: readonly string[];
  /** Path of the command's section in the docs, e.g. `/app/docs/commands/servers#spoke-list`. */
  docs: string;
  // Methods rather than function properties: the parser, which holds every command under the
  // general type, passes the input it bound from the command's own specs.
  /** Checks across arguments and flags, after each one passed its own check. */
  validate?(input: ParsedInput<A, F>): Problem | null | Promise<Problem | null>;
  run(ctx: CommandContext, input: ParsedInput<A, F>): Promise<void>;
};

/** A command whose handlers see its arguments and flags typed as its specs declare them. */
export const command = <const A extends readonly ArgSpec[], const F extends readonly FlagSpec[]>(
  spec: CommandSpec<A, F>,
): CommandSpec<A, F> => spec;

/** An argument shared by several commands, with its literal name and `required` kept. */
export const arg = <const S extends ArgSpec>(spec: S): S => spec;

/** A flag shared by several commands, with its literal name, value and default kept. */
export const flag = <const S extends FlagSpec>(spec: S): S => spec;

export type GroupSpec = {
  kind: 'group';
  name: string;
  synopsis: string;
  summary: string;
  description: string;
  docs: string;
  subcommands: readonly CommandSpec[];
};

export type Section = { title: string; entries: readonly (CommandSpec | GroupSpec)[] };

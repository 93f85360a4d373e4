import { usageError, type CliError } from '../errors.ts';
import type {
  CommandSpec,
  FlagSpec,
  GroupSpec,
  ParsedInput,
  Problem,
  Section,
} from '../specs/types.ts';
import { closest, orList } from '../util/suggest.ts';

export type Globals = {
  json: boolean;
  verbose: boolean;
  quiet: boolean;
  noColor: boolean;
  cwd: string | undefined;
  version: boolean;
  help: boolean;
};

export type ParseResult =
  | { kind: 'version'; globals: Globals }
  | { kind: 'help'; target: CommandSpec | GroupSpec | null; globals: Globals }
  | { kind: 'command'; spec: CommandSpec; input: ParsedInput; globals: Globals };

/** Flags every command accepts, anywhere on the line. */
export const GLOBAL_FLAGS: readonly FlagSpec[] = [
  { name: 'json', description: 'Print the result as one JSON document' },
  { name: 'verbose', description: 'More detail, and stack traces on errors' },
  { name: 'quiet', description: 'Only the result and errors' },
  { name: 'no-color', description: 'No colour (also when NO_COLOR is set)' },
  { name: 'cwd', value: 'dir', description: 'Act as if started in <dir>' },
  { name: 'version', description: 'Print the version number and exit' },
  { name: 'help', description: 'Print help and exit' },
];

const GLOBAL_KEYS: Record<string, keyof Globals> = {
  json: 'json',
  verbose: 'verbose',
  quiet: 'quiet',
  'no-color': 'noColor',
  cwd: 'cwd',
  version: 'version',
  help: 'help',
};

export function commandName(target: CommandSpec | GroupSpec | null): string {
  if (!target) return 'spoke';
  return target.kind === 'group' ? `spoke ${target.name}` : `spoke ${target.path.join(' ')}`;
}

const seeHelp = (target: CommandSpec | GroupSpec | null) => `see ${commandName(target)} --help`;

function findEntry(sections: readonly Section[], name: string) {
  for (const section of sections) {
    for (const entry of section.entries) {
      if ((entry.kind === 'group' ? entry.name : entry.path[0]) === name) return entry;
    }
  }
  return undefined;
}

function allNames(sections: readonly Section[]): string[] {
  return sections.flatMap((s) => s.entries.map((e) => (e.kind === 'group' ? e.name : e.path[0]!)));
}

const isLongFlag = (token: string) => token.startsWith('--') && token.length > 2;
const isShortFlag = (token: string) => /^-[A-Za-z]/.test(token);

/**
 * Turns the words after `spoke` into a command and its input, validating every value without
 * touching files or the network. `--help` and `--version` win over any other mistake.
 */
export async function parse(
  argv: readonly string[],
  sections: readonly Section[],
): Promise<ParseResult> {
  const globals: Globals = {
    json: false,
    verbose: false,
    quiet: false,
    noColor: false,
    cwd: undefined,
    version: false,
    help: false,
  };
  let entry: CommandSpec | GroupSpec | undefined;
  let spec: CommandSpec | undefined;
  let problem: CliError | undefined;
  const fail = (error: CliError) => void (problem ??= error);
  const positionals: string[] = [];
  const flags: ParsedInput['flags'] = {};
  let afterDashes = false;

  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (!afterDashes && token === '--') {
      afterDashes = true;
      continue;
    }
    if (!afterDashes && (isLongFlag(token) || isShortFlag(token))) {
      const eq = token.indexOf('=');
      const name = token === '-h' ? 'help' : token.slice(2, eq === -1 ? undefined : eq);
      const inline = eq === -1 ? undefined : token.slice(eq + 1);
      const target = spec ?? entry ?? null;
      if (isShortFlag(token) && token !== '-h') {
        fail(usageError(`unknown flag ${token}`, seeHelp(target)));
        continue;
      }
      const flag =
        GLOBAL_FLAGS.find((f) => f.name === name) ?? spec?.flags.find((f) => f.name === name);
      if (!flag) {
        const known = [...GLOBAL_FLAGS, ...(spec?.flags ?? [])].map((f) => f.name);
        const guess = closest(name, known);
        const where = spec ? ` for ${commandName(spec)}` : '';
        fail(
          usageError(
            `unknown flag --${name}${where}`,
            guess ? `did you mean --${guess}? ${seeHelp(target)}` : seeHelp(target),
          ),
        );
        continue;
      }
      let value: string | true = true;
      if (flag.value) {
        const next = argv[i + 1];
        if (inline !== undefined) value = inline;
        else if (next !== undefined && !isLongFlag(next)) value = argv[++i]!;
        else {
          fail(usageError(`--${name} needs a value (--${name} <${flag.value}>)`, seeHelp(target)));
          continue;
        }
      } else if (inline !== undefined) {
        fail(usageError(`--${name} takes no value`, seeHelp(target)));
        continue;
      }
      const globalKey = GLOBAL_KEYS[name];
      if (globalKey) (globals as Record<string, unknown>)[globalKey] = value;
      else if (flag.repeatable && typeof flags[name] === 'string') flags[name] += `,${value}`;
      else flags[name] = value;
      continue;
    }
    if (!entry) {
      entry = findEntry(sections, token);
      if (!entry) {
        const guess = closest(token, allNames(sections));
        return finish(
          usageError(
            `unknown command "${token}"`,
            guess ? `did you mean spoke ${guess}? See spoke --help` : seeHelp(null),
          ),
        );
      }
      if (entry.kind === 'command') spec = entry;
      continue;
    }
    if (entry.kind === 'group' && !spec) {
      spec = entry.subcommands.find((s) => s.path[1] === token);
      if (!spec) {
        const names = entry.subcommands.map((s) => s.path[1]!);
        const guess = closest(token, names);
        return finish(
          usageError(
            `unknown subcommand "${token}" for spoke ${entry.name} (expected ${orList(names)})`,
            guess ? `did you mean spoke ${entry.name} ${guess}?` : seeHelp(entry),
          ),
        );
      }
      continue;
    }
    positionals.push(token);
  }

  function finish(error?: CliError): ParseResult {
    if (globals.version) return { kind: 'version', globals };
    if (globals.help) return { kind: 'help', target: spec ?? entry ?? null, globals };
    throw error ?? problem;
  }

  if (globals.version || globals.help || problem) return finish();
  if (globals.verbose && globals.quiet) {
    throw usageError(
      '--verbose and --quiet cannot be used together',
      seeHelp(spec ?? entry ?? null),
    );
  }
  if (!entry) return { kind: 'help', target: null, globals };
  if (!spec) {
    const group = entry as GroupSpec;
    const names = group.subcommands.map((s) => s.path[1]!);
    throw usageError(`spoke ${group.name} needs a subcommand: ${orList(names)}`, seeHelp(group));
  }
  const input = await bindInput(spec, positionals, flags);
  return { kind: 'command', spec, input, globals };
}

async function bindInput(
  spec: CommandSpec,
  positionals: readonly string[],
  flags: ParsedInput['flags'],
): Promise<ParsedInput> {
  const hint = seeHelp(spec);
  const args: ParsedInput['args'] = {};
  if (positionals.length > spec.args.length) {
    throw usageError(`unexpected argument "${positionals[spec.args.length]}"`, hint);
  }
  for (const [i, arg] of spec.args.entries()) {
    const value = positionals[i];
    if (value === undefined) {
      if (arg.required) throw usageError(`missing argument <${arg.name}>`, hint);
      continue;
    }
    rejectIf(await arg.check?.(value), hint);
    if (arg.choices && !arg.choices.includes(value)) {
      throw usageError(
        `unknown value for <${arg.name}>: "${value}" (expected ${orList(arg.choices)})`,
        hint,
      );
    }
    args[arg.name] = value;
  }
  for (const flag of spec.flags) {
    const value = flags[flag.name];
    if (typeof value !== 'string') {
      // An absent switch is false, so that a command reads every switch as a boolean.
      if (value === undefined && !flag.value) flags[flag.name] = false;
      else if (value === undefined && flag.default !== undefined) flags[flag.name] = flag.default;
      else if (value === undefined && flag.required) {
        const among = flag.choices ? ` (${flag.choices.join(', ')})` : '';
        throw usageError(`--${flag.name} is required${among}`, hint);
      }
      continue;
    }
    if (flag.choices && !flag.choices.includes(value)) {
      throw usageError(
        `unknown value for --${flag.name}: "${value}" (expected ${orList(flag.choices)})`,
        hint,
      );
    }
    rejectIf(await flag.check?.(value), hint);
  }
  const input = { args, flags };
  rejectIf(await spec.validate?.(input), hint);
  return input;
}

function rejectIf(problem: Problem | null | undefined, hint: string): void {
  if (!problem) return;
  if (typeof problem === 'string') throw usageError(problem, hint);
  throw usageError(problem.message, problem.hint);
}

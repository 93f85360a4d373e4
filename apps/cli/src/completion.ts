import { bashCompletion } from './completion-bash.ts';
import { fishCompletion } from './completion-fish.ts';
import { zshCompletion } from './completion-zsh.ts';
import { GLOBAL_FLAGS } from './parse/parser.ts';
import { infoTarget, installTarget, localName, registryName } from './parse/values.ts';
import type { ArgSpec, CommandSpec, FlagSpec, Section } from './specs/types.ts';

/**
 * What a shell offers for a value: fixed words, names read from spoke itself (`spoke list --json`,
 * `spoke registry list --json`), directories, paths, or nothing (free text).
 */
export type Completion =
  | { kind: 'words'; words: readonly string[] }
  | { kind: 'servers' }
  | { kind: 'registries' }
  | { kind: 'dirs' }
  | { kind: 'paths' }
  | { kind: 'text' };

export type CompletionFlag = {
  name: string;
  description: string;
  /** Null for a switch. */
  value: Completion | null;
};

export type CompletionArg = { name: string; required: boolean; value: Completion };

export type CompletionCommand = {
  path: readonly string[];
  summary: string;
  /** The command's own flags; the global ones apply as well. */
  flags: readonly CompletionFlag[];
  args: readonly CompletionArg[];
};

export type CompletionGroup = {
  name: string;
  summary: string;
  subcommands: readonly { name: string; summary: string }[];
};

/** The command table as the completion scripts see it. */
export type CompletionModel = {
  globals: readonly CompletionFlag[];
  /** First words: commands and groups, in the order of `spoke --help`. */
  top: readonly { name: string; summary: string }[];
  groups: readonly CompletionGroup[];
  commands: readonly CompletionCommand[];
  /** Every flag that takes a value, so that a script can step over the value. */
  valued: readonly string[];
};

const words = (list: readonly string[]): Completion => ({ kind: 'words', words: list });

function flagValue(flag: FlagSpec): Completion | null {
  if (!flag.value) return null;
  if (flag.choices) return words(flag.choices);
  if (flag.check === registryName) return { kind: 'registries' };
  if (flag.name === 'cwd') return { kind: 'dirs' };
  return { kind: 'text' };
}

function argValue(spec: CommandSpec, arg: ArgSpec): Completion {
  // A local name or an info target names an installed server; `registry add` names a new one.
  if (arg.check === localName || arg.check === infoTarget) return { kind: 'servers' };
  if (arg.check === registryName && spec.path.at(-1) !== 'add') return { kind: 'registries' };
  if (arg.check === installTarget) return { kind: 'paths' };
  return { kind: 'text' };
}

const toFlag = (flag: FlagSpec): CompletionFlag => ({
  name: flag.name,
  // One line: help text wraps at 100 columns, a shell's menu does that itself.
  description: flag.description.replace(/\s+/g, ' '),
  value: flagValue(flag),
});

function toCommand(spec: CommandSpec): CompletionCommand {
  return {
    path: spec.path,
    summary: spec.summary,
    flags: spec.flags.map(toFlag),
    args: spec.args.map((a) => ({
      name: a.name,
      required: a.required === true,
      value: argValue(spec, a),
    })),
  };
}

/**
 * Reads the command table. The scripts step over a flag's value by the flag's name alone, so a
 * name must take a value everywhere or nowhere; the table is refused otherwise.
 */
export function completionModel(sections: readonly Section[]): CompletionModel {
  const entries = sections.flatMap((s) => s.entries);
  const commands = entries.flatMap((e) =>
    (e.kind === 'group' ? e.subcommands : [e]).map(toCommand),
  );
  const globals = GLOBAL_FLAGS.map(toFlag);
  const takesValue = new Map<string, boolean>();
  for (const flag of [...globals, ...commands.flatMap((c) => c.flags)]) {
    const known = takesValue.get(flag.name);
    if (known !== undefined && known !== (flag.value !== null)) {
      throw new Error(`--${flag.name} takes a value in one command and not in another`);
    }
    takesValue.set(flag.name, flag.value !== null);
  }
  return {
    globals,
    top: entries.map((e) => ({
      name: e.kind === 'group' ? e.name : e.path[0]!,
      summary: e.summary,
    })),
    groups: entries.flatMap((e) =>
      e.kind === 'group'
        ? [
            {
              name: e.name,
              summary: e.summary,
              subcommands: e.subcommands.map((c) => ({ name: c.path[1]!, summary: c.summary })),
            },
          ]
        : [],
    ),
    commands,
    valued: [...takesValue].filter(([, valued]) => valued).map(([name]) => name),
  };
}

export type Shell = 'bash' | 'zsh' | 'fish';

/** The file each shell's script is installed as, in the package's completions/ directory. */
export const COMPLETION_FILES: Readonly<Record<Shell, string>> = {
  bash: 'spoke.bash',
  zsh: '_spoke',
  fish: 'spoke.fish',
};

const RENDER = { bash: bashCompletion, zsh: zshCompletion, fish: fishCompletion };

/** The completion script of one shell for this command table. */
export function completionScript(shell: Shell, sections: readonly Section[], version: string) {
  return RENDER[shell](completionModel(sections), version);
}

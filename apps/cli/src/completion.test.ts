import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLETION_FILES, completionModel, completionScript, type Shell } from './completion.ts';
import { SECTIONS } from './specs/index.ts';
import { makeFixture, registryEntry, type Fixture } from './test/fixture.ts';
import { BIN, SYSTEM_NODE } from './test/run-cli.ts';
import { sampleWorkspace } from './test/sample-workspace.ts';
import { version } from './version.ts';

// The scripts the build wrote (the test setup builds the CLI), run by the real shells against
// the built spoke on PATH, in a workspace with four servers and a config with two registries.
const built = path.join(path.dirname(BIN), '..');
const SERVERS = ['filesystem', 'github', 'notes', 'weather'];
const REGISTRIES = ['acme', 'team'];
const GLOBALS = ['--json', '--verbose', '--quiet', '--no-color', '--cwd', '--version', '--help'];

const has = (shell: string) => spawnSync(shell, ['-c', 'exit 0']).status === 0;
const shells = { bash: has('bash'), zsh: has('zsh'), fish: has('fish') };
for (const [shell, found] of Object.entries(shells)) {
  if (!found) console.warn(`${shell} is not installed: its completion script is not exercised`);
}

/**
 * zsh capture.zsh <fpath dir> <dump file> <line>...: types each line into one interactive zsh on
 * a pseudo-terminal, completes it, and prints every match the completion system adds, one a
 * line, then <END>. The split markers tell the output apart from the terminal's echo.
 */
const ZSH_CAPTURE = String.raw`zmodload zsh/zpty || exit 2
zpty z zsh -f -i
zpty -w z "PROMPT= RPROMPT= ; unsetopt autolist; fpath=(${'$'}{(q)1} \$fpath); autoload -Uz compinit; compinit -u -d ${'$'}{(q)2}"
zpty -w z 'compadd () {
  if [[ ${'$'}{@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return $?; fi
  typeset -a __hits
  builtin compadd -A __hits "$@"
  (( $#__hits == 0 )) && return 1
  for h in $__hits; do print -r -- "<MA""TCH>$h</MA""TCH>"; done
}'
zpty -w z 'capture () { zle complete-word; print "\n<DO""NE>"; zle kill-whole-line }; zle -N capture; bindkey "^T" capture'
local line out m
zpty -w z 'print "<RE""ADY>"'
zpty -r z out '*<READY>*'
for line in $argv[3,-1]; do
  zpty -w -n z "$line"$'\C-t'
  zpty -r z out '*<DONE>*'
  for m in ${'$'}{(f)out}; do [[ $m =~ '<MATCH>(.*)</MATCH>' ]] && print -r -- $match[1]; done
  print -r -- '<END>'
done
zpty -d z
exit 0
`;

/** Each line completed by plain bash: COMP_LINE, COMP_POINT and COMP_WORDS as bash sets them. */
const BASH_DRIVER = String.raw`source "$1"; shift
complete -p spoke >/dev/null || exit 3
for line; do
  COMP_LINE=$line; COMP_POINT=${'$'}{#line}; read -ra COMP_WORDS <<<"$line"
  [[ $line == *' ' ]] && COMP_WORDS+=('')
  COMP_CWORD=$((${'$'}{#COMP_WORDS[@]} - 1)); COMPREPLY=()
  _spoke
  printf '%s\n' "${'$'}{COMPREPLY[@]}" '<END>'
done
`;

const FISH_DRIVER =
  'source $argv[1]; for line in $argv[2..-1]; complete -C $line; echo "<END>"; end';

let fx: Fixture;
let env: Record<string, string>;
/** A copy of the built package, out of reach of builds that start while this file runs. */
let pkg: string;
let zshFunctions: string;

beforeAll(() => {
  fx = makeFixture();
  sampleWorkspace(fx);
  fx.writeConfig({
    registries: [
      registryEntry('acme', 'http://127.0.0.1:9/registry', 10),
      registryEntry('team', path.join(fx.root, 'team.json'), 20),
    ],
  });
  pkg = path.join(fx.root, 'package');
  for (const part of ['package.json', 'bin', 'dist', 'completions']) {
    cpSync(path.join(built, part), path.join(pkg, part), { recursive: true });
  }
  const bin = path.join(fx.root, 'bin');
  mkdirSync(bin);
  const spoke = path.join(pkg, 'bin', 'spoke.js');
  writeFileSync(path.join(bin, 'spoke'), `#!/bin/sh\nexec "${SYSTEM_NODE}" "${spoke}" "$@"\n`);
  chmodSync(path.join(bin, 'spoke'), 0o755);
  writeFileSync(path.join(fx.root, 'capture.zsh'), ZSH_CAPTURE);
  zshFunctions = path.join(fx.root, 'zsh-functions');
  mkdirSync(zshFunctions);
  cpSync(path.join(pkg, 'completions', '_spoke'), path.join(zshFunctions, '_spoke'));
  env = { ...fx.env, PATH: `${bin}:${fx.env.PATH}` };
});

afterAll(() => fx.cleanup());

/** What the shell offers for each line (the cursor at its end), sorted; `--flag=` dropped. */
function completeLines(shell: Shell, lines: readonly string[], cwd = fx.cwd): string[][] {
  const script = path.join(pkg, 'completions', COMPLETION_FILES[shell]);
  const options = { cwd, env, encoding: 'utf8' as const, timeout: 60_000 };
  const out =
    shell === 'bash'
      ? execFileSync(
          'bash',
          ['--norc', '--noprofile', '-c', BASH_DRIVER, 'bash', script, ...lines],
          options,
        )
      : shell === 'zsh'
        ? execFileSync(
            'zsh',
            [
              '-f',
              path.join(fx.root, 'capture.zsh'),
              zshFunctions,
              path.join(fx.root, 'zcompdump'),
              ...lines,
            ],
            options,
          )
        : execFileSync('fish', ['--no-config', '-c', FISH_DRIVER, script, ...lines], options);
  const answers = out.split('<END>').slice(0, lines.length);
  expect(answers).toHaveLength(lines.length);
  return answers.map((answer) => {
    const words = answer
      .split(/\r?\n/)
      .map((l) =>
        l
          .split('\t')[0]!
          .replace(/^--[a-z-]+=/, '')
          .trim(),
      )
      .filter(Boolean);
    return [...new Set(words)].sort();
  });
}

const sorted = (list: readonly string[]) => [...list].sort();

describe('the generated scripts', () => {
  it('are the command table, as the build wrote them into completions/', () => {
    for (const shell of Object.keys(COMPLETION_FILES) as Shell[]) {
      expect(readFileSync(path.join(pkg, 'completions', COMPLETION_FILES[shell]), 'utf8')).toBe(
        completionScript(shell, SECTIONS, version()),
      );
    }
  });

  it('complete installed servers and registries where the docs say', () => {
    const model = completionModel(SECTIONS);
    const taking = (kind: string) => [
      ...model.commands
        .filter((c) => c.args.some((a) => a.value.kind === kind))
        .map((c) => c.path.join(' ')),
      ...new Set(
        model.commands.flatMap((c) =>
          c.flags.filter((f) => f.value?.kind === kind).map((f) => `--${f.name}`),
        ),
      ),
    ];
    expect(sorted(taking('servers'))).toEqual(
      sorted(['remove', 'update', 'tools', 'call', 'run', 'serve', 'info']),
    );
    expect(sorted(taking('registries'))).toEqual(
      sorted(['registry remove', 'registry set-priority', '--registry']),
    );
    const fixed = new Set(
      model.commands.flatMap((c) =>
        c.flags.filter((f) => f.value?.kind === 'words').map((f) => `--${f.name}`),
      ),
    );
    expect(sorted([...fixed])).toEqual(
      sorted(['--format', '--client', '--template', '--type', '--trust', '--algorithm']),
    );
  });

  it('describe each flag in one line, in words rather than its values alone', () => {
    for (const command of completionModel(SECTIONS).commands) {
      for (const flag of command.flags) {
        const where = `${command.path.join(' ')} --${flag.name}`;
        expect(flag.description, where).not.toMatch(/\n/);
        if (flag.value?.kind === 'words')
          expect(flag.description, where).not.toBe(flag.value.words.join(', '));
      }
    }
  });

  it('parse in zsh and fish', () => {
    if (shells.zsh) execFileSync('zsh', ['-n', path.join(pkg, 'completions', '_spoke')]);
    if (shells.fish) execFileSync('fish', ['-n', path.join(pkg, 'completions', 'spoke.fish')]);
  });
});

/** Completes every line in one shell and compares all the answers at once. */
function expectOffers(shell: Shell, cases: Record<string, readonly string[]>, cwd?: string) {
  const lines = Object.keys(cases);
  const answers = completeLines(shell, lines, cwd);
  expect(Object.fromEntries(lines.map((l, i) => [l, answers[i]]))).toEqual(
    Object.fromEntries(lines.map((l) => [l, sorted(cases[l]!)])),
  );
}

const commands = SECTIONS.flatMap((s) =>
  s.entries.flatMap((e) => (e.kind === 'group' ? e.subcommands : [e])),
);

const choices = (command: string, flag: string) =>
  commands.find((c) => c.path.join(' ') === command)!.flags.find((f) => f.name === flag)!.choices!;

for (const shell of ['bash', 'zsh', 'fish'] as const) {
  describe.skipIf(!shells[shell])(`${shell} completion`, { timeout: 90_000 }, () => {
    it('completes commands, subcommands and flags', () => {
      expectOffers(shell, {
        'spoke reg': ['registry'],
        'spoke registry ': ['list', 'add', 'remove', 'set-priority'],
        'spoke ': SECTIONS.flatMap((s) =>
          s.entries.map((e) => (e.kind === 'group' ? e.name : e.path[0]!)),
        ),
        'spoke discover --f': ['--format'],
        'spoke --j': ['--json'],
        'spoke registry add --': ['--type', '--priority', '--trust', '--scope', ...GLOBALS],
      });
    });

    it('completes the values of fixed-value flags, from the command table', () => {
      const cases: Record<string, readonly string[]> = {};
      for (const spec of commands) {
        for (const flag of spec.flags.filter((f) => f.choices)) {
          cases[`spoke ${spec.path.join(' ')} --${flag.name} `] = flag.choices!;
        }
      }
      expectOffers(shell, {
        ...cases,
        'spoke export --client=c': choices('export', 'client').filter((c) => c.startsWith('c')),
        'spoke registry add acme https://x --trust v': ['verified'],
        'spoke discover --limit ': [],
      });
    });

    it('completes installed servers from spoke list --json', () => {
      expectOffers(shell, {
        ...Object.fromEntries(
          ['remove', 'update', 'tools', 'call', 'run', 'info'].map((c) => [`spoke ${c} `, SERVERS]),
        ),
        'spoke call fi': ['filesystem'],
        // The second argument of call is a tool name, and install --name a new name.
        'spoke call filesystem ': [],
        'spoke install --name ': [],
      });
      // --cwd says which workspace to read.
      expectOffers(
        shell,
        {
          'spoke tools --cwd demo ': SERVERS,
          'spoke --cwd=demo run g': ['github'],
          'spoke tools ': [],
        },
        fx.root,
      );
    });

    it('completes registry names from spoke registry list --json', () => {
      expectOffers(shell, {
        'spoke registry remove ': REGISTRIES,
        'spoke registry set-priority t': ['team'],
        'spoke discover --registry ': REGISTRIES,
        'spoke discover --registry=a': ['acme'],
        'spoke logout --registry ': REGISTRIES,
        // registry add names a new registry.
        'spoke registry add ': [],
      });
    });
  });
}

import { platformUrl } from '../platform.ts';
import type { CommandSpec, GroupSpec, Section } from './types.ts';

const GLOBAL_LINE = '  --json  --verbose  --quiet  --no-color  --cwd <dir>  --version  --help';

function columns(rows: readonly (readonly [string, string])[], indent = 2, min = 0): string[] {
  const width = Math.max(min, ...rows.map(([left]) => left.length)) + 2;
  return rows.map(([left, right]) => `${' '.repeat(indent)}${left.padEnd(width)}${right}`);
}

export function overviewHelp(sections: readonly Section[], env: NodeJS.ProcessEnv): string {
  const lines = ['Usage: spoke <command> [arguments] [flags]'];
  for (const section of sections) {
    lines.push('', section.title);
    lines.push(
      ...columns(
        section.entries.map((e) => [e.synopsis, e.summary]),
        2,
        22,
      ),
    );
  }
  lines.push('', 'Global flags', GLOBAL_LINE, '', `Docs: ${platformUrl(env)}/app/docs`);
  return lines.join('\n');
}

function withDefault(description: string, defaultText: string | undefined): string {
  return defaultText === undefined ? description : `${description} (default: ${defaultText})`;
}

export function commandHelp(spec: CommandSpec, env: NodeJS.ProcessEnv): string {
  const lines = [`Usage: ${spec.usage}`, '', spec.description];
  if (spec.args.length) {
    lines.push('', 'Arguments');
    lines.push(
      ...columns(
        spec.args.map((a) => [
          a.required ? `<${a.name}>` : `[${a.name}]`,
          withDefault(a.description, a.defaultText),
        ]),
      ),
    );
  }
  if (spec.flags.length) {
    lines.push('', 'Flags');
    lines.push(
      ...columns(
        spec.flags.map((f) => [
          f.value ? `--${f.name} <${f.value}>` : `--${f.name}`,
          withDefault(f.description, f.defaultText ?? f.default),
        ]),
      ),
    );
  }
  if (spec.examples.length) lines.push('', 'Examples', ...spec.examples.map((e) => `  ${e}`));
  lines.push('', 'Global flags', GLOBAL_LINE, '', `Docs: ${platformUrl(env)}${spec.docs}`);
  return lines.join('\n');
}

export function groupHelp(group: GroupSpec, env: NodeJS.ProcessEnv): string {
  const lines = [
    `Usage: spoke ${group.name} <subcommand> [arguments] [flags]`,
    '',
    group.description,
  ];
  lines.push('', 'Subcommands');
  lines.push(...columns(group.subcommands.map((s) => [s.synopsis, s.summary])));
  lines.push(
    '',
    `Run spoke ${group.name} <subcommand> --help for its flags and examples.`,
    '',
    `Docs: ${platformUrl(env)}${group.docs}`,
  );
  return lines.join('\n');
}

export function renderHelp(
  target: CommandSpec | GroupSpec | null,
  sections: readonly Section[],
  env: NodeJS.ProcessEnv,
): string {
  if (!target) return overviewHelp(sections, env);
  return target.kind === 'group' ? groupHelp(target, env) : commandHelp(target, env);
}

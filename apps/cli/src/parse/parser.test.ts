import { describe, expect, it } from 'vitest';
import { CliError } from '../errors.ts';
import { CLIENTS } from '../export/client-names.ts';
import { SECTIONS } from '../specs/index.ts';
import type { CommandSpec } from '../specs/types.ts';
import { parse } from './parser.ts';

const run = (line: string) => parse(line.split(' ').filter(Boolean), SECTIONS);

async function usage(line: string): Promise<CliError> {
  const error = await run(line).then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(CliError);
  expect((error as CliError).exitCode).toBe(2);
  return error as CliError;
}

describe('parse', () => {
  it('accepts global flags before and after the command', async () => {
    const a = await run('--json list --cwd /tmp');
    const b = await run('list --cwd=/tmp --json');
    for (const r of [a, b]) {
      expect(r.kind).toBe('command');
      expect(r.globals).toMatchObject({ json: true, cwd: '/tmp' });
    }
  });

  it('binds arguments and flags, filling literal defaults', async () => {
    const r = await run('discover postgres --limit 3');
    expect(r.kind === 'command' && r.input).toEqual({
      args: { query: 'postgres' },
      flags: { limit: '3', format: 'simple' },
    });
  });

  it('resolves subcommands', async () => {
    const r = await run('registry set-priority spoke 8');
    expect(r.kind === 'command' && (r.spec as CommandSpec).path).toEqual([
      'registry',
      'set-priority',
    ]);
  });

  it('treats everything after -- as arguments', async () => {
    const r = await run('discover -- --limit');
    expect(r.kind === 'command' && r.input.args).toEqual({ query: '--limit' });
  });

  it('lets --help and --version win over mistakes', async () => {
    expect((await run('discover --limit 0 --help')).kind).toBe('help');
    expect((await run('install --bogus --help')).kind).toBe('help');
    expect((await run('list --version')).kind).toBe('version');
    const help = await run('registry --help');
    expect(help.kind === 'help' && help.target?.kind).toBe('group');
  });

  it('shows the overview for a bare spoke', async () => {
    const r = await run('');
    expect(r.kind === 'help' && r.target).toBeNull();
  });

  it('names the allowed values of a flag', async () => {
    const e = await usage('discover --format xml');
    expect(e.message).toBe('unknown value for --format: "xml" (expected simple, table or json)');
    expect(e.hint).toBe('see spoke discover --help');
  });

  it('gives an absent switch as false', async () => {
    const r = await run('init --force');
    expect(r.kind === 'command' && r.input.flags).toEqual({ template: 'basic', force: true });
    const absent = await run('init');
    expect(absent.kind === 'command' && absent.input.flags).toEqual({
      template: 'basic',
      force: false,
    });
  });

  it('names the values of a required flag when it is missing', async () => {
    const e = await usage('export --dry-run');
    expect(e.message).toBe(`--client is required (${CLIENTS.join(', ')})`);
    expect(e.hint).toBe('see spoke export --help');
  });

  it('suggests close commands and flags', async () => {
    expect((await usage('instal')).hint).toBe('did you mean spoke install? See spoke --help');
    expect((await usage('discover --limt 3')).hint).toContain('did you mean --limit?');
    expect((await usage('registry ad x y')).message).toContain(
      '(expected list, add, remove or set-priority)',
    );
  });

  it('refuses --verbose with --quiet', async () => {
    expect((await usage('list --verbose --quiet')).message).toBe(
      '--verbose and --quiet cannot be used together',
    );
  });

  it('checks arity', async () => {
    expect((await usage('info')).message).toBe('missing argument <server>');
    expect((await usage('list extra')).message).toBe('unexpected argument "extra"');
    expect((await usage('config')).message).toBe(
      'spoke config needs a subcommand: get, set, unset or list',
    );
  });

  it('checks values of commands that do not run yet', async () => {
    expect((await usage('export --client notepad')).message).toContain('"notepad"');
    expect((await usage('export')).message).toContain('--client is required');
    expect((await usage('serve --http 70000')).message).toBe(
      '--http must be a whole number from 1 to 65535, got "70000"',
    );
    expect((await usage('create weather --license MITT')).message).toBe(
      'unknown SPDX license identifier "MITT"; did you mean MIT?',
    );
    expect((await usage('create Weather')).message).toContain('invalid project name');
    expect((await run('call fs read --args {}')).kind).toBe('command');
  });

  it('gives a template error its own hint', async () => {
    const e = await usage('init --template tool');
    expect(e.message).toBe(
      'unknown workspace template "tool"; the only workspace template is basic',
    );
    expect(e.hint).toBe('server templates (basic, tool, resource) are used by spoke create');
  });

  it('checks policy values without reading any file', async () => {
    expect((await usage('policy set allowed-licenses Apache2')).message).toBe(
      'unknown SPDX license identifier "Apache2"; did you mean Apache-2.0?',
    );
    expect((await usage('policy set max-trust x')).message).toContain(
      'unknown policy rule "max-trust"',
    );
    expect((await usage('policy set allowed-licenses MIT,,ISC')).message).toBe(
      'lists may not be empty',
    );
    expect((await run('policy set allowed-licenses any')).kind).toBe('command');
  });

  it('checks config keys', async () => {
    expect((await usage('config get performance.registryTimout')).hint).toContain(
      'did you mean performance.registryTimeout?',
    );
    expect((await usage('config set security.minTrustLevel verified')).hint).toBe(
      'see spoke policy --help',
    );
    expect((await run('config set servers.github.env.GITHUB_TOKEN --type secret')).kind).toBe(
      'command',
    );
  });

  it('takes -h for help and rejects other short flags', async () => {
    expect((await run('list -h')).kind).toBe('help');
    expect((await usage('list -x')).message).toBe('unknown flag -x');
  });
});

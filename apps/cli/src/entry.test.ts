import { describe, expect, it } from 'vitest';
import { afterAll } from 'vitest';
import { makeFixture } from './test/fixture.ts';
import { runCli, startCli } from './test/run-cli.ts';
import { version } from './version.ts';

const fx = makeFixture();
afterAll(() => fx.cleanup());

describe('the spoke entry', () => {
  it('prints the version alone', async () => {
    for (const args of [['--version'], ['list', '--version', '--json']]) {
      const r = await runCli(args, fx);
      expect([r.code, r.stdout, r.stderr]).toEqual([0, `${version()}\n`, '']);
    }
  });

  it('prints the documented overview', async () => {
    const r = await runCli(['--help'], fx);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'Usage: spoke <command> [arguments] [flags]\n\nWorkspaces\n  init [name]             Create spoke.json in the current directory\n',
    );
    expect(r.stdout).toContain('  registry <subcommand>   list, add, remove, set-priority\n');
    expect(r.stdout).toContain(
      'Global flags\n  --json  --verbose  --quiet  --no-color  --cwd <dir>  --version  --help\n\nDocs: http://localhost:3000/app/docs\n',
    );
  });

  it('gives every command help with usage, defaults and examples', async () => {
    const r = await runCli(['discover', '--help'], fx);
    expect(r.stdout).toMatch(
      /^Usage: spoke discover \[query\] \[--limit 5\] \[--format simple\|table\|json\] \[--registry <name>\]\n/,
    );
    expect(r.stdout).toContain('--limit <n>');
    expect(r.stdout).toContain('(default: 5)');
    expect(r.stdout).toContain('Examples\n  spoke discover postgres --limit 3\n');
    const add = await runCli(['registry', 'add', '--help'], fx);
    expect(add.stdout).toContain('(default: 10 more than the largest priority in use)');
  });

  it('maps usage errors to exit code 2, also as JSON', async () => {
    const r = await runCli(['discover', '--format', 'xml'], fx);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'error: unknown value for --format: "xml" (expected simple, table or json)\nhint: see spoke discover --help\n',
    );
    const json = await runCli(['discover', '--format', 'xml', '--json'], fx);
    expect(json.code).toBe(2);
    expect(json.json()).toEqual({
      error: {
        code: 'USAGE',
        message: 'unknown value for --format: "xml" (expected simple, table or json)',
        hint: 'see spoke discover --help',
      },
    });
    expect(json.stderr).toBe('');
  });

  it('refuses --verbose with --quiet, and a --cwd that is not a directory', async () => {
    expect((await runCli(['status', '--verbose', '--quiet'], fx)).code).toBe(2);
    const cwd = await runCli(['status', '--cwd', '/no/such/dir'], fx);
    expect(cwd.code).toBe(2);
    expect(cwd.stderr).toContain('error: --cwd: /no/such/dir is not a directory');
  });

  it('fails outside a workspace with a hint to run spoke init', async () => {
    const r = await runCli(['list'], fx);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `error: no spoke.json in ${fx.cwd} or any parent\nhint: run spoke init to create a workspace here\n`,
    );
  });

  it('never colours output that is not a terminal', async () => {
    const r = await runCli(['list'], { ...fx, env: { ...fx.env, FORCE_COLOR: '1' } });
    expect(r.stderr).not.toContain('\u001b[');
  });

  it('ends quietly with exit 0 when its reader closes the pipe (spoke --help | head -1)', async () => {
    for (const runtime of ['source', 'bundle'] as const) {
      const { child, result } = startCli(['--help'], { ...fx, runtime });
      child.stdout.destroy();
      const r = await result;
      expect([r.code, r.stderr]).toEqual([0, '']);
    }
  });
});

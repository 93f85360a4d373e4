import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../test/fixture.ts';
import { createOutput } from '../output/output.ts';
import { runCli } from '../test/run-cli.ts';
import { init } from './init.ts';

let fx: Fixture;
beforeEach(() => void (fx = makeFixture()));
afterEach(() => fx.cleanup());

describe('spoke init', () => {
  it('creates spoke.json and .spoke/ named after the directory, with the documented output', async () => {
    const r = await runCli(['init'], fx);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      'Created spoke.json (workspace demo, template basic)\nCreated .spoke/ (ignored by git)\n',
    );
    expect(r.stderr).toBe('\nNext: find a server with spoke discover <query>\n');
    const workspace = fx.readJson('spoke.json') as { workspace: { createdAt: string } };
    expect(workspace).toEqual({
      workspace: { name: 'demo', template: 'basic', createdAt: workspace.workspace.createdAt },
      development: { autoReload: true, verbose: false },
      servers: {},
    });
    expect(Date.now() - Date.parse(workspace.workspace.createdAt)).toBeLessThan(60_000);
    expect(readFileSync(path.join(fx.cwd, '.spoke/.gitignore'), 'utf8')).toBe('*\n');
    expect(existsSync(path.join(fx.cwd, 'spoke.lock.json'))).toBe(false);
    // init does not need, and so does not create, the global config.
    expect(existsSync(path.join(fx.configDir, 'config.json'))).toBe(false);
  });

  it('takes well under a second and contacts no registry', async () => {
    const out = createOutput({
      json: false,
      quiet: true,
      verbose: false,
      noColor: true,
      env: fx.env,
      stdout: { write: () => true },
    });
    const started = performance.now();
    await init({ cwd: fx.cwd, env: fx.env, out, name: undefined, force: false });
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses to overwrite without --force, and replaces both files with it', async () => {
    await runCli(['init', 'support-bot'], fx);
    fx.writeJson('spoke.lock.json', { lockfileVersion: 1, servers: { x: {} } });
    const again = await runCli(['init', 'support-bot', '--template', 'basic'], fx);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe(
      `error: spoke.json already exists in ${fx.cwd} (workspace support-bot)\nhint: add --force to replace it and its lockfile\n`,
    );
    const forced = await runCli(['init', 'other', '--force', '--quiet'], fx);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toBe(
      'Replaced spoke.json (workspace other, template basic)\nReplaced spoke.lock.json with an empty lockfile\n',
    );
    expect(forced.stderr).toBe('');
    expect(fx.readJson('spoke.lock.json')).toEqual({ lockfileVersion: 1, servers: {} });
  });

  it('writes where --cwd says, and answers {"ok": true} with --json', async () => {
    const other = path.join(fx.root, 'elsewhere');
    mkdirSync(other);
    const r = await runCli(['--json', 'init', '--cwd', other], fx);
    expect(r.json()).toEqual({ ok: true });
    expect(r.stderr).toBe('');
    expect(existsSync(path.join(other, 'spoke.json'))).toBe(true);
  });

  it('treats a bad template or name as a usage error', async () => {
    const template = await runCli(['init', '--template', 'tool'], fx);
    expect(template.code).toBe(2);
    expect(template.stderr).toBe(
      'error: unknown workspace template "tool"; the only workspace template is basic\n' +
        'hint: server templates (basic, tool, resource) are used by spoke create\n',
    );
    const name = await runCli(['init', 'no spaces'], fx);
    expect(name.code).toBe(2);
    expect(existsSync(path.join(fx.cwd, 'spoke.json'))).toBe(false);
  });
});

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeFixture, type Fixture } from '../test/fixture.ts';
import { runCli } from '../test/run-cli.ts';
import { failureReason } from './connect.ts';

let fx: Fixture;
beforeEach(() => {
  fx = makeFixture();
});
afterEach(() => fx.cleanup());

describe('a server that fails to start', () => {
  it('is reported with the error it printed, not the runtime’s footer', async () => {
    const project = path.join(fx.root, 'crashy');
    mkdirSync(project);
    writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'crashy', version: '1.0.0', license: 'MIT', bin: 'server.js' }),
    );
    writeFileSync(
      path.join(project, 'server.js'),
      "#!/usr/bin/env node\nthrow new Error('cannot read the config file');\n",
    );
    const ws = path.join(fx.root, 'ws');
    mkdirSync(ws);
    const inWs = (...args: string[]) => runCli(args, { ...fx, cwd: ws, timeoutMs: 60_000 });
    expect((await inWs('init')).code).toBe(0);
    const r = await inWs('install', project, '--yes');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error: crashy did not start: Error: cannot read the config file');
    expect(r.stderr).not.toMatch(/did not start: Node\.js/);
  });

  it.each([
    [
      'Traceback (most recent call last):\n  File "x.py", line 1\nValueError: bad port\n',
      'ValueError: bad port',
    ],
    ['listening...\nfatal: the token is not valid\n', 'fatal: the token is not valid'],
    ['starting\nstill starting\n', 'still starting'],
    ['', ''],
  ])('reads %j as %j', (stderr, reason) => {
    expect(failureReason(stderr)).toBe(reason);
  });
});

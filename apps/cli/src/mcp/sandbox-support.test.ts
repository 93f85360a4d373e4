import { chmodSync, existsSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CliError } from '../errors.ts';
import { makeFixture, type Fixture } from '../test/fixture.ts';
import { runCli } from '../test/run-cli.ts';
import { sampleWorkspace, sandboxedProbe } from '../test/sample-workspace.ts';
import { sandboxState } from './sandbox.ts';
import { sandboxProbeFile } from './sandbox-support.ts';

let fx: Fixture;
let bwrap: string;
beforeEach(() => {
  fx = makeFixture();
  bwrap = path.join(fx.root, 'bwrap');
});
afterEach(() => fx.cleanup());

/**
 * A stand-in for bubblewrap that counts its runs in `bwrap.runs`; `works: false` makes it fail as
 * bwrap does where user namespaces are off. Both versions have the same size.
 */
function writeBwrap(works: boolean) {
  writeFileSync(
    bwrap,
    `#!/bin/sh\necho run >> "$0.runs"\n${
      works ? 'exit 0' : 'echo "bwrap: No permissions to create new namespace" >&2; exit 1'
    }\n`,
  );
  chmodSync(bwrap, 0o755);
}
const runs = () =>
  existsSync(`${bwrap}.runs`) ? readFileSync(`${bwrap}.runs`, 'utf8').split('\n').length - 1 : 0;
const status = () => runCli(['status'], { cwd: fx.cwd, env: { ...fx.env, SPOKE_BWRAP: bwrap } });
const notesRow = (stdout: string) => stdout.split('\n').find((line) => line.includes('notes'));

describe.runIf(process.platform === 'linux')('the remembered bubblewrap probe', () => {
  it('lets spoke status skip the probe until bwrap changes, and ignores a corrupt record', async () => {
    sampleWorkspace(fx);
    writeBwrap(true);
    const first = await status();
    expect(first.code, first.stderr).toBe(0);
    expect(notesRow(first.stdout)).toContain(' sandboxed ');
    expect(runs()).toBe(1);
    expect(JSON.parse(readFileSync(sandboxProbeFile(fx.env), 'utf8'))).toMatchObject({
      version: 1,
      probes: { [bwrap]: { result: { ok: true } } },
    });

    expect(notesRow((await status()).stdout)).toContain(' sandboxed ');
    expect(runs()).toBe(1);

    // A new modification time: probed again.
    const later = new Date(statSync(bwrap).mtimeMs + 60_000);
    utimesSync(bwrap, later, later);
    expect(notesRow((await status()).stdout)).toContain(' sandboxed ');
    expect(runs()).toBe(2);

    // A record that cannot be read: probed again, and written anew.
    writeFileSync(sandboxProbeFile(fx.env), '{"version": 1, "probes": ');
    expect(notesRow((await status()).stdout)).toContain(' sandboxed ');
    expect(runs()).toBe(3);
    expect(JSON.parse(readFileSync(sandboxProbeFile(fx.env), 'utf8'))).toHaveProperty('version', 1);
    writeFileSync(sandboxProbeFile(fx.env), JSON.stringify({ version: 1, probes: { [bwrap]: 7 } }));
    await status();
    expect(runs()).toBe(4);

    // A bwrap that no longer works, replaced by the package manager: found out at once.
    writeBwrap(false);
    utimesSync(bwrap, new Date(later.getTime() + 60_000), new Date(later.getTime() + 60_000));
    const broken = await status();
    expect(runs()).toBe(5);
    expect(notesRow(broken.stdout)).toContain(' unsandboxed ');
    expect(broken.stderr).toContain(
      'warning: notes runs unsandboxed: bubblewrap cannot create a sandbox here (No permissions to create new namespace); user namespaces may be disabled',
    );
    await status();
    expect(runs()).toBe(5);
  });

  it('is not trusted by a start: a bwrap that stopped working is refused before the server starts', async () => {
    writeBwrap(true);
    const installed = new Date('2026-11-02T10:00:00Z');
    utimesSync(bwrap, installed, installed);
    const env = { ...fx.env, SPOKE_BWRAP: bwrap };
    const { target, run } = sandboxedProbe();
    // Probed by spoke status, in a process of its own.
    sampleWorkspace(fx);
    expect(notesRow((await status()).stdout)).toContain(' sandboxed ');
    expect(runs()).toBe(1);
    expect(await sandboxState(run, target, env, { rememberedProbe: true })).toMatchObject({
      sandboxed: true,
      bwrap,
    });
    expect(runs()).toBe(1);

    // Broken behind the record's back: same path, size and modification time.
    writeFileSync(bwrap, readFileSync(bwrap, 'utf8').replace('exit 0', 'exit 1'));
    utimesSync(bwrap, installed, installed);
    expect(await sandboxState(run, target, env, { rememberedProbe: true })).toMatchObject({
      sandboxed: true,
    });
    expect(runs()).toBe(1);
    const refused = await sandboxState(run, target, env).catch((err: unknown) => err);
    expect(runs()).toBe(2);
    expect(refused).toBeInstanceOf(CliError);
    expect((refused as CliError).message).toMatch(
      /^policy refuses to start probe outside the sandbox: trust verified is below sandbox-below trusted \(managed policy\), and bubblewrap cannot create a sandbox here \(Command failed: .*\); user namespaces may be disabled$/,
    );
    // The failure is what spoke status shows from now on.
    await expect(sandboxState(run, target, env, { rememberedProbe: true })).rejects.toThrow(
      /bubblewrap cannot create a sandbox here/,
    );
    expect(runs()).toBe(2);
  });
});

import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { installWorld, type InstallWorld } from '../test/install-world.ts';
import { spokeClient } from '../test/mcp-client.ts';
import { runCli } from '../test/run-cli.ts';
import { startSseServer, type SseServer } from '../test/sse-server.ts';
import { onTerminal } from '../test/terminal.ts';
import { TINY_SERVER_JS } from '../test/tiny-server.ts';

let world: InstallWorld | null = null;
let sse: SseServer | null = null;
afterEach(async () => {
  await world?.close();
  await sse?.close();
  world = null;
  sse = null;
});

const token = [{ name: 'TINY_TOKEN', description: 'A token', isRequired: true, isSecret: true }];

/**
 * A world whose registry also lists the tiny server as a PyPI package and as an OCI image, and a
 * directory of runtimes: each fake runtime records its arguments and starts the real tiny server.
 */
async function kindsWorld() {
  const w = (world = await installWorld());
  w.items.push(
    {
      server: {
        name: 'io.github.test/py-tiny',
        version: '2.0.0',
        packages: [
          {
            registryType: 'pypi',
            identifier: 'py-tiny',
            version: '2.0.0',
            environmentVariables: token,
          },
        ],
      },
    },
    {
      server: {
        name: 'io.github.test/oci-tiny',
        version: '1.4.0',
        packages: [
          {
            registryType: 'oci',
            identifier: 'ghcr.io/test/tiny',
            version: '1.4.0',
            environmentVariables: token,
          },
        ],
      },
    },
  );
  const server = path.join(w.fx.root, 'tiny-server.cjs');
  writeFileSync(server, TINY_SERVER_JS);
  const record = path.join(w.fx.root, 'argv.txt');
  const bin = (...runtimes: string[]) => {
    const dir = path.join(w.fx.root, `bin-${runtimes.join('-') || 'none'}`);
    mkdirSync(dir, { recursive: true });
    for (const name of runtimes) {
      const file = path.join(dir, name);
      writeFileSync(
        file,
        `#!/bin/sh\nprintf '%s\\n' "${name} $*" >> '${record}'\nexec '${process.execPath}' '${server}'\n`,
      );
      chmodSync(file, 0o755);
    }
    return { ...w.fx, env: { ...w.fx.env, PATH: dir, TINY_TOKEN: 'tok-123' } };
  };
  const argv = () => readFileSync(record, 'utf8').trim().split('\n');
  return { w, bin, argv };
}

const readJson = (w: InstallWorld, file: string) =>
  JSON.parse(readFileSync(path.join(w.fx.cwd, file), 'utf8')) as {
    servers: Record<string, Record<string, unknown>>;
  };

describe('a PyPI package', () => {
  it('runs with uvx, pinned, with its secret in the environment', async () => {
    const { w, bin, argv } = await kindsWorld();
    const fx = bin('uvx');
    const install = await runCli(['install', 'io.github.test/py-tiny', '--yes'], fx);
    expect(install.code, install.stderr).toBe(0);
    expect(install.stderr).toContain('PyPI py-tiny 2.0.0');
    expect(install.stderr).toContain('uvx py-tiny==2.0.0');
    expect(readJson(w, 'spoke.json').servers['py-tiny']).toMatchObject({
      transport: 'stdio',
      command: 'uvx',
      args: ['py-tiny==2.0.0'],
      version: '2.0.0',
      secrets: ['TINY_TOKEN'],
    });
    expect(readJson(w, 'spoke.lock.json').servers['py-tiny']).toMatchObject({
      package: { registryType: 'pypi', identifier: 'py-tiny', version: '2.0.0' },
      toolCount: 3,
    });
    const call = await runCli(['call', 'py-tiny', 'whoami'], {
      ...fx,
      env: { ...fx.env, TINY_TOKEN: '' },
    });
    expect(call.stdout).toBe('tok-123\n');
    expect(argv()).toEqual(['uvx py-tiny==2.0.0', 'uvx py-tiny==2.0.0']);
  });

  it('runs with pipx run when uvx is not there, and is refused when neither is', async () => {
    const { w, bin, argv } = await kindsWorld();
    const none = bin();
    const refused = await runCli(['install', 'io.github.test/py-tiny', '--yes', '--json'], none);
    expect(refused.code).toBe(1);
    expect(refused.json()).toEqual({
      error: {
        code: 'INSTALL_FAILED',
        message:
          'io.github.test/py-tiny is a Python package, run with uvx or pipx, and neither is on PATH',
        hint: 'install uv (https://docs.astral.sh/uv/) or pipx (https://pipx.pypa.io), then try again',
      },
    });
    expect(readJson(w, 'spoke.json').servers).toEqual({});

    const pipx = bin('pipx');
    expect((await runCli(['install', 'io.github.test/py-tiny', '--yes'], pipx)).code).toBe(0);
    const call = await runCli(['call', 'py-tiny', 'echo', '--args', '{"text": "via pipx"}'], pipx);
    expect(call.stdout).toBe('via pipx\n');
    expect(argv()).toEqual([
      'pipx run --spec py-tiny==2.0.0 py-tiny',
      'pipx run --spec py-tiny==2.0.0 py-tiny',
    ]);

    const gone = await runCli(['call', 'py-tiny', 'whoami'], none);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain(
      'error: py-tiny is a Python package, run with uvx or pipx, and neither is on PATH',
    );
    const status = await runCli(['status', '--json'], none);
    expect(JSON.stringify(status.json()), status.stderr).toContain('needs uvx or pipx on PATH');
  });
});

describe('runtime and package arguments', () => {
  it("puts the runtime's arguments before the package or image, and the package's after it", async () => {
    const { w, bin, argv } = await kindsWorld();
    const flag = (value: string) => ({ type: 'positional', value });
    w.items.push(
      {
        server: {
          name: 'io.github.test/py-args',
          version: '2.0.0',
          packages: [
            {
              registryType: 'pypi',
              identifier: 'py-tiny',
              version: '2.0.0',
              runtimeArguments: [flag('--python'), flag('3.12')],
              packageArguments: [flag('--stdio')],
            },
          ],
        },
      },
      {
        server: {
          name: 'io.github.test/oci-args',
          version: '1.4.0',
          packages: [
            {
              registryType: 'oci',
              identifier: 'ghcr.io/test/tiny',
              version: '1.4.0',
              runtimeArguments: [flag('--network'), flag('none')],
              packageArguments: [flag('--stdio')],
            },
          ],
        },
      },
    );
    const fx = bin('uvx', 'docker');
    for (const name of ['io.github.test/py-args', 'io.github.test/oci-args']) {
      const install = await runCli(['install', name, '--yes'], fx);
      expect(install.code, install.stderr).toBe(0);
    }
    expect(readJson(w, 'spoke.json').servers['py-args']).toMatchObject({
      command: 'uvx',
      args: ['--python', '3.12', 'py-tiny==2.0.0', '--stdio'],
    });
    expect(readJson(w, 'spoke.json').servers['oci-args']).toMatchObject({
      command: 'docker',
      args: ['run', '-i', '--rm', '--network', 'none', 'ghcr.io/test/tiny:1.4.0', '--stdio'],
    });
    expect(argv()).toEqual([
      'uvx --python 3.12 py-tiny==2.0.0 --stdio',
      'docker run -i --rm --network none ghcr.io/test/tiny:1.4.0 --stdio',
    ]);
    // pipx has no use for uvx's options: the server asks for uv by name.
    const pipxOnly = await runCli(['call', 'py-args', 'whoami'], bin('pipx'));
    expect(pipxOnly.code).toBe(1);
    expect(pipxOnly.stderr).toContain(
      'py-args starts with uvx options (--python), and uvx is not on PATH',
    );
  });
});

describe('an OCI image', () => {
  it('runs with docker run -i --rm, the image pinned, variables passed by name', async () => {
    const { w, bin, argv } = await kindsWorld();
    const fx = bin('docker');
    const install = await runCli(['install', 'io.github.test/oci-tiny', '--yes'], fx);
    expect(install.code, install.stderr).toBe(0);
    expect(readJson(w, 'spoke.json').servers['oci-tiny']).toMatchObject({
      command: 'docker',
      args: ['run', '-i', '--rm', 'ghcr.io/test/tiny:1.4.0'],
    });
    expect(readJson(w, 'spoke.lock.json').servers['oci-tiny']).toMatchObject({
      package: { registryType: 'oci', identifier: 'ghcr.io/test/tiny', version: '1.4.0' },
    });
    const call = await runCli(['call', 'oci-tiny', 'whoami'], {
      ...fx,
      env: { ...fx.env, TINY_TOKEN: '' },
    });
    expect(call.stdout).toBe('tok-123\n');
    // The value is in the process environment; the command line names the variable only.
    expect(argv()).toEqual([
      'docker run -e TINY_TOKEN -i --rm ghcr.io/test/tiny:1.4.0',
      'docker run -e TINY_TOKEN -i --rm ghcr.io/test/tiny:1.4.0',
    ]);
  });

  it('runs with podman when docker is not there, and is refused when neither is', async () => {
    const { w, bin, argv } = await kindsWorld();
    const refused = await runCli(['install', 'io.github.test/oci-tiny', '--yes'], bin());
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'error: io.github.test/oci-tiny is a container image, run with docker or podman, and neither is on PATH',
    );
    expect(readJson(w, 'spoke.json').servers).toEqual({});
    const podman = bin('podman');
    expect((await runCli(['install', 'io.github.test/oci-tiny', '--yes'], podman)).code).toBe(0);
    const { client } = await spokeClient(podman, ['run', 'oci-tiny']);
    const result = await client.callTool({ name: 'echo', arguments: { text: 'contained' } });
    expect(result.content).toEqual([{ type: 'text', text: 'contained' }]);
    await client.close();
    expect(argv().at(-1)).toBe('podman run -e TINY_TOKEN -i --rm ghcr.io/test/tiny:1.4.0');
  });
});

describe('an SSE remote', () => {
  it('is installed, called, relayed by run and served, its headers sent', async () => {
    const w = (world = await installWorld());
    sse = await startSseServer();
    w.items.push({
      server: {
        name: 'io.github.test/sse-echo',
        version: '1.0.0',
        remotes: [{ type: 'sse', url: sse.url }],
      },
    });
    const install = await runCli(['install', 'io.github.test/sse-echo', '--yes'], w.fx);
    expect(install.code, install.stderr).toBe(0);
    expect(install.stderr).toContain(`remote (SSE) ${sse.url}`);
    expect(readJson(w, 'spoke.json').servers['sse-echo']).toMatchObject({
      transport: 'sse',
      url: sse.url,
    });
    const set = await runCli(
      ['config', 'set', 'servers.sse-echo.headers.Authorization', '--type', 'secret'],
      { ...w.fx, input: 'Bearer sse-secret\n' },
    );
    expect(set.code, set.stderr).toBe(0);

    const call = await runCli(['call', 'sse-echo', 'echo', '--args', '{"text": "hi"}'], w.fx);
    expect(call.stdout).toBe('sse: hi\n');
    expect(sse.authorizations.at(-1)).toBe('Bearer sse-secret');
    // The bundle users run, on the machine's own Node, has the SSE transport too.
    const bundled = await runCli(['call', 'sse-echo', 'echo', '--args', '{"text": "built"}'], {
      ...w.fx,
      runtime: 'bundle',
    });
    expect(bundled.stdout, bundled.stderr).toBe('sse: built\n');

    const run = await spokeClient(w.fx, ['run', 'sse-echo']);
    const relayed = await run.client.callTool({ name: 'echo', arguments: { text: 'relayed' } });
    expect(relayed.content).toEqual([{ type: 'text', text: 'sse: relayed' }]);
    await run.client.close();

    const serve = await spokeClient(w.fx, ['serve']);
    const { tools } = await serve.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['sse-echo__echo']);
    const served = await serve.client.callTool({
      name: 'sse-echo__echo',
      arguments: { text: 'all' },
    });
    expect(served.content).toEqual([{ type: 'text', text: 'sse: all' }]);
    await serve.client.close();

    // Another machine, the project cloned: the secret header is asked for, like a variable.
    rmSync(path.join(w.fx.configDir, 'secrets.enc'));
    const refused = await runCli(['install', '--yes'], w.fx);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'error: sse-echo: the secret header Authorization is not set on this machine',
    );
    expect(refused.stderr).toContain(
      'spoke config set servers.sse-echo.headers.Authorization --type secret\n',
    );
    const restored = onTerminal(['install', '--yes'], w.fx);
    await restored.waitFor('? header Authorization (secret, required): ', 60_000);
    restored.type('Bearer again\r');
    expect(await restored.exit).toBe(0);
    expect(restored.screen()).not.toContain('Bearer again');
    await runCli(['call', 'sse-echo', 'echo', '--args', '{"text": "back"}'], w.fx);
    expect(sse.authorizations.at(-1)).toBe('Bearer again');
  });
});

/**
 * Runs INSIDE the sandbox, as its first process: creates the directories the integration's
 * settings point at (inside the sandbox, where nothing of the host is mounted), opens the
 * egress forwarder when the integration may reach the internet, then starts the integration's
 * server under the resource limits and passes its exit on. Reads its instructions from
 * SPOKE_SANDBOX_LAUNCH (JSON), which it removes before the server starts.
 * Self-contained on purpose: only Node built-ins, nothing of the host is importable in here.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import net from 'node:net';

type Launch = {
  node: string;
  prlimit: string;
  limits: { addressSpaceBytes: number; processes: number; cpuSeconds: number; files: number };
  heapMb: number;
  mkdirs: string[];
  proxySocket: string | null;
  command: string[];
};

const launch = JSON.parse(process.env.SPOKE_SANDBOX_LAUNCH ?? 'null') as Launch | null;
delete process.env.SPOKE_SANDBOX_LAUNCH;
if (!launch) {
  process.stderr.write('sandbox launcher: no instructions\n');
  process.exit(70);
}

for (const dir of launch.mkdirs) mkdirSync(dir, { recursive: true, mode: 0o700 });

/** Forwards each TCP connection on the sandbox's own loopback to the host's egress proxy. */
function forwarder(socketPath: string): Promise<number> {
  const server = net.createServer((client) => {
    const upstream = net.connect(socketPath);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.unref();
      resolve((server.address() as net.AddressInfo).port);
    });
  });
}

const env: Record<string, string | undefined> = { ...process.env };
if (launch.proxySocket) {
  const proxy = `http://127.0.0.1:${await forwarder(launch.proxySocket)}`;
  Object.assign(env, {
    HTTPS_PROXY: proxy,
    HTTP_PROXY: proxy,
    https_proxy: proxy,
    http_proxy: proxy,
    NO_PROXY: '',
    NODE_USE_ENV_PROXY: '1',
  });
}

const { limits } = launch;
const child = spawn(
  launch.prlimit,
  [
    `--as=${limits.addressSpaceBytes}`,
    `--nproc=${limits.processes}`,
    `--cpu=${limits.cpuSeconds}`,
    `--nofile=${limits.files}`,
    '--core=0',
    '--',
    launch.node,
    `--max-old-space-size=${launch.heapMb}`,
    ...launch.command,
  ],
  { stdio: 'inherit', env },
);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on('error', (error) => {
  process.stderr.write(`sandbox launcher: could not start the server: ${error.message}\n`);
  process.exit(71);
});
child.on('exit', (code, signal) => {
  if (signal) process.stderr.write(`sandbox: the server was stopped by ${signal}\n`);
  process.exit(code ?? 128);
});

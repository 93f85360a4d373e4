import { spawn } from 'node:child_process';
import { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../free-port.ts';

/** Whether something accepts TCP connections on 127.0.0.1:port. */
async function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.connect(port, '127.0.0.1');
  });
}

export type RedisProcess = { url: string; port: number; kill: () => Promise<void> };

/**
 * A redis-server of the test's own on a free port (nothing kept on disk); `kill` ends it with
 * SIGKILL, the way a crash or an OOM kill would.
 */
export async function startRedis(port?: number): Promise<RedisProcess> {
  const at = port ?? (await freePort());
  const child = spawn(
    'redis-server',
    ['--port', String(at), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const failed = new Promise<never>((_, reject) =>
    child.once('error', (err) => reject(new Error(`redis-server did not start: ${err.message}`))),
  );
  for (let i = 0; !(await Promise.race([accepts(at), failed])); i++) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
    if (i > 200) throw new Error('redis-server did not listen within 10 s');
    await sleep(50);
  }
  return {
    url: `redis://127.0.0.1:${at}`,
    port: at,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

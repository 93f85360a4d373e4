import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@spoke/shared/testing/free-port';

/**
 * A PostgreSQL cluster of the soak run's own: initdb into a temp dir, started with pg_ctl on a
 * free port of 127.0.0.1, its socket in that dir. The machine's own PostgreSQL is never touched.
 */
export type Cluster = {
  /** postgres:// URL of its `postgres` database (trust auth, user postgres). */
  url: string;
  port: number;
  start: () => Promise<void>;
  /** `fast`: the shutdown an administrator does; `immediate`: like a crash. */
  stop: (mode?: 'fast' | 'immediate') => Promise<void>;
  /** Stops it if it runs and removes its files. */
  destroy: () => Promise<void>;
};

function binDir(): string {
  const fromEnv = process.env.PG_BINDIR?.trim();
  if (fromEnv) return fromEnv;
  const config = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const dir = config.status === 0 ? config.stdout.trim() : '';
  if (dir && existsSync(path.join(dir, 'initdb'))) return dir;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    if (existsSync(path.join(root, v, 'bin', 'initdb'))) return path.join(root, v, 'bin');
  }
  throw new Error('PostgreSQL server binaries (initdb, pg_ctl) not found; set PG_BINDIR');
}

/** initdb refuses to run as root: as root, the cluster belongs to the `postgres` user. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0) {
    throw new Error('running as root needs a `postgres` user to own the soak cluster');
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

async function exec(bin: string, args: string[], user: { uid: number; gid: number } | undefined) {
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], ...user });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) {
    throw new Error(`${path.basename(bin)} ${args.join(' ')} failed (${code}):\n${output}`);
  }
}

export async function startCluster(): Promise<Cluster> {
  const bin = binDir();
  const user = runAs();
  const dir = mkdtempSync(path.join(tmpdir(), 'spoke-soak-pg-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, 'data');
  const port = await freePort();
  await exec(
    path.join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'],
    user,
  );
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=50`;
  let running = false;
  const cluster: Cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: async () => {
      const log = path.join(dir, 'postgres.log');
      await exec(
        path.join(bin, 'pg_ctl'),
        ['-D', data, '-o', options, '-l', log, '-w', '-t', '60', 'start'],
        user,
      );
      running = true;
    },
    stop: async (mode = 'fast') => {
      await exec(path.join(bin, 'pg_ctl'), ['-D', data, '-m', mode, '-w', 'stop'], user);
      running = false;
    },
    destroy: async () => {
      if (running) await cluster.stop('immediate').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}

import os from 'node:os';
import path from 'node:path';
import { fs, loadChildProcess } from '../builtins.ts';
import { writeFileAtomic } from '../config/atomic-write.ts';
import { stateDir } from '../config/paths.ts';
import { onPath } from './runtimes.ts';

export type SandboxSupport = { ok: true; bwrap: string } | { ok: false; why: string };

const PLATFORM: Record<string, string> = { darwin: 'macOS', win32: 'Windows' };

/** The kernel settings that decide whether an unprivileged user may create user namespaces. */
const USERNS_SETTINGS = [
  '/proc/sys/kernel/unprivileged_userns_clone',
  '/proc/sys/user/max_user_namespaces',
  '/proc/sys/kernel/apparmor_restrict_unprivileged_userns',
];

/** Remembered probe results, one for each bwrap path. */
export const sandboxProbeFile = (env: NodeJS.ProcessEnv) =>
  path.join(stateDir(env), 'sandbox-probe.json');

type Remembered = { fingerprint: string; result: { ok: true } | { ok: false; why: string } };
type ProbeFile = { version: 1; probes: Record<string, Remembered> };

const known = new Map<string, Promise<SandboxSupport>>();

/**
 * Whether bubblewrap can isolate a server on this machine: Linux, the program (SPOKE_BWRAP, else
 * bwrap on PATH), and user namespaces, which a bare sandbox that runs `true` proves. Asked once
 * per process. With `remembered`, a result an earlier run wrote to the state directory is taken
 * instead of asking again, as long as bwrap (its path, size, mode and modification time), the
 * kernel and its user-namespace settings are unchanged.
 */
export function sandboxSupport(
  env: NodeJS.ProcessEnv,
  options: { remembered?: boolean } = {},
): Promise<SandboxSupport> {
  if (process.platform !== 'linux') {
    const name = PLATFORM[process.platform] ?? process.platform;
    return Promise.resolve({ ok: false, why: `spoke has no sandbox on ${name}` });
  }
  const bwrap = env.SPOKE_BWRAP?.trim() || onPath('bwrap', env) || '/usr/bin/bwrap';
  const fingerprint = fingerprintOf(bwrap);
  if (!fingerprint) {
    return Promise.resolve({ ok: false, why: `bubblewrap is not installed (no ${bwrap})` });
  }
  const key = `${bwrap}\0${fingerprint}`;
  const cached = known.get(key);
  if (cached) return cached;
  if (options.remembered) {
    const result = recall(env, bwrap, fingerprint);
    if (result) return Promise.resolve(result.ok ? { ok: true, bwrap } : result);
  }
  const answer = probe(bwrap).then(({ support, lasting }) => {
    if (lasting) remember(env, bwrap, fingerprint, support);
    return support;
  });
  known.set(key, answer);
  return answer;
}

/** What the probe's answer depends on besides bwrap's path; null when there is no bwrap. */
function fingerprintOf(bwrap: string): string | null {
  let stat: ReturnType<typeof fs.statSync>;
  try {
    stat = fs.statSync(bwrap);
  } catch {
    return null;
  }
  const settings = USERNS_SETTINGS.map((file) => {
    try {
      return fs.readFileSync(file, 'utf8').trim();
    } catch {
      return null;
    }
  });
  return JSON.stringify([
    stat.size,
    stat.mtimeMs,
    stat.mode,
    stat.uid,
    process.getuid?.() ?? null,
    os.release(),
    settings,
  ]);
}

function readProbeFile(env: NodeJS.ProcessEnv): ProbeFile | null {
  try {
    const file = JSON.parse(fs.readFileSync(sandboxProbeFile(env), 'utf8')) as ProbeFile;
    if (file?.version === 1 && typeof file.probes === 'object' && file.probes) return file;
  } catch {
    // Missing or unreadable: probed again.
  }
  return null;
}

function recall(
  env: NodeJS.ProcessEnv,
  bwrap: string,
  fingerprint: string,
): Remembered['result'] | null {
  const entry = readProbeFile(env)?.probes[bwrap];
  if (!entry || entry.fingerprint !== fingerprint || typeof entry.result !== 'object') return null;
  const { result } = entry;
  if (result?.ok === true) return { ok: true };
  if (result?.ok === false && typeof result.why === 'string') return result;
  return null;
}

function remember(
  env: NodeJS.ProcessEnv,
  bwrap: string,
  fingerprint: string,
  support: SandboxSupport,
): void {
  const file = readProbeFile(env) ?? { version: 1, probes: {} };
  const result = support.ok ? { ok: true as const } : support;
  file.probes[bwrap] = { fingerprint, result };
  try {
    writeFileAtomic(sandboxProbeFile(env), `${JSON.stringify(file, null, 2)}\n`);
  } catch {
    // Not remembered: the next run probes again.
  }
}

/** Runs the bare sandbox; `lasting` is false when the answer may differ on the next try. */
function probe(bwrap: string): Promise<{ support: SandboxSupport; lasting: boolean }> {
  const truePath = fs.existsSync('/usr/bin/true') ? '/usr/bin/true' : '/bin/true';
  const args = ['--unshare-all', '--share-net', '--die-with-parent', '--ro-bind', '/', '/'];
  return new Promise((resolve) => {
    loadChildProcess().execFile(
      bwrap,
      [...args, truePath],
      { timeout: 10_000 },
      (error, _stdout, stderr) => {
        if (!error) return resolve({ support: { ok: true, bwrap }, lasting: true });
        const detail = (stderr.trim() || error.message).split('\n')[0]!.replace(/^bwrap: /, '');
        resolve({
          support: {
            ok: false,
            why: `bubblewrap cannot create a sandbox here (${detail}); user namespaces may be disabled`,
          },
          lasting: !error.killed,
        });
      },
    );
  });
}

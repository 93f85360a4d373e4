import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

export type Invocation = { command: string; args: string[]; cwd: string; env: NodeJS.ProcessEnv };

/** Runs a process to the end; rejects on a non-zero exit, since a failed run measures nothing. */
function runOnce(inv: Invocation): Promise<{ ms: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(inv.command, inv.args, {
      cwd: inv.cwd,
      env: inv.env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (code === 0) resolve({ ms, stderr });
      else
        reject(
          new Error(
            `${[inv.command, ...inv.args].join(' ')} exited with ${code}: ${stderr.trim()}`,
          ),
        );
    });
  });
}

export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** A command to time; `prepare` runs before each run (outside the timing). */
export type Timed = { invocation: Invocation; prepare?: () => void };

/**
 * Wall times of `runs` runs of each command after `warmup` discarded ones (which also fill
 * Node's compile cache). The commands take turns, run after run, so that a change in the
 * machine's load affects them all alike rather than whichever happened to run then.
 */
export async function wallTimes(
  cases: readonly Timed[],
  runs: number,
  warmup: number,
): Promise<number[][]> {
  const times = cases.map((): number[] => []);
  for (let i = 0; i < warmup + runs; i++) {
    for (const [n, c] of cases.entries()) {
      c.prepare?.();
      const { ms } = await runOnce(c.invocation);
      if (i >= warmup) times[n]!.push(ms);
    }
  }
  return times;
}

const GNU_TIME = '/usr/bin/time';

// Without GNU time, the process reports its own peak from inside, just before it exits.
const RSS_HOOK =
  'data:text/javascript,process.on("exit",()=>process.stderr.write(`\\nmaxrss-kb ${process.resourceUsage().maxRSS}\\n`))';

/** Peak resident set size in MB of one run: GNU time when present, else a preloaded hook. */
export async function peakRssMb(inv: Invocation): Promise<number> {
  if (existsSync(GNU_TIME)) {
    const { stderr } = await runOnce({
      ...inv,
      command: GNU_TIME,
      args: ['-f', 'maxrss-kb %M', inv.command, ...inv.args],
    });
    return kb(stderr) / 1024;
  }
  const { stderr } = await runOnce({ ...inv, args: ['--import', RSS_HOOK, ...inv.args] });
  return kb(stderr) / 1024;
}

function kb(stderr: string): number {
  const match = /maxrss-kb (\d+)/.exec(stderr);
  if (!match) throw new Error(`no peak memory figure in: ${stderr.trim()}`);
  return Number(match[1]);
}

export const usesGnuTime = () => existsSync(GNU_TIME);

import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

// `npm start`: build the web app when its build is missing or older than its sources, then serve.
const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/shared/src',
];

function newestMtime(target: string): number {
  let stat;
  try {
    stat = statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function builtAt(): number {
  try {
    return statSync(builtIndex).mtimeMs;
  } catch {
    return 0;
  }
}

const sourceTime = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
if (builtAt() === 0 || sourceTime > builtAt()) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@spoke/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('The web build failed; see above.');
    process.exit(result.status ?? 1);
  }
}

// npm exits on SIGTERM without passing it on (a process manager or `kill` aimed at `npm start`),
// which would leave the server running with no parent: when the parent goes, stop as if told to.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
}, 1000).unref();

await import('../apps/server/src/server.ts');

import { spawn } from 'node:child_process';
import path from 'node:path';

// `npm run dev`: the API server (restarting on change) and Vite's dev server side by side.
const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn(process.execPath, ['--watch', 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn('npm', ['run', 'dev', '-w', '@spoke/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());

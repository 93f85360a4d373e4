import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { median } from './measure.ts';

/** A complete MCP server over stdio in one dependency-free file: what a local install runs. */
const SERVER_JS = `const rl = require('node:readline').createInterface({ input: process.stdin });
const send = (m) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\\n');
const tools = [{ name: 'echo', description: 'Echo the text.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }];
rl.on('line', (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined) return;
  if (m.method === 'initialize') return send({ id: m.id, result: { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'bench', version: '1.0.0' } } });
  if (m.method === 'tools/list') return send({ id: m.id, result: { tools } });
  send({ id: m.id, error: { code: -32601, message: 'method not found' } });
});
`;

export const INSTALL_TARGET_MS = 10_000;

/**
 * Wall time of `spoke install <path> --yes` into a fresh workspace each run: resolving the
 * directory, starting the server once, hashing its tools and writing both workspace files.
 */
export function measureLocalInstall(
  node: string,
  bin: string,
  root: string,
  env: NodeJS.ProcessEnv,
  runs: number,
): { medianMs: number; met: boolean } {
  const project = path.join(root, 'bench-server');
  mkdirSync(project, { recursive: true });
  writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'bench-server', version: '1.0.0', license: 'MIT', main: 'server.js' }),
  );
  writeFileSync(path.join(project, 'server.js'), SERVER_JS);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const cwd = path.join(root, `install-${path.basename(node)}-${Date.now()}-${i}`);
    mkdirSync(cwd);
    execFileSync(node, [bin, 'init', '--quiet'], { cwd, env });
    const started = process.hrtime.bigint();
    execFileSync(node, [bin, 'install', project, '--yes', '--quiet'], {
      cwd,
      env,
      stdio: 'ignore',
    });
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  const medianMs = median(times);
  return { medianMs, met: medianMs < INSTALL_TARGET_MS };
}

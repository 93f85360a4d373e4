import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A dependency-free MCP server over stdio that tries what a hostile integration would: each tool
 * takes its target as an argument and answers with what happened (`ok: …` or `error: CODE`).
 * Its first argument, when given, is the root it reports (as the filesystem server takes one).
 */
export const HOSTILE_SERVER_JS = `#!/usr/bin/env node
const fs = require('node:fs');
const net = require('node:net');
const cp = require('node:child_process');
const readline = require('node:readline');
const send = (msg) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...msg }) + '\\n');
const said = (t) => ({ content: [{ type: 'text', text: String(t) }] });
const fail = (e) => 'error: ' + (e && (e.code || e.message) || e);
const tools = {
  whoami: async () => 'uid=' + process.getuid() + ' gid=' + process.getgid() + ' cwd=' + process.cwd(),
  argv: async () => JSON.stringify(process.argv.slice(2)),
  read: async (a) => { try { return 'ok: ' + fs.readFileSync(a.path, 'utf8').slice(0, 200); } catch (e) { return fail(e); } },
  list: async (a) => { try { return 'ok: ' + fs.readdirSync(a.path).join(','); } catch (e) { return fail(e); } },
  write: async (a) => { try { fs.writeFileSync(a.path, 'sandbox was here'); return 'ok: written'; } catch (e) { return fail(e); } },
  connect: (a) => new Promise((resolve) => {
    const s = net.connect({ host: a.host, port: a.port });
    const t = setTimeout(() => { s.destroy(); resolve('error: TIMEOUT'); }, 3000);
    s.on('connect', () => { clearTimeout(t); s.destroy(); resolve('ok: connected'); });
    s.on('error', (e) => { clearTimeout(t); resolve(fail(e)); });
  }),
  fetch: async (a) => {
    try {
      const r = await fetch(a.url, { signal: AbortSignal.timeout(8000) });
      return 'status ' + r.status + ': ' + (await r.text()).slice(0, 300);
    } catch (e) { return fail(e.cause || e); }
  },
  tunnel: (a) => new Promise((resolve) => {
    const proxy = new URL(process.env.HTTPS_PROXY || 'http://127.0.0.1:9');
    const s = net.connect({ host: proxy.hostname, port: Number(proxy.port) });
    let got = '';
    s.on('connect', () => s.write('CONNECT ' + a.target + ' HTTP/1.1\\r\\nHost: ' + a.target + '\\r\\n\\r\\n'));
    s.on('data', (d) => { got += d; if (got.includes('\\r\\n\\r\\n')) { s.destroy(); resolve(got.split('\\r\\n')[0] + ' | ' + got.split('\\r\\n\\r\\n')[1].trim()); } });
    s.on('error', (e) => resolve(fail(e)));
    s.on('close', () => resolve(got || 'error: closed'));
  }),
  forkbomb: async (a) => {
    let started = 0, refused = 0;
    for (let i = 0; i < a.count; i++) {
      try {
        const c = cp.spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)'], { stdio: 'ignore' });
        c.on('error', () => {});
        if (c.pid) started++; else refused++;
      } catch { refused++; }
    }
    return 'started ' + started + ' refused ' + refused;
  },
  allocate: async (a) => {
    const kept = [];
    try { for (let i = 0; i < a.mb / 64; i++) kept.push(Buffer.alloc(64 * 1024 * 1024, 1)); return 'ok: allocated ' + kept.length * 64 + ' MiB'; }
    catch (e) { return 'error: allocation failed after ' + kept.length * 64 + ' MiB'; }
  },
  spin: async (a) => { const end = Date.now() + a.ms; while (Date.now() < end); return 'ok: spun'; },
  env: async () => JSON.stringify({ token: process.env.HOSTILE_TOKEN || null, proxy: process.env.HTTPS_PROXY || null, home: process.env.HOME }),
};
readline.createInterface({ input: process.stdin }).on('line', async (line) => {
  if (!line.trim()) return;
  const msg = JSON.parse(line);
  if (msg.id === undefined) return;
  if (msg.method === 'initialize') {
    return send({ id: msg.id, result: { protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'hostile', version: '1.0.0' } } });
  }
  if (msg.method === 'tools/list') {
    return send({ id: msg.id, result: { tools: Object.keys(tools).map((name) => ({ name, inputSchema: { type: 'object' } })) } });
  }
  if (msg.method === 'tools/call') {
    const tool = tools[msg.params.name];
    if (!tool) return send({ id: msg.id, error: { code: -32602, message: 'unknown tool' } });
    return send({ id: msg.id, result: said(await tool(msg.params.arguments || {})) });
  }
  send({ id: msg.id, error: { code: -32601, message: 'method not found' } });
});
`;

/** Writes the hostile server as an installed package (what the package cache would hold). */
export function writeHostilePackage(prefix: string, name: string): void {
  const dir = path.join(prefix, 'node_modules', name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name, version: '1.0.0', bin: { hostile: 'server.js' } }),
  );
  writeFileSync(path.join(dir, 'server.js'), HOSTILE_SERVER_JS);
}

/** An npm registry on 127.0.0.1 serving the hostile server as `name@version`. */
export async function startHostileRegistry(name: string, version: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'spoke-hostile-'));
  let tarball: Buffer;
  try {
    writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ name, version, license: 'MIT', bin: { hostile: 'server.js' } }),
    );
    writeFileSync(path.join(dir, 'server.js'), HOSTILE_SERVER_JS);
    const file = execFileSync('npm', ['pack', '--silent'], { cwd: dir, encoding: 'utf8' }).trim();
    tarball = readFileSync(path.join(dir, file.split('\n').pop()!));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const integrity = `sha512-${createHash('sha512').update(tarball).digest('base64')}`;
  let packumentRequests = 0;
  const server = createServer((req, res) => {
    const url = decodeURIComponent(req.url ?? '/');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (url.endsWith('.tgz')) {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      return res.end(tarball);
    }
    if (url === `/${name}`) {
      packumentRequests++;
      const manifest = {
        name,
        version,
        license: 'MIT',
        bin: { hostile: 'server.js' },
        dist: { tarball: `${base}/${name}/-/hostile-${version}.tgz`, integrity },
      };
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          name,
          'dist-tags': { latest: version },
          versions: { [version]: manifest },
        }),
      );
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    /** How often npm asked about the package (once per install; tarballs may come from its cache). */
    packumentRequests: () => packumentRequests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { TINY_SERVER_JS } from './tiny-server.ts';

export type NpmRegistry = {
  url: string;
  integrity: string;
  /** Resolves when a tarball is first asked for. */
  tarballAsked: Promise<void>;
  /** From now on, never answers a tarball request; resolves when the next one comes. */
  holdTarballs: () => Promise<void>;
  close: () => Promise<void>;
};

/** Packs the tiny MCP server as `<name>@<version>` with a license. */
function packTiny(name: string, version: string, license: string): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'spoke-pack-'));
  try {
    writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ name, version, license, bin: { tiny: 'server.js' } }),
    );
    writeFileSync(path.join(dir, 'server.js'), TINY_SERVER_JS);
    const file = execFileSync('npm', ['pack', '--silent'], { cwd: dir, encoding: 'utf8' }).trim();
    return readFileSync(path.join(dir, file.split('\n').pop()!));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * An npm registry on 127.0.0.1 with one package: its packument, its version document and its
 * tarball. `holdTarball` never answers the tarball request (to interrupt an install).
 */
export async function startNpmRegistry(options: {
  name: string;
  version: string;
  /** Older versions served as well. */
  older?: string[];
  license?: string;
  holdTarball?: boolean;
}): Promise<NpmRegistry> {
  const all = [...(options.older ?? []), options.version];
  const tarballs = new Map(
    all.map((v) => [v, packTiny(options.name, v, options.license ?? 'MIT')]),
  );
  const tarball = tarballs.get(options.version)!;
  const hash = (t: Buffer) => `sha512-${createHash('sha512').update(t).digest('base64')}`;
  const integrity = hash(tarball);
  const held = new Set<ServerResponse>();
  let asked: () => void = () => undefined;
  const tarballAsked = new Promise<void>((resolve) => (asked = resolve));
  let holding = options.holdTarball ?? false;
  let heldAsked: () => void = () => undefined;
  const encoded = options.name.replace('/', '%2f');
  const server = createServer((req, res) => {
    const url = decodeURIComponent(req.url ?? '/');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const manifest = (v: string) => ({
      name: options.name,
      version: v,
      license: options.license ?? 'MIT',
      bin: { tiny: 'server.js' },
      dist: {
        tarball: `${base}/${options.name}/-/tiny-${v}.tgz`,
        integrity: hash(tarballs.get(v)!),
      },
    });
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.endsWith('.tgz')) {
      asked();
      if (holding) {
        heldAsked();
        return void held.add(res);
      }
      const v = /tiny-(.+)\.tgz$/.exec(url)?.[1] ?? options.version;
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      return res.end(tarballs.get(v) ?? tarball);
    }
    if (url === `/${options.name}` || req.url === `/${encoded}`) {
      return json({
        name: options.name,
        'dist-tags': { latest: options.version },
        versions: Object.fromEntries(all.map((v) => [v, manifest(v)])),
      });
    }
    const one = all.find((v) => url === `/${options.name}/${v}`);
    if (one) return json(manifest(one));
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":"not found"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    integrity,
    tarballAsked,
    holdTarballs: () => {
      holding = true;
      return new Promise<void>((resolve) => (heldAsked = resolve));
    },
    close: async () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

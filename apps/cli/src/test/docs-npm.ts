import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { listenOnLoopback } from './listen.ts';

const PACKAGES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'packages');

/** A package the stand-in serves: its name, license, command name and source file. */
export type LocalPackage = {
  name: string;
  versions: string[];
  license: string;
  bin: string;
  /** A file under test/packages/, bundled with its dependencies into dist/index.js. */
  source: string;
};

type Packed = { name: string; version: string; license: string; bin: string; tarball: Buffer };

const integrity = (t: Buffer) => `sha512-${createHash('sha512').update(t).digest('base64')}`;

/**
 * Bundles each source once and packs it with `npm pack` at every version, as its author would
 * publish it: a package.json with its license and `bin`, and dist/index.js.
 */
const packedOnce = new Map<string, Promise<Packed[]>>();
const pack = (packages: readonly LocalPackage[]) => {
  const key = JSON.stringify(packages);
  if (!packedOnce.has(key)) packedOnce.set(key, packAll(packages));
  return packedOnce.get(key)!;
};

async function packAll(packages: readonly LocalPackage[]): Promise<Packed[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'spoke-docs-npm-'));
  try {
    const packed: Packed[] = [];
    for (const p of packages) {
      const bundle = path.join(dir, `${path.basename(p.source, '.ts')}.js`);
      await build({
        entryPoints: [path.join(PACKAGES, p.source)],
        outfile: bundle,
        bundle: true,
        platform: 'node',
        format: 'cjs',
        target: 'node20',
        banner: { js: '#!/usr/bin/env node' },
        logLevel: 'error',
      });
      for (const version of p.versions) {
        const work = path.join(dir, `${p.name.replace('/', '+')}@${version}`);
        mkdirSync(path.join(work, 'dist'), { recursive: true });
        writeFileSync(path.join(work, 'dist/index.js'), readFileSync(bundle));
        const manifest = {
          name: p.name,
          version,
          license: p.license,
          bin: { [p.bin]: 'dist/index.js' },
        };
        writeFileSync(path.join(work, 'package.json'), JSON.stringify(manifest, null, 2));
        const file = execFileSync('npm', ['pack', '--silent', '--pack-destination', dir], {
          cwd: work,
          encoding: 'utf8',
        });
        const tarball = readFileSync(path.join(dir, file.trim().split('\n').pop()!));
        packed.push({ name: p.name, version, license: p.license, bin: p.bin, tarball });
      }
    }
    return packed;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * An npm registry on 127.0.0.1 serving local packages: each package's document (packument), one
 * version's document and its tarball, the three requests `npm install` and spoke's license check
 * make. The latest version is the last one listed.
 */
export async function startDocsNpm(
  packages: readonly LocalPackage[],
): Promise<{ url: string; close: () => Promise<void> }> {
  const packed = await pack(packages);
  const server = createServer((req, res) => {
    const url = decodeURIComponent(req.url ?? '/');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const manifest = (p: Packed) => ({
      name: p.name,
      version: p.version,
      license: p.license,
      bin: { [p.bin]: 'dist/index.js' },
      dist: {
        tarball: `${base}/${p.name}/-/${p.name.split('/').pop()}-${p.version}.tgz`,
        integrity: integrity(p.tarball),
      },
    });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const tarball = packed.find((p) => url === new URL(manifest(p).dist.tarball).pathname);
    if (tarball) {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      return res.end(tarball.tarball);
    }
    const all = packed.filter((p) => url === `/${p.name}`);
    if (all.length) {
      return json(200, {
        name: all[0]!.name,
        'dist-tags': { latest: all.at(-1)!.version },
        versions: Object.fromEntries(all.map((p) => [p.version, manifest(p)])),
      });
    }
    const one = packed.find((p) => url === `/${p.name}/${p.version}`);
    if (one) return json(200, manifest(one));
    json(404, { error: 'not found' });
  });
  return listenOnLoopback(server);
}

import { fs } from '../builtins.ts';
import path from 'node:path';
import { failure } from '../errors.ts';
import type { ServerJson } from '../registry/types.ts';
import { own } from '../util/own.ts';
import type { Candidate } from './candidate.ts';

type PackageJson = {
  name?: string;
  version?: string;
  license?: string;
  main?: string;
  bin?: string | Record<string, string>;
};

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw failure('INSTALL_FAILED', `cannot read ${file}: ${(err as Error).message}`);
  }
}

/** The file a package runs: its `bin` (the one named like the package), else its `main`. */
export function entryFileOf(pkg: Pick<PackageJson, 'name' | 'bin' | 'main'>): string | null {
  if (typeof pkg.bin === 'string') return pkg.bin;
  if (pkg.bin && typeof pkg.bin === 'object') {
    const unscoped = (pkg.name ?? '').replace(/^@[^/]+\//, '');
    return own(pkg.bin, unscoped) ?? Object.values(pkg.bin)[0] ?? null;
  }
  return pkg.main ?? null;
}

/** A server project in a local directory, used in place. */
export function resolveFromPath(target: string, cwd: string, workspaceDir: string): Candidate {
  const dir = path.resolve(cwd, target);
  const pkg = readJson<PackageJson>(path.join(dir, 'package.json'));
  if (!pkg) {
    throw failure(
      'NOT_FOUND',
      `${dir} has no package.json`,
      'a path must be a directory with a package.json (and usually a server.json)',
    );
  }
  const entry = entryFileOf(pkg);
  if (!entry) {
    throw failure('INSTALL_FAILED', `${dir}/package.json has neither bin nor main`);
  }
  const entryFile = path.resolve(dir, entry);
  if (!fs.existsSync(entryFile)) {
    throw failure(
      'INSTALL_FAILED',
      `${entryFile} does not exist`,
      `build the project first: cd ${path.relative(cwd, dir) || '.'} && npm run build`,
    );
  }
  const relative = path.relative(workspaceDir, dir).split(path.sep).join('/') || '.';
  const source = relative === '.' || relative.startsWith('../') ? relative : `./${relative}`;
  const server = readJson<ServerJson>(path.join(dir, 'server.json'));
  return {
    source,
    displayName: source,
    version: pkg.version ?? null,
    pinned: false,
    registry: 'local',
    registryUrl: null,
    trustLevel: 'unverified',
    license: typeof pkg.license === 'string' ? pkg.license : null,
    localName: path.basename(dir).toLowerCase().replace(/_/g, '-'),
    kind: { type: 'path', dir, relative: source, entryFile },
    server,
  };
}

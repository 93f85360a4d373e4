import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** An integration's package, installed once under the cache and run from there. */
export type InstalledPackage = {
  /** The install prefix: `<dir>/node_modules/<name>` holds the package. */
  dir: string;
  /** The package's entry (its `bin`), relative to `dir`. */
  bin: string;
};

export type PackageCacheOptions = {
  /** Where packages go: `<dir>/<name>@<version>` (a scope's slash becomes `+`). */
  dir: string;
  /** The npm registry to install from (default: npm's own configuration). */
  registry?: string;
  /** One install may take this long (default 90 s, the budget the runtime gives a download). */
  timeoutMs?: number;
};

const NAME = /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+-]*$/;

/** The npm command: the one running this process when started by npm, else `npm` on PATH. */
function npmInvocation(): { command: string; prefixArgs: string[] } {
  const cli = process.env.npm_execpath;
  if (cli && /npm-cli\.js$/.test(cli)) return { command: process.execPath, prefixArgs: [cli] };
  return { command: 'npm', prefixArgs: [] };
}

function binOf(manifest: { name?: string; bin?: string | Record<string, string> }): string | null {
  const { bin } = manifest;
  if (typeof bin === 'string') return bin;
  if (!bin) return null;
  const entries = Object.entries(bin);
  const short = (manifest.name ?? '').split('/').pop();
  return (entries.find(([name]) => name === short) ?? entries[0])?.[1] ?? null;
}

/**
 * Installs integration packages outside any sandbox (with `--ignore-scripts`: nothing of the
 * package runs here), one directory per name and version, so that sandboxes can bind them
 * read-only. Each install goes to a fresh temporary directory that is renamed into place when
 * complete: two installs of one package at once never see or leave a half-written copy.
 */
export function createPackageCache(options: PackageCacheOptions) {
  const timeoutMs = options.timeoutMs ?? 90_000;
  const pending = new Map<string, Promise<InstalledPackage>>();

  async function entry(dir: string, name: string): Promise<InstalledPackage> {
    const pkgDir = path.join(dir, 'node_modules', name);
    const manifest = JSON.parse(await readFile(path.join(pkgDir, 'package.json'), 'utf8')) as {
      name?: string;
      bin?: string | Record<string, string>;
    };
    const bin = binOf(manifest);
    if (!bin) throw new Error(`the npm package ${name} has no program to run (no "bin")`);
    const relative = path.posix.normalize(path.posix.join('node_modules', name, bin));
    if (!relative.startsWith(`node_modules/${name}/`)) {
      throw new Error(`the npm package ${name} names a program outside itself`);
    }
    return { dir, bin: relative };
  }

  function npmInstall(prefix: string, spec: string): Promise<void> {
    const { command, prefixArgs } = npmInvocation();
    const args = [
      ...prefixArgs,
      'install',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      '--no-save',
      '--omit=dev',
      '--loglevel=error',
      '--prefix',
      prefix,
      ...(options.registry ? ['--registry', options.registry] : []),
      spec,
    ];
    return new Promise((resolve, reject) => {
      execFile(
        command,
        args,
        { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 1024 * 1024 },
        (error, _stdout, stderr) => {
          if (!error) return resolve();
          const why = error.killed
            ? `it did not finish within ${Math.round(timeoutMs / 1000)} s`
            : (stderr.trim().split('\n').slice(-3).join(' ') || error.message).slice(0, 600);
          reject(new Error(`could not install the npm package ${spec}: ${why}`));
        },
      );
    });
  }

  async function install(name: string, version: string, target: string) {
    await mkdir(options.dir, { recursive: true, mode: 0o755 });
    const temp = path.join(options.dir, `.tmp-${randomBytes(8).toString('hex')}`);
    try {
      await mkdir(temp, { mode: 0o755 });
      await npmInstall(temp, `${name}@${version}`);
      await entry(temp, name);
      try {
        await rename(temp, target);
      } catch (error) {
        // Another process finished the same install first: its copy is as good as ours.
        const code = (error as { code?: string }).code;
        if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
      }
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
    return entry(target, name);
  }

  return {
    dir: options.dir,

    /** The installed package, installing it first when this name and version are not cached. */
    ensure(name: string, version: string): Promise<InstalledPackage> {
      if (!NAME.test(name)) return Promise.reject(new Error(`invalid npm package name: ${name}`));
      if (!VERSION.test(version)) {
        return Promise.reject(new Error(`invalid version for the npm package ${name}: ${version}`));
      }
      const target = path.join(options.dir, `${name.replace('/', '+')}@${version}`);
      const running = pending.get(target);
      if (running) return running;
      const work = (async () => {
        const ready = await stat(target).then(
          (s) => s.isDirectory(),
          () => false,
        );
        return ready ? entry(target, name) : install(name, version, target);
      })().finally(() => pending.delete(target));
      pending.set(target, work);
      return work;
    },
  };
}

export type PackageCache = ReturnType<typeof createPackageCache>;

import { fs, loadChildProcess } from '../builtins.ts';
import path from 'node:path';
import { failure } from '../errors.ts';
import { npmRegistryUrl } from '../registry/npm-license.ts';
import { entryFileOf } from './resolve-path.ts';

export type NpmInstalled = {
  /** Path of the file to run, relative to the workspace, with `/`. */
  entry: string;
  resolved: string;
  integrity: string;
};

/**
 * `npm install --prefix <dir> <identifier>@<version>`: the package and its dependencies, each
 * download verified by npm. Resolves to what the package runs and its tarball's integrity.
 */
export async function npmInstall(options: {
  dir: string;
  workspaceDir: string;
  identifier: string;
  version: string;
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
}): Promise<NpmInstalled> {
  const { dir, identifier, version } = options;
  fs.mkdirSync(dir, { recursive: true });
  const args = [
    'install',
    '--prefix',
    dir,
    `${identifier}@${version}`,
    '--registry',
    npmRegistryUrl(options.env),
    '--no-audit',
    '--no-fund',
    '--loglevel',
    'error',
  ];
  const output = await new Promise<string>((resolve, reject) => {
    const child = loadChildProcess().spawn(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, {
      cwd: dir,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    });
    let text = '';
    const keep = (chunk: Buffer) => void (text = (text + chunk.toString()).slice(-8000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    // npm may be slow to stop in the middle of a download; it gets two seconds.
    const abort = () => {
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 2000).unref();
    };
    options.signal.addEventListener('abort', abort, { once: true });
    child.on('error', (err) =>
      reject(
        failure('INSTALL_FAILED', `cannot run npm: ${err.message}`, 'install Node.js with npm'),
      ),
    );
    child.on('close', (code) => {
      options.signal.removeEventListener('abort', abort);
      if (options.signal.aborted) reject(failure('INSTALL_FAILED', 'interrupted'));
      else if (code === 0) resolve(text);
      else {
        const last = text
          .trim()
          .split('\n')
          .filter((l) => /err/i.test(l))
          .slice(-3)
          .join('; ');
        reject(
          failure(
            'INSTALL_FAILED',
            `npm could not install ${identifier}@${version}: ${last || `exit code ${code}`}`,
          ),
        );
      }
    });
  });
  void output;
  const pkgDir = path.join(dir, 'node_modules', ...identifier.split('/'));
  const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as Parameters<
    typeof entryFileOf
  >[0];
  const entry = entryFileOf(pkg);
  if (!entry) throw failure('INSTALL_FAILED', `${identifier} has neither bin nor main to run`);
  const lock = JSON.parse(fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8')) as {
    packages?: Record<string, { resolved?: string; integrity?: string }>;
  };
  const record = lock.packages?.[`node_modules/${identifier}`] ?? {};
  if (!record.integrity) {
    throw failure('INSTALL_FAILED', `npm recorded no integrity for ${identifier}@${version}`);
  }
  return {
    entry: path.relative(options.workspaceDir, path.join(pkgDir, entry)).split(path.sep).join('/'),
    resolved: record.resolved ?? '',
    integrity: record.integrity,
  };
}

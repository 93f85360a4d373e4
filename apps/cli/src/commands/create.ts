import { fs, loadChildProcess } from '../builtins.ts';
import path from 'node:path';
import { loadGlobalConfig } from '../config/global-config.ts';
import type { CommandContext } from '../context.ts';
import { CliError, failure } from '../errors.ts';
import { projectFiles } from '../create/scaffold.ts';
import { canonicalLicense } from '../policy/spdx.ts';
import type { TemplateName } from '../create/types.ts';

export type CreateOptions = CommandContext & {
  name: string;
  template: TemplateName;
  license: string;
  now?: Date;
};

function gitUserName(cwd: string): string {
  try {
    return loadChildProcess()
      .execFileSync('git', ['config', 'user.name'], {
        cwd,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 2000,
      })
      .trim();
  } catch {
    return '';
  }
}

function isEmptyDir(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw failure('IO_FAILED', `cannot read ${dir}: ${(err as Error).message}`);
  }
}

export async function create(options: CreateOptions): Promise<void> {
  const { cwd, env, out, name, template } = options;
  const { config } = loadGlobalConfig(env);
  const license =
    options.license === 'UNLICENSED'
      ? 'UNLICENSED'
      : (canonicalLicense(options.license) ?? options.license);
  const dir = path.resolve(cwd, name);
  if (!isEmptyDir(dir)) {
    throw new CliError(`${dir} already exists and is not empty`, {
      code: 'CONFLICT',
      hint: 'choose another name, or remove the directory',
    });
  }
  const author = config.templates.author || gitUserName(cwd) || `The ${name} authors`;
  const files = projectFiles(
    {
      name,
      template,
      registryName: `${config.templates.namespace}/${name}`,
      license,
      now: options.now ?? new Date(),
    },
    author,
  );
  const existed = fs.existsSync(dir);
  try {
    for (const [relative, text] of files) {
      const file = path.join(dir, relative);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text, { flag: 'wx' });
    }
  } catch (err) {
    if (!existed) fs.rmSync(dir, { recursive: true, force: true });
    throw failure('IO_FAILED', `cannot write the project in ${dir}: ${(err as Error).message}`);
  }
  if (out.json) return out.data({ ok: true });
  out.result(`Created ${name}/ (template ${template}, license ${license})`);
  for (const [relative] of files) out.result(`  ${relative}`);
  out.info('');
  out.info('Next:');
  for (const step of [`cd ${name}`, 'npm install', 'npm test', 'spoke dev']) out.info(`  ${step}`);
}

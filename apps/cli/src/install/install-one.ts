import path from 'node:path';
import type { LockFile, Workspace, WorkspaceRef } from '../config/workspace.ts';
import type { LockEntry, ServerEntry } from '../config/workspace-schema.ts';
import { CliError, failure, usageError } from '../errors.ts';
import { connect } from '../mcp/connect.ts';
import { withSandbox } from '../mcp/sandbox.ts';
import { commandLine, launchFor } from '../mcp/launch.ts';
import type { Output } from '../output/output.ts';
import { LOCAL_NAME } from '../parse/values.ts';
import { policyHint, policyRefusals } from '../policy/policy.ts';
import { reportInstall } from '../registry/official-api.ts';
import type { Policy, SandboxLevel } from '../policy/types.ts';
import { openSecretStore } from '../secrets/store.ts';
import { canPrompt, confirm } from '../util/prompt.ts';
import { monotonicMs } from '../util/time.ts';
import type { Candidate } from './candidate.ts';
import { commitInstall, lockEntryFor } from './commit.ts';
import { requireRuntime, runtimeEntry } from './kind-packages.ts';
import { entryFileOf } from './resolve-path.ts';
import { checkInterrupt, installStep, type Interrupt } from './step.ts';
import { progress, showSummary } from './summary.ts';
import { collectValues, type Given } from './values.ts';

export type InstallContext = {
  env: NodeJS.ProcessEnv;
  out: Output;
  ref: WorkspaceRef;
  workspace: Workspace;
  lock: LockFile;
  policy: Policy;
  /** The managed policy's sandbox-below (see mcp/server-target.ts). */
  sandboxRequiredBelow: SandboxLevel;
  startMs: number;
  yes: boolean;
  interrupt: Interrupt;
  /** Values given with `--set NAME=VALUE`, used instead of asking. */
  given?: Given;
};

/** How long an install waits to tell the registry about it. */
const REPORT_MS = 2000;

/** The spoke.json entry before the package is installed; npm entries point where it will be. */
function plannedEntry(
  c: Candidate,
  name: string,
  { runtimeArgs, args }: { runtimeArgs: string[]; args: string[] },
): ServerEntry {
  const base = { source: c.source, registry: c.registry };
  if (c.kind.type === 'remote') {
    return {
      ...base,
      version: c.pinned ? (c.version ?? 'latest') : 'latest',
      transport: c.kind.remote.type === 'sse' ? 'sse' : 'streamable-http',
      url: c.kind.remote.url,
    };
  }
  if (c.kind.type === 'pypi' || c.kind.type === 'oci') {
    // Pinned always: the runtime fetches the package when it starts, so the entry names it exactly.
    const run = runtimeEntry(c.kind, c.version, { runtimeArgs, args });
    return { ...base, version: c.version ?? 'latest', transport: 'stdio', ...run };
  }
  if (c.kind.type === 'path') {
    const file = path.posix.join(
      c.kind.relative,
      path.relative(c.kind.dir, c.kind.entryFile).split(path.sep).join('/'),
    );
    return {
      ...base,
      transport: 'stdio',
      command: 'node',
      args: [...runtimeArgs, file, ...args],
    };
  }
  const id = c.kind.pkg.identifier;
  const bin = (c.kind.meta && entryFileOf(c.kind.meta)) ?? 'index.js';
  const file = path.posix.join('.spoke/servers', name, 'node_modules', id, bin);
  return {
    ...base,
    version: c.pinned ? (c.version ?? 'latest') : 'latest',
    transport: 'stdio',
    command: 'node',
    args: [...runtimeArgs, file, ...args],
  };
}

/** Installs one resolved server: policy, values, approval, package, tool hash, records. */
export async function installOne(
  ctx: InstallContext,
  c: Candidate,
  wanted?: string,
): Promise<void> {
  const { out, ref, workspace, lock } = ctx;
  const name = wanted ?? c.localName;
  if (!LOCAL_NAME.test(name)) {
    throw usageError(
      `"${name}" is not a valid local name (lower-case letters, digits, - and .)`,
      'choose one with --name <local-name>',
    );
  }
  const existing = workspace.servers[name];
  if (existing) {
    const v = lock.servers[name]?.version;
    throw new CliError(`${name} is already installed (${existing.source}${v ? `@${v}` : ''})`, {
      code: 'CONFLICT',
      hint: 'install it under another name with --name <local-name>, or update it with spoke update',
    });
  }
  const reasons = policyRefusals(ctx.policy, c);
  if (reasons.length) {
    throw new CliError(
      `policy refuses ${c.displayName}${c.version ? `@${c.version}` : ''}: ${reasons.join('; ')}`,
      {
        code: 'POLICY_DENIED',
        hint: policyHint(ctx.policy, c),
      },
    );
  }
  requireRuntime(c, ctx.env);
  const values = await collectValues(c, { ...ctx, workspaceDir: ref.dir });
  let entry: ServerEntry = {
    ...plannedEntry(c, name, values),
    env: values.env,
    secrets: Object.keys(values.secretEnv),
    ...(values.paths.length ? { paths: values.paths } : {}),
  };
  if (entry.transport !== 'stdio') {
    entry = { ...entry, headers: values.headers, secretHeaders: Object.keys(values.secretHeaders) };
  }
  showSummary(out, c, name, commandLine(ref.dir, entry), values, 'allowed');
  if (!ctx.yes) {
    if (!canPrompt()) {
      throw failure(
        'APPROVAL_REQUIRED',
        `installing ${name} needs your approval, and there is no terminal to ask`,
        'add --yes to approve without asking',
      );
    }
    if (!(await confirm('Install and allow this command to run?'))) {
      throw failure('DECLINED', `declined; ${name} was not installed`);
    }
  }
  checkInterrupt(ctx.interrupt);

  const step = installStep(ref.dir, name, ctx.interrupt);
  let pkg: LockEntry['package'];
  try {
    if (c.kind.type === 'npm') {
      const id = c.kind.pkg.identifier;
      const version = c.kind.pkg.version ?? c.version ?? 'latest';
      const done = progress(out, `Installing ${id}@${version}`);
      const started = monotonicMs();
      const installed = await step.install(id, version, ctx.env).catch((err: unknown) => {
        done('failed');
        throw err;
      });
      done(`done in ${((monotonicMs() - started) / 1000).toFixed(1)} s`);
      entry = { ...entry, args: [...values.runtimeArgs, installed.entry, ...values.args] };
      pkg = {
        registryType: 'npm',
        identifier: id,
        version,
        resolved: installed.resolved,
        integrity: installed.integrity,
      };
    } else if (c.kind.type === 'pypi' || c.kind.type === 'oci') {
      pkg = {
        registryType: c.kind.type,
        identifier: c.kind.pkg.identifier,
        version: c.kind.pkg.version ?? c.version ?? 'latest',
      };
    } else if (c.kind.type === 'remote') {
      pkg = { registryType: 'remote', url: c.kind.remote.url };
    } else {
      pkg = { registryType: 'path', path: c.kind.relative };
    }
    checkInterrupt(ctx.interrupt);

    const done = progress(out, `Starting ${name} to read its tools`);
    // The server's first start runs under the same sandbox rule as every later one: what the
    // rule reads of the lock entry it will have is its trust level and its package.
    const { launch } = await withSandbox(
      ctx,
      { policy: ctx.policy, sandboxRequiredBelow: ctx.sandboxRequiredBelow, ref },
      {
        name,
        entry,
        locked: { trustLevel: c.trustLevel, package: pkg } as LockEntry,
        isProject: false,
      },
      launchFor(ref.dir, name, entry, null, ctx.env, {
        env: values.secretEnv,
        headers: values.secretHeaders,
      }),
    );
    // --yes never waits on a browser: a server that needs sign-in is refused with the command to run.
    const signIn = ctx.yes ? ('refuse' as const) : undefined;
    const conn = await connect(name, launch, { timeoutMs: ctx.startMs, signIn }).catch(
      (err: unknown) => {
        done('failed');
        throw err;
      },
    );
    const { signal } = ctx.interrupt;
    const abort = () => void conn.close();
    signal.addEventListener('abort', abort, { once: true });
    let tools;
    try {
      tools = await conn.listTools();
    } finally {
      signal.removeEventListener('abort', abort);
      await conn.close().catch(() => undefined);
    }
    checkInterrupt(ctx.interrupt);
    done(`${tools.length} tool${tools.length === 1 ? '' : 's'}`);

    const locked = lockEntryFor(c, pkg, tools, values.declared);
    const hasSecrets =
      Object.keys(values.secretEnv).length + Object.keys(values.secretHeaders).length;
    const store = hasSecrets ? openSecretStore(ctx.env) : null;
    commitInstall(
      ref,
      { ...workspace, servers: { ...workspace.servers, [name]: entry } },
      { ...lock, servers: { ...lock.servers, [name]: locked } },
      hasSecrets ? { server: name, env: values.secretEnv, headers: values.secretHeaders } : null,
      store,
    );
    if (store && !out.json) out.info(`  secrets stored in ${store.description}`);
  } catch (err) {
    throw step.rollback(err);
  }
  step.done();
  if (c.registryUrl && c.version) {
    await reportInstall(c.registryUrl, c.displayName, c.version, REPORT_MS);
  }
  if (out.json) out.data({ ok: true });
  else out.result(`Added ${name} to spoke.json and spoke.lock.json`);
}

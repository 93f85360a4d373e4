import type { Workspace, WorkspaceRef } from '../config/workspace.ts';
import type { LockEntry } from '../config/workspace-schema.ts';
import { failure } from '../errors.ts';
import { connect } from '../mcp/connect.ts';
import { launchFor } from '../mcp/launch.ts';
import { withSandbox } from '../mcp/sandbox.ts';
import type { Output } from '../output/output.ts';
import type { Policy, SandboxLevel } from '../policy/types.ts';
import { selectRegistries } from '../registry/selection.ts';
import type { SecretStore } from '../secrets/store.ts';
import type { Candidate } from './candidate.ts';
import { lockEntryFor } from './commit.ts';
import { resolveFromPath } from './resolve-path.ts';
import { resolveFromRegistries } from './resolve-registry.ts';
import { checkInterrupt, installStep, type Interrupt } from './step.ts';

/** A server of spoke.json that the lockfile does not record yet, resolved from its source. */
export type Unlocked = { name: string; candidate: Candidate };

const isPath = (source: string) => /^(\.{1,2}(\/|$)|\/)/.test(source);

/**
 * Resolves each server added to spoke.json by hand: a path in place, a registry name in its
 * `registry` (when that registry is configured, else by priority) at its pinned version.
 */
export async function resolveUnlocked(
  names: readonly string[],
  ctx: { env: NodeJS.ProcessEnv; out: Output; ref: WorkspaceRef; workspace: Workspace },
): Promise<Unlocked[]> {
  const found: Unlocked[] = [];
  for (const name of names) {
    const entry = ctx.workspace.servers[name]!;
    if (isPath(entry.source)) {
      found.push({ name, candidate: resolveFromPath(entry.source, ctx.ref.dir, ctx.ref.dir) });
      continue;
    }
    const all = selectRegistries(ctx.env);
    const only = all.all.some((r) => r.name === entry.registry) ? entry.registry : undefined;
    const pinned = entry.version && entry.version !== 'latest' ? `@${entry.version}` : '';
    const candidate = await resolveFromRegistries(
      `${entry.source}${pinned}`,
      only ? selectRegistries(ctx.env, only) : all,
      ctx,
    );
    found.push({ name, candidate });
  }
  return found;
}

/**
 * Installs what a hand-added server needs (its npm package into .spoke/servers/<name>), starts
 * it as spoke.json describes it, and returns its lockfile entry. The caller writes the lockfile.
 */
export async function lockUnlocked(
  { name, candidate: c }: Unlocked,
  ctx: {
    env: NodeJS.ProcessEnv;
    ref: WorkspaceRef;
    workspace: Workspace;
    store: SecretStore | null;
    /** Secrets asked for on this machine and not stored yet: environment variables and headers. */
    secrets: { env?: Record<string, string>; headers?: Record<string, string> };
    startMs: number;
    /** --yes: a server that needs sign-in is refused, not signed in through a browser. */
    yes: boolean;
    out: Output;
    policy: Policy;
    sandboxRequiredBelow: SandboxLevel;
    interrupt: Interrupt;
  },
): Promise<{ entry: LockEntry; rollback: () => void; done: () => void }> {
  const entry = ctx.workspace.servers[name]!;
  const step = installStep(ctx.ref.dir, name, ctx.interrupt);
  let pkg: LockEntry['package'];
  const kind = c.kind as { type: string };
  if (c.kind.type === 'npm') {
    const version = c.kind.pkg.version ?? c.version ?? 'latest';
    try {
      const npm = await step.install(c.kind.pkg.identifier, version, ctx.env);
      pkg = {
        registryType: 'npm',
        identifier: c.kind.pkg.identifier,
        version,
        resolved: npm.resolved,
        integrity: npm.integrity,
      };
    } catch (err) {
      throw step.rollback(err);
    }
  } else if (c.kind.type === 'remote') {
    pkg = { registryType: 'remote', url: c.kind.remote.url };
  } else if (c.kind.type === 'path') {
    pkg = { registryType: 'path', path: c.kind.relative };
  } else {
    throw failure(
      'INSTALL_FAILED',
      `${name}: a ${kind.type} server added to spoke.json by hand cannot be locked; install it with spoke install ${entry.source}`,
    );
  }
  try {
    // Started under the same sandbox rule as every later start of the server.
    const { launch } = await withSandbox(
      ctx,
      { policy: ctx.policy, sandboxRequiredBelow: ctx.sandboxRequiredBelow, ref: ctx.ref },
      {
        name,
        entry,
        locked: { trustLevel: c.trustLevel, package: pkg } as LockEntry,
        isProject: false,
      },
      launchFor(ctx.ref.dir, name, entry, ctx.store, ctx.env, ctx.secrets),
    );
    const conn = await connect(name, launch, {
      timeoutMs: ctx.startMs,
      signIn: ctx.yes ? 'refuse' : undefined,
    });
    let tools;
    try {
      tools = await conn.listTools();
    } finally {
      await conn.close().catch(() => undefined);
    }
    checkInterrupt(ctx.interrupt);
    return {
      entry: lockEntryFor(c, pkg, tools),
      rollback: () => void step.rollback(null),
      done: step.done,
    };
  } catch (err) {
    throw step.rollback(err);
  }
}

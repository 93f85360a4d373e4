import { audit } from '../audit/log.ts';
import { recordDoneAttempt, recordFailedAttempt } from '../audit/install.ts';
import type { LockEntry, ServerEntry } from '../config/workspace-schema.ts';
import type { CommandContext } from '../context.ts';
import { CliError, failure } from '../errors.ts';
import { carryValues } from '../install/carry-values.ts';
import { commitInstall, type SecretWrites } from '../install/commit.ts';
import { approve } from '../install/approve.ts';
import {
  checkInterrupt,
  installStep,
  interruptible,
  interruption,
  type Interrupt,
} from '../install/step.ts';
import { loadRunContext, serverTarget, type RunContext } from '../mcp/server-target.ts';
import { startServer } from '../mcp/start.ts';
import { toolHashes, toolsHash, type Drift, type ToolDefinition } from '../mcp/tools-hash.ts';
import { policyHint, policyRefusals } from '../policy/policy.ts';
import { lookupServer } from '../registry/lookup.ts';
import { npmLicenseOf, npmVersionMeta } from '../registry/npm-license.ts';
import { selectRegistries } from '../registry/selection.ts';
import { accounts, openSecretStore } from '../secrets/store.ts';
import { compareVersionsDesc } from '../util/semver.ts';

type Ctx = CommandContext & { yes: boolean };
/** One server's update: Ctrl+C stops it, and it alone is named as not updated. */
type Step = Ctx & { interrupt: Interrupt };

const driftLines = (d: Drift) => [
  ...d.added.map((t) => `  added     ${t}`),
  ...d.removed.map((t) => `  removed   ${t}`),
  ...d.changed.map((t) => `  changed   ${t}`),
];

const toolRecord = (tools: ToolDefinition[]) => ({
  toolsHash: toolsHash(tools),
  toolCount: tools.length,
  toolHashes: toolHashes(tools),
  installedAt: new Date().toISOString(),
});

function save(
  run: RunContext,
  name: string,
  entry: ServerEntry,
  locked: LockEntry,
  secrets: SecretWrites | null = null,
  env: NodeJS.ProcessEnv = {},
): void {
  run.workspace = { ...run.workspace, servers: { ...run.workspace.servers, [name]: entry } };
  run.lock = { ...run.lock, servers: { ...run.lock.servers, [name]: locked } };
  commitInstall(run.ref, run.workspace, run.lock, secrets, secrets ? openSecretStore(env) : null);
}

/** The newest version in the registry the server came from, when it is newer than `current`. */
async function newerVersion(ctx: Ctx, locked: LockEntry, current: string) {
  const selection = selectRegistries(ctx.env, locked.registry);
  const found = await lookupServer(selection, locked.name, undefined, ctx);
  const listing = found.listings[0];
  if (!listing) {
    if (found.failures[0])
      throw failure(
        'REGISTRY_UNAVAILABLE',
        `registry ${locked.registry} did not answer (${found.failures[0].message})`,
      );
    return null;
  }
  const latest = listing.item.server.version;
  return compareVersionsDesc(latest, current) < 0 ? { listing, selection } : null;
}

async function upgrade(
  ctx: Step,
  run: RunContext,
  name: string,
  locked: LockEntry,
  next: NonNullable<Awaited<ReturnType<typeof newerVersion>>>,
) {
  const { out } = ctx;
  const server = next.listing.item.server;
  const npm = server.packages?.find((p) => p.registryType === 'npm');
  if (!npm) throw failure('INSTALL_FAILED', `${locked.name}@${server.version} has no npm package`);
  const version = npm.version ?? server.version;
  const meta = await npmVersionMeta(ctx.env, npm.identifier, version, next.selection.timeoutMs);
  const license = (meta && npmLicenseOf(meta)) ?? locked.license;
  const facts = { license, trustLevel: next.listing.trustLevel, registry: locked.registry };
  const reasons = policyRefusals(next.selection.policy, facts);
  const attempt = {
    action: 'update' as const,
    server: name,
    source: locked.name,
    version: server.version,
    registry: locked.registry,
    trustLevel: next.listing.trustLevel,
    license,
  };
  out.result(`${name}  ${locked.version} -> ${server.version}`);
  out.result(`  license   ${locked.license ?? 'unknown'} -> ${license ?? 'unknown'}`);
  if (reasons.length) {
    out.result(`  policy    refused: ${reasons.join('; ')}`);
    const refused = new CliError(
      `policy refuses ${locked.name}@${server.version}: ${reasons.join('; ')}`,
      { code: 'POLICY_DENIED', hint: policyHint(next.selection.policy, facts) },
    );
    recordFailedAttempt(attempt, refused, next.selection.policy);
    throw refused;
  }
  // Values set for variables the new version still declares are kept; dropped ones are removed;
  // new ones are asked for before anything is downloaded.
  const original = run.workspace.servers[name]!;
  const values = await carryValues(
    { env: ctx.env, out, yes: ctx.yes, workspaceDir: run.ref.dir },
    { name, entry: original, locked },
    { displayName: locked.name, version: server.version, pkg: npm },
  ).catch((err: unknown) => {
    recordFailedAttempt(attempt, err, next.selection.policy);
    throw err;
  });
  for (const dropped of values.dropped) {
    out.result(`  inputs    ${dropped} is no longer declared; its value is removed`);
  }
  for (const added of values.added) out.result(`  inputs    ${added} is new; set`);
  // The new version is installed beside the old one and started, so that what changes in its
  // tools is shown before the question; a no, an error or Ctrl+C puts the old one back.
  const step = installStep(run.ref.dir, name, ctx.interrupt);
  try {
    const installed = await step.install(npm.identifier, version, ctx.env);
    const current = values.entry;
    // The package's file takes the old one's place, after the runtime's arguments if any.
    const before = current.args ?? [];
    const at = before.findIndex((arg) => arg.startsWith(`.spoke/servers/${name}/`));
    const args =
      at < 0
        ? [installed.entry, ...before.slice(1)]
        : before.map((arg, i) => (i === at ? installed.entry : arg));
    const entry = { ...current, args };
    const target = { ...serverTarget(run, name), entry: { ...values.trial, args } };
    const { conn, tools, drift } = await startServer(ctx, run, target);
    await conn.close().catch(() => undefined);
    checkInterrupt(ctx.interrupt);
    const changes = drift
      ? (['added', 'removed', 'changed'] as const)
          .filter((kind) => drift[kind].length)
          .map((kind) => `; ${kind}: ${drift[kind].join(', ')}`)
          .join('')
      : '';
    out.result(`  tools     ${locked.toolCount} -> ${tools.length}${changes}`);
    out.result('  policy    allowed');
    await approve(ctx.yes, `Update ${name} to ${server.version}?`, `updating ${name}`);
    checkInterrupt(ctx.interrupt);
    const { values: _old, ...rest } = locked as LockEntry & { values?: unknown };
    save(
      run,
      name,
      entry,
      {
        ...rest,
        version: server.version,
        trustLevel: next.listing.trustLevel,
        license,
        package: {
          registryType: 'npm',
          identifier: npm.identifier,
          version,
          resolved: installed.resolved,
          integrity: installed.integrity,
        },
        ...toolRecord(tools),
        ...(values.declared.length ? { values: values.declared } : {}),
      },
      Object.keys(values.secrets).length
        ? { server: name, env: values.secrets, headers: {} }
        : null,
      ctx.env,
    );
    const droppedSecrets = values.dropped.filter((n) => original.secrets?.includes(n) === true);
    if (droppedSecrets.length) {
      const store = openSecretStore(ctx.env);
      for (const dropped of droppedSecrets) {
        store.delete(accounts.serverValue(run.ref.dir, name, 'env', dropped));
      }
    }
    recordDoneAttempt(attempt, entry, run.lock.servers[name]);
  } catch (err) {
    const reported = step.rollback(err);
    recordFailedAttempt(attempt, reported, next.selection.policy);
    throw reported;
  }
  step.done();
  out.result(`Updated ${name} to ${server.version}`);
}

async function updateOne(ctx: Step, run: RunContext, name: string): Promise<void> {
  const { out } = ctx;
  const target = serverTarget(run, name);
  if (target.isProject) {
    out.result(`${name}  the project's own server; spoke dev records its tool definitions`);
    return;
  }
  const locked = target.locked;
  if (!locked)
    throw failure('NOT_FOUND', `${name} is not installed on this machine`, 'run spoke install');
  const pinned = target.entry.version !== undefined && target.entry.version !== 'latest';
  if (locked.package.registryType === 'npm' && !pinned && locked.version) {
    const next = await newerVersion(ctx, locked, locked.version);
    checkInterrupt(ctx.interrupt);
    if (next) return upgrade(ctx, run, name, locked, next);
  }
  const { conn, tools, drift } = await startServer(ctx, run, target);
  await conn.close().catch(() => undefined);
  checkInterrupt(ctx.interrupt);
  const label =
    locked.package.registryType === 'path'
      ? 'local path'
      : locked.package.registryType === 'remote'
        ? 'remote server'
        : `${locked.version} is ${pinned ? 'pinned' : 'the latest version'}`;
  if (!drift) {
    out.result(`${name}  ${label}; tool definitions unchanged`);
    return;
  }
  out.result(`${name}  ${label}; tool definitions changed since install`);
  for (const line of driftLines(drift)) out.result(line);
  await approve(
    ctx.yes,
    `Accept the new tool definitions for ${name}?`,
    `accepting the new tool definitions for ${name}`,
  );
  checkInterrupt(ctx.interrupt);
  const accepted = toolRecord(tools);
  save(run, name, target.entry, { ...locked, ...accepted });
  audit({
    action: 'tools.accept',
    server: name,
    added: drift.added,
    removed: drift.removed,
    changed: drift.changed,
    oldHash: locked.toolsHash,
    newHash: accepted.toolsHash,
    result: 'ok',
  });
  out.result(`Recorded the new tool definitions for ${name} in spoke.lock.json`);
}

export async function update(input: Ctx & { server: string | undefined }): Promise<void> {
  // With --json the one document is the final answer; the per-server lines are left out.
  const options = input.out.json
    ? { ...input, out: { ...input.out, result: () => undefined } }
    : input;
  const run = loadRunContext(options.cwd, options.env);
  const names = options.server
    ? [serverTarget(run, options.server).name]
    : Object.keys(run.workspace.servers);
  let failed = 0;
  await interruptible(async (signal) => {
    for (const name of names) {
      // Servers updated before Ctrl+C stay updated; the one under way is put back.
      const interrupt = interruption(signal, `update interrupted; ${name} was not updated`);
      try {
        await updateOne({ ...options, interrupt }, run, name);
      } catch (err) {
        failed++;
        if (signal.aborted) throw interrupt.error();
        if (names.length === 1) throw err;
        options.out.alert(`${name}: ${(err as Error).message}`);
      }
    }
  });
  if (failed) {
    throw failure('INSTALL_FAILED', `${failed} of ${names.length} servers could not be updated`);
  }
  if (input.out.json) input.out.data({ ok: true });
}

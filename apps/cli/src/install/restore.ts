import { fs } from '../builtins.ts';
import path from 'node:path';
import { loadGlobalConfig } from '../config/global-config.ts';
import { durationMs } from '../config/duration.ts';
import { saveLock, type LockFile, type Workspace, type WorkspaceRef } from '../config/workspace.ts';
import type { LockEntry } from '../config/workspace-schema.ts';
import type { CommandContext } from '../context.ts';
import { CliError, failure } from '../errors.ts';
import { commandLine } from '../mcp/launch.ts';
import { alignRows, indent } from '../output/table.ts';
import { combinePolicies, loadManagedPolicy, policyRefusals } from '../policy/policy.ts';
import type { Declaration } from '../registry/types.ts';
import { accounts, openSecretStore } from '../secrets/store.ts';
import { own } from '../util/own.ts';
import { ask, canPrompt } from '../util/prompt.ts';
import { approve } from './approve.ts';
import { declarations, type Candidate } from './candidate.ts';
import { lockUnlocked, resolveUnlocked } from './lock-new.ts';
import { lockedValues, missingValues, missingValuesError, storeForValues } from './required.ts';
import { checkInterrupt, installStep, type Interrupt } from './step.ts';
import { progress } from './summary.ts';
import { question } from './values.ts';

export type RestoreOptions = CommandContext & {
  ref: WorkspaceRef;
  workspace: Workspace;
  lock: LockFile;
  yes: boolean;
  interrupt: Interrupt;
};

function installedVersion(dir: string, identifier: string): string | null {
  try {
    const file = path.join(dir, 'node_modules', ...identifier.split('/'), 'package.json');
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: string }).version ?? null;
  } catch {
    return null;
  }
}

/**
 * A secret spoke.json names, as the server declares it: from its registry entry when it is not
 * locked yet, else as spoke.lock.json records it. Restoring cannot go on without it.
 */
function secretDeclaration(
  part: 'env' | 'headers',
  variable: string,
  candidate: Candidate | undefined,
  locked: LockEntry | undefined,
): Declaration {
  const declared = candidate
    ? declarations(candidate)[part].find((d) => d.name === variable)
    : lockedValues(locked).find((v) => v.part === part && v.name === variable);
  // A lockfile edited by hand may hold anything there: only text is shown.
  const description = typeof declared?.description === 'string' ? declared.description : undefined;
  return { name: variable, description, isRequired: true, isSecret: true };
}

/**
 * `spoke install` without a server: every server of spoke.json exactly as the lockfile records
 * it, each npm package checked against the recorded integrity; a server added to spoke.json by
 * hand is resolved, installed and started once, and locked. spoke.json is not changed; secrets
 * this machine lacks are asked for (or read from the environment).
 */
export async function restore(options: RestoreOptions): Promise<void> {
  const { env, out, ref, workspace, lock, interrupt } = options;
  const names = Object.keys(workspace.servers);
  if (!names.length) {
    if (out.json) return out.data({ ok: true });
    return out.result('Nothing to install: spoke.json lists no servers.');
  }
  const recorded = names.filter((n) => lock.servers[n]);
  const unlocked = await resolveUnlocked(
    // The project's own server (source ".") is run in place; spoke dev records it.
    names.filter((n) => !lock.servers[n] && workspace.servers[n]!.source !== '.'),
    options,
  );
  checkInterrupt(interrupt);
  const { config } = loadGlobalConfig(env);
  const managed = loadManagedPolicy()?.policy ?? null;
  const policy = combinePolicies(config.security, managed);
  if (unlocked.length) out.info('');
  out.info(
    `Installing ${names.length} server${names.length === 1 ? '' : 's'} from spoke.lock.json${unlocked.length ? ` and spoke.json (${unlocked.length} to lock)` : ''}\n`,
  );
  const refused: string[] = [];
  for (const { name, candidate: c } of unlocked) {
    out.info(
      indent(
        alignRows([
          [
            name,
            `${c.displayName}${c.version ? `@${c.version}` : ''}`,
            c.registry,
            c.trustLevel,
            c.license ?? 'unknown',
            'not locked yet',
          ],
        ]),
      ),
    );
    out.info(`    ${commandLine(ref.dir, workspace.servers[name]!)}`);
    const reasons = policyRefusals(policy, c);
    if (reasons.length) refused.push(`${name}: ${reasons.join('; ')}`);
  }
  for (const name of recorded) {
    const locked = lock.servers[name]!;
    const entry = workspace.servers[name]!;
    out.info(
      indent(
        alignRows([
          [
            name,
            `${locked.name}${locked.version ? `@${locked.version}` : ''}`,
            locked.registry,
            locked.trustLevel,
            locked.license ?? 'unknown',
          ],
        ]),
      ),
    );
    out.info(`    ${commandLine(ref.dir, entry)}`);
    const reasons = policyRefusals(policy, locked);
    if (reasons.length) refused.push(`${name}: ${reasons.join('; ')}`);
  }
  out.info(`\nPolicy     ${refused.length ? 'refused' : 'allowed'}`);
  if (refused.length) {
    throw new CliError(`policy refuses ${refused.join('; ')}`, { code: 'POLICY_DENIED' });
  }
  await approve(
    options.yes,
    `Install these ${names.length} servers and allow their commands to run?`,
    `installing ${names.length} servers`,
  );
  checkInterrupt(interrupt);

  // Asked for before anything is downloaded, stored only once everything is installed.
  const collected: [string, string][] = [];
  // By server name, without a prototype: a server may be named `constructor`.
  const given = Object.create(null) as Record<
    string,
    { env: Record<string, string>; headers: Record<string, string> }
  >;
  const needs = names.flatMap((n) => [
    ...(workspace.servers[n]!.secrets ?? []).map((v) => [n, 'env', v] as const),
    ...(workspace.servers[n]!.secretHeaders ?? []).map((v) => [n, 'headers', v] as const),
  ]);
  const store = needs.length ? openSecretStore(env) : null;
  for (const [name, part, key] of needs) {
    const account = accounts.serverValue(ref.dir, name, part, key);
    if (store!.get(account) !== null) continue;
    const label = part === 'env' ? key : `header ${key}`;
    // (An environment variable may come from spoke's own environment; a header only as asked.)
    let value = part === 'env' ? (own(env, key) ?? '') : '';
    if (!value && canPrompt()) {
      const candidate = unlocked.find((u) => u.name === name)?.candidate;
      const declared = secretDeclaration(part, key, candidate, lock.servers[name]);
      value = (await ask(question(label, declared), { hidden: true })).trim();
    }
    if (!value) {
      throw failure(
        'MISSING_VALUE',
        `${name}: the secret ${label} is not set on this machine`,
        `set it with: spoke config set servers.${name}.${part}.${key} --type secret` +
          (part === 'env' ? ` (or ${key} in spoke's environment)` : ''),
      );
    }
    collected.push([account, value]);
    const mine = (given[name] ??= { env: {}, headers: {} });
    mine[part][key] = value;
  }
  // A value the lockfile records the server as requiring that spoke.json no longer names ("spoke
  // config unset" took it out) would stop every start: say so now, before anything is installed.
  const values = store ?? storeForValues(workspace.servers, lock.servers, env);
  for (const name of recorded) {
    const mine = given[name];
    const missing = missingValues(
      ref,
      name,
      workspace.servers[name]!,
      lock.servers[name],
      values,
    ).filter((m) => own(mine?.[m.part], m.name) === undefined);
    if (missing.length) {
      throw missingValuesError(name, missing, { then: 'then run spoke install again' });
    }
  }
  for (const name of recorded) {
    const locked = lock.servers[name]!;
    const pkg = locked.package;
    if (pkg.registryType === 'path' && !fs.existsSync(path.resolve(ref.dir, pkg.path))) {
      throw failure('INSTALL_FAILED', `${name}: ${pkg.path} does not exist on this machine`);
    }
    if (pkg.registryType !== 'npm') continue;
    const step = installStep(ref.dir, name, interrupt);
    if (installedVersion(step.dir, pkg.identifier) === pkg.version) {
      out.info(`  ${name}  ${pkg.version}  already installed`);
      continue;
    }
    try {
      const installed = await step.install(pkg.identifier, pkg.version, env);
      if (installed.integrity !== pkg.integrity) {
        throw failure(
          'INSTALL_FAILED',
          `${name}: the integrity of ${pkg.identifier}@${pkg.version} is not the one in spoke.lock.json`,
          'the package changed since it was locked; check it, then spoke update',
        );
      }
    } catch (err) {
      throw step.rollback(err);
    }
    step.done();
    out.info(`  ${name}  ${pkg.version}  integrity ok`);
  }

  const newEntries: Record<string, LockEntry> = {};
  const finish: (() => void)[] = [];
  const rollbacks: (() => void)[] = [];
  try {
    for (const each of unlocked) {
      const startMs = durationMs(config.performance.serverStartTimeout);
      const done = progress(out, `Locking ${each.name}`);
      const locked = await lockUnlocked(each, {
        env,
        ref,
        workspace,
        store,
        secrets: given[each.name] ?? {},
        startMs,
        yes: options.yes,
        out,
        policy,
        // As for every start (mcp/server-target.ts): below the managed level, sandboxed or refused.
        sandboxRequiredBelow: managed?.sandboxBelow ?? 'unverified',
        interrupt,
      }).catch((err: unknown) => {
        done('failed');
        throw err;
      });
      done(`${locked.entry.toolCount} tool${locked.entry.toolCount === 1 ? '' : 's'}`);
      newEntries[each.name] = locked.entry;
      finish.push(locked.done);
      rollbacks.push(locked.rollback);
    }
    checkInterrupt(interrupt);
    if (unlocked.length) saveLock(ref, { ...lock, servers: { ...lock.servers, ...newEntries } });
  } catch (err) {
    for (const rollback of rollbacks) rollback();
    throw interrupt.signal.aborted ? interrupt.error() : err;
  }
  for (const done of finish) done();
  for (const [account, value] of collected) store!.set(account, value);
  if (out.json) return out.data({ ok: true });
  const count = `Installed ${names.length} server${names.length === 1 ? '' : 's'}.`;
  out.result(
    unlocked.length
      ? `${count} Locked ${unlocked.map((u) => u.name).join(', ')} in spoke.lock.json; spoke.json unchanged.`
      : `${count} spoke.json and spoke.lock.json unchanged.`,
  );
}

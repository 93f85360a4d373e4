import type { ServerEntry, LockEntry } from '../config/workspace-schema.ts';
import type { Output } from '../output/output.ts';
import type { ServerPackage } from '../registry/types.ts';
import { own } from '../util/own.ts';
import { canPrompt } from '../util/prompt.ts';
import type { Candidate } from './candidate.ts';
import { lockedValues, missingValuesError } from './required.ts';
import { collectValues, declaredValue, type DeclaredValue } from './values.ts';

/** A server's values as a new version of it declares them. */
export type Carried = {
  /** The spoke.json entry to save: kept values, dropped ones gone, new ones added. */
  entry: ServerEntry;
  /** The entry to start the new version with: `entry`, with the new secrets given in memory. */
  trial: ServerEntry;
  /** New secret values, for the secret store. */
  secrets: Record<string, string>;
  /** Variables the old version declared and the new one does not: removed. */
  dropped: string[];
  /** Variables the new version declares that had no value, and now have one. */
  added: string[];
  /** What spoke.lock.json records the new version as declaring. */
  declared: DeclaredValue[];
};

/**
 * Carries a server's values over to a new version: values the user set for variables the new
 * version still declares are kept as they are; those the old version declared and the new one
 * does not are removed; variables new to it are asked for, or without a question (--yes, or no
 * terminal) taken from spoke's environment or their default, and a required one with no value
 * stops the update, naming each and the command that sets it.
 */
export async function carryValues(
  ctx: { env: NodeJS.ProcessEnv; out: Output; yes: boolean; workspaceDir: string },
  server: { name: string; entry: ServerEntry; locked: LockEntry },
  next: { displayName: string; version: string; pkg: ServerPackage },
): Promise<Carried> {
  const { name, entry, locked } = server;
  const decls = (next.pkg.environmentVariables ?? []).filter((d) => d.name);
  const declaredNames = new Set(decls.map((d) => d.name!));
  const dropped = lockedValues(locked)
    .filter((v) => v.part === 'env' && !declaredNames.has(v.name))
    .map((v) => v.name);
  const secretNames = (entry.secrets ?? []).filter((n) => !dropped.includes(n));
  const env = Object.fromEntries(
    Object.entries(entry.env ?? {}).filter(([n]) => !dropped.includes(n)),
  );
  const paths = (entry.paths ?? []).filter((n) => !dropped.includes(n));
  const unset = decls.filter(
    (d) => own(env, d.name!) === undefined && !secretNames.includes(d.name!),
  );

  const ask = !ctx.yes && canPrompt();
  if (!ask) {
    const missing = unset.filter(
      (d) =>
        d.isRequired === true &&
        d.default === undefined &&
        d.format !== 'filepath' &&
        (d as { value?: string }).value === undefined &&
        !own(ctx.env, d.name!),
    );
    if (missing.length) {
      throw missingValuesError(
        name,
        missing.map((d) => ({ part: 'env', name: d.name!, secret: d.isSecret === true })),
        { who: `${next.displayName}@${next.version}`, then: `then run spoke update ${name} again` },
      );
    }
  }
  const candidate = {
    displayName: next.displayName,
    kind: {
      type: 'npm',
      pkg: { ...next.pkg, environmentVariables: unset, packageArguments: [], runtimeArguments: [] },
      meta: null,
    },
  } as unknown as Candidate;
  const collected = await collectValues(candidate, {
    env: ctx.env,
    out: ctx.out,
    workspaceDir: ctx.workspaceDir,
    ask,
  });
  const added = [...Object.keys(collected.env), ...Object.keys(collected.secretEnv)];
  const newPaths = [...paths, ...collected.paths.filter((p) => !paths.includes(p))];
  const saved: ServerEntry = {
    ...entry,
    env: { ...env, ...collected.env },
    secrets: [...secretNames, ...Object.keys(collected.secretEnv)],
    ...(newPaths.length ? { paths: newPaths } : {}),
  };
  if (!newPaths.length) delete saved.paths;
  return {
    entry: saved,
    trial: { ...saved, env: { ...saved.env, ...collected.secretEnv }, secrets: secretNames },
    secrets: collected.secretEnv,
    dropped,
    added,
    declared: decls.map((d) => declaredValue('env', d)),
  };
}

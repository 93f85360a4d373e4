import { checkPolicyRecorded } from '../audit/events.ts';
import type { CommandContext } from '../context.ts';
import { failure } from '../errors.ts';
import { lockedValues, requireValues } from '../install/required.ts';
import { launchFor } from '../mcp/launch.ts';
import { relay } from '../mcp/relay.ts';
import { withSandbox } from '../mcp/sandbox.ts';
import { loadRunContext, serverTarget } from '../mcp/server-target.ts';
import { needsSecretStore } from '../secrets/server-secrets.ts';
import { openSecretStore } from '../secrets/store.ts';

/** `spoke run <server>`: what MCP clients launch; stdout carries only the protocol. */
export async function run(
  options: CommandContext & { server: string; noSandbox?: boolean },
): Promise<void> {
  const { env, out } = options;
  const ctx = loadRunContext(options.cwd, env);
  const target = serverTarget(ctx, options.server);
  checkPolicyRecorded(ctx, target);
  const needsStore =
    needsSecretStore(target.entry) || lockedValues(target.locked).some((v) => v.type === 'secret');
  const store = needsStore ? openSecretStore(env) : null;
  // Before anything starts: a server missing a required value would only fail later, less clearly.
  requireValues(ctx.ref, target.name, target.entry, target.locked, store);
  const { launch } = await withSandbox(
    options,
    ctx,
    target,
    launchFor(ctx.ref.dir, target.name, target.entry, store, env),
    { noSandbox: options.noSandbox },
  );
  out.debug(
    `spoke run ${target.name}: starting ${launch.transport === 'stdio' ? launch.command : launch.url}`,
  );
  const ended = await relay({
    name: target.name,
    launch,
    recorded: target.isProject ? null : (target.locked ?? null),
    out,
  });
  if (ended === 'server-exited') {
    throw failure('SERVER_FAILED', `${target.name} exited`, 'run it with --verbose to see more');
  }
}

import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import { stderr } from '../output/fd-stream.ts';
import type { Output } from '../output/output.ts';
import { needsSecretStore } from '../secrets/server-secrets.ts';
import { openSecretStore } from '../secrets/store.ts';
import { monotonicMs } from '../util/time.ts';
import { connect, type Connection } from './connect.ts';
import { answerElicitations, ELICITATION_CAPABILITIES } from './elicit.ts';
import { launchFor } from './launch.ts';
import { withSandbox, type SandboxState } from './sandbox.ts';
import type { RunContext, ServerTarget } from './server-target.ts';
import { toolDrift, type Drift, type ToolDefinition } from './tools-hash.ts';

export type Started = {
  conn: Connection;
  tools: ToolDefinition[];
  drift: Drift | null;
  ms: number;
  sandbox: SandboxState;
};

/**
 * Starts a server with its secrets, lists its tools and compares them with the lockfile. With
 * --verbose the server's own standard error is passed through. Unless `capabilities` says
 * otherwise, the client answers the server's questions (elicitation) at the terminal.
 */
export async function startServer(
  ctx: { env: NodeJS.ProcessEnv; out: Output },
  run: RunContext,
  target: ServerTarget,
  capabilities?: ClientCapabilities,
): Promise<Started> {
  const started = monotonicMs();
  const needsStore = needsSecretStore(target.entry);
  const { launch, state } = await withSandbox(
    ctx,
    run,
    target,
    launchFor(
      run.ref.dir,
      target.name,
      target.entry,
      needsStore ? openSecretStore(ctx.env) : null,
      ctx.env,
    ),
  );
  const conn = await connect(target.name, launch, {
    timeoutMs: run.timeouts.startMs,
    onStderr: ctx.out.verbose ? (text) => stderr.write(text) : undefined,
    capabilities: capabilities ?? ELICITATION_CAPABILITIES,
  });
  // A command's own client answers the server's questions at the terminal.
  if (!capabilities) answerElicitations(conn.client, target.name, ctx.out);
  try {
    const tools = await conn.listTools();
    const drift = target.isProject || !target.locked ? null : toolDrift(target.locked, tools);
    return { conn, tools, drift, ms: Math.round(monotonicMs() - started), sandbox: state };
  } catch (err) {
    await conn.close().catch(() => undefined);
    throw err;
  }
}

/** The documented drift warning, on standard error even with --quiet. */
export function warnDrift(out: Output, name: string, drift: Drift): void {
  out.alert(`${name}: tool definitions changed since install`);
  const rows = [
    ...drift.added.map((t) => `  added    ${t}`),
    ...drift.removed.map((t) => `  removed  ${t}`),
    ...drift.changed.map((t) => `  changed  ${t}`),
  ];
  for (const row of rows) out.notice(row);
  out.notice(`hint: review and accept with: spoke update ${name}`);
}

import { checkPolicyRecorded, recordCall, recordDrift } from '../audit/events.ts';
import type { CommandContext } from '../context.ts';
import { CliError, failure } from '../errors.ts';
import { startServer, warnDrift } from '../mcp/start.ts';
import { loadRunContext, serverTarget } from '../mcp/server-target.ts';
import { monotonicMs } from '../util/time.ts';
import { renderResult } from './call-render.ts';

export type CallOptions = CommandContext & {
  server: string;
  tool: string;
  args: string | undefined;
};

export async function call(options: CommandContext & CallOptions): Promise<void> {
  const { out } = options;
  const args = JSON.parse(options.args ?? '{}') as Record<string, unknown>;
  const run = loadRunContext(options.cwd, options.env);
  const target = serverTarget(run, options.server);
  checkPolicyRecorded(run, target, options.tool);
  const { conn, tools, drift } = await startServer(options, run, target);
  try {
    if (drift) {
      warnDrift(out, target.name, drift);
      recordDrift(target.name, drift);
      recordCall(
        target.name,
        options.tool,
        'refused',
        null,
        'tool definitions changed since install',
      );
      throw failure(
        'TOOL_DRIFT',
        `the tools of ${target.name} are withheld: tool definitions changed since install`,
        `review and accept with: spoke update ${target.name}`,
      );
    }
    if (!tools.some((t) => t.name === options.tool)) {
      throw failure(
        'NOT_FOUND',
        `${target.name} has no tool named ${options.tool}`,
        `its tools: ${tools.map((t) => t.name).join(', ') || 'none'}`,
      );
    }
    const started = monotonicMs();
    let result: { content?: unknown; structuredContent?: unknown; isError?: unknown };
    try {
      result = (await conn.client.callTool({ name: options.tool, arguments: args }, undefined, {
        timeout: run.timeouts.callMs,
      })) as typeof result;
    } catch (err) {
      recordCall(target.name, options.tool, 'error', monotonicMs() - started);
      if (err instanceof CliError) throw err;
      throw failure(
        'SERVER_FAILED',
        `${target.name}.${options.tool} failed: ${(err as Error).message}`,
      );
    }
    const durationMs = Math.round(monotonicMs() - started);
    recordCall(target.name, options.tool, result.isError ? 'error' : 'ok', durationMs);
    if (result.isError) {
      throw new CliError(
        `${target.name}.${options.tool} returned an error:\n${renderResult(result)}`,
        {
          code: 'TOOL_ERROR',
        },
      );
    }
    if (out.json) out.data({ server: target.name, tool: options.tool, durationMs, result });
    else out.result(renderResult(result));
  } finally {
    await conn.close().catch(() => undefined);
  }
}

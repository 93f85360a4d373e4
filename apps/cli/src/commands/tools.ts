import type { CommandContext } from '../context.ts';
import { startServer, warnDrift } from '../mcp/start.ts';
import { checkPolicy, loadRunContext, serverTarget } from '../mcp/server-target.ts';
import { alignRows, indent } from '../output/table.ts';

const firstSentence = (text: string | undefined) => {
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  const match = /^.*?[.!?](?=\s|$)/.exec(flat);
  return match ? match[0] : flat;
};

export async function tools(options: CommandContext & { server: string }): Promise<void> {
  const { out } = options;
  const run = loadRunContext(options.cwd, options.env);
  const target = serverTarget(run, options.server);
  checkPolicy(run, target);
  const { conn, tools: list, drift } = await startServer(options, run, target);
  await conn.close().catch(() => undefined);
  if (drift) warnDrift(out, target.name, drift);
  const version = target.locked?.version ?? null;
  if (out.json) {
    return out.data({
      server: target.name,
      source: target.entry.source,
      version,
      drift,
      tools: list,
    });
  }
  const sorted = [...list].sort((a, b) => (a.name < b.name ? -1 : 1));
  const label = `${target.entry.source}${version ? `@${version}` : ''}`;
  out.result(`${target.name} (${label}): ${list.length} tool${list.length === 1 ? '' : 's'}`);
  if (!out.verbose) {
    if (sorted.length) {
      out.result(indent(alignRows(sorted.map((t) => [t.name, firstSentence(t.description)]))));
    }
    return;
  }
  for (const tool of sorted) {
    out.result(`\n  ${tool.name}${tool.title ? ` (${tool.title})` : ''}`);
    if (tool.description) out.result(tool.description.replace(/^/gm, '    '));
    out.result(JSON.stringify(tool.inputSchema ?? {}, null, 2).replace(/^/gm, '    '));
  }
}

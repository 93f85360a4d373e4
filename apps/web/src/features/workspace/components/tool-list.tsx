import type { SpokeMeta } from '@spoke/shared';

type Tool = NonNullable<SpokeMeta['tools']>[number];

export function ToolList({ tools }: { tools: Tool[] }) {
  return (
    <ul aria-label="Tools" className="grid gap-2 sm:grid-cols-2">
      {tools.map((tool) => (
        <li key={tool.name} className="rounded-lg border border-slate-200 px-3 py-2.5">
          <p className="font-mono text-sm font-semibold break-all text-slate-900">{tool.name}</p>
          <p className="mt-0.5 text-sm text-slate-700">{tool.description}</p>
        </li>
      ))}
    </ul>
  );
}

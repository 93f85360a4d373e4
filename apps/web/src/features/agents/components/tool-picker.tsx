import type { IntegrationInfo } from '@spoke/shared';
import { toolsByName, type ToolInfo } from './plan/tool-fields.ts';

/** One of the agent's integrations, with the tools the catalog lists for it. */
export interface ToolGroup {
  id: string;
  name: string;
  tools: ToolInfo[];
}

/** The integrations `ids`, each with the tools the catalog lists for it. */
export function toolGroupsFor(
  ids: readonly string[],
  catalog: readonly IntegrationInfo[],
): ToolGroup[] {
  const tools = toolsByName(catalog);
  return ids.map((id) => ({
    id,
    name: catalog.find((each) => each.id === id)?.name ?? id,
    tools: [...tools.values()].filter((tool) => tool.integration === id),
  }));
}

/**
 * Tools chosen from the agent's integrations, a checkbox each, grouped by integration. A chosen
 * tool the catalog does not list (a server's own, or one of an integration since removed) stays
 * listed under "Other tools", so it can be seen and unchosen.
 */
export function ToolPicker({
  legend,
  hint,
  groups,
  chosen,
  error,
  onChange,
}: {
  legend: string;
  hint?: string;
  groups: readonly ToolGroup[];
  chosen: readonly string[];
  error?: string;
  onChange: (tools: string[]) => void;
}) {
  const picked = new Set(chosen);
  const listed = new Set(groups.flatMap((group) => group.tools.map((tool) => tool.name)));
  const others = chosen.filter((tool) => !listed.has(tool));
  const shown: { id: string; name: string; tools: { name: string; description?: string }[] }[] = [
    ...groups.filter((group) => group.tools.length > 0),
    ...(others.length
      ? [{ id: 'other', name: 'Other tools', tools: others.map((name) => ({ name })) }]
      : []),
  ];
  const toggle = (tool: string, on: boolean) =>
    onChange(on ? [...chosen, tool] : chosen.filter((each) => each !== tool));
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      {hint && <p className="mt-0.5 text-xs text-slate-600">{hint}</p>}
      {error && <p className="mt-1 text-sm text-red-700">{error}</p>}
      <div className="mt-2 space-y-2">
        {shown.map((group) => (
          <div key={group.id}>
            <p className="text-xs font-medium text-slate-500">{group.name}</p>
            <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {group.tools.map((tool) => (
                <li key={tool.name}>
                  <label
                    title={tool.description}
                    className="flex items-center gap-2 font-mono text-xs text-slate-800 wrap-anywhere"
                  >
                    <input
                      type="checkbox"
                      checked={picked.has(tool.name)}
                      onChange={(event) => toggle(tool.name, event.target.checked)}
                      className="size-4 shrink-0 accent-blue-600"
                    />
                    {tool.name}
                  </label>
                </li>
              ))}
            </ul>
          </div>
        ))}
        {shown.length === 0 && (
          <p className="text-sm text-slate-600">
            The catalog lists no tools for this agent’s integrations: it may use all of theirs.
          </p>
        )}
      </div>
    </fieldset>
  );
}

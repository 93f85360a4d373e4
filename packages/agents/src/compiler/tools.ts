import { lookupTable } from '@spoke/shared';
import { integrationById } from '../catalog/index.ts';
import { stem } from './text.ts';

// Which of an integration's known tools a step uses. A step has a kind (fetching, delivering,
// storing, acting) and a verb; tools whose names share the verb score highest, then tools that fit
// the kind, then tools that name the step's objects ("logs", "containers").

export type StepKind = 'fetch' | 'process' | 'deliver' | 'store' | 'act' | 'remember';

const KIND_TOOLS: Readonly<Record<StepKind, RegExp | null>> = {
  fetch:
    /search|list|get|read|history|find|query|fetch|execute|run|describe|logs|report|view|now|unreads/i,
  process: null,
  deliver: /send|post|add_message|reply|forum_post|draft/i,
  store: /create|update|append|add|insert|set|write|modify|engagement/i,
  // Acting is specific: only a tool named after the step's verb will do.
  act: null,
  remember: /memory_set|memory_get/i,
};

/** Built-ins whose one right tool does not depend on the verb. */
const SINGLE_PURPOSE: Readonly<Record<string, string>> = lookupTable({
  email: 'send_email',
  rss: 'read_feed',
  'web-page': 'fetch_page',
  'http-request': 'http_request',
  webhook: 'send_webhook',
  sql: 'sql_query',
  clock: 'now',
});

function transformTool(text: string): string {
  if (/\bcsv\b[^.]*\b(?:to|into)\s+json\b|\bfrom csv\b|\bcsv i paste\b/i.test(text))
    return 'csv_to_json';
  if (/\bcsv\b/i.test(text)) return 'json_to_csv';
  return 'json_query';
}

function memoryTools(kind: StepKind): string[] {
  if (kind === 'fetch') return ['memory_get'];
  if (kind === 'store') return ['memory_set'];
  return ['memory_get', 'memory_set'];
}

/**
 * The tools (as `<integration>.<tool>`) an integration offers for a step, best first, at most two;
 * empty when the catalog knows none that fits.
 */
export function toolsFor(id: string, kind: StepKind, verb: string, text: string): string[] {
  const integration = integrationById(id);
  if (!integration || kind === 'process') return [];
  const known = new Set(integration.tools.map((tool) => tool.name));
  const pick = (names: string[]) =>
    names.filter((name) => known.has(name)).map((n) => `${id}.${n}`);
  if (SINGLE_PURPOSE[id]) return pick([SINGLE_PURPOSE[id]!]);
  if (id === 'transform') return pick([transformTool(text)]);
  if (id === 'memory') return pick(memoryTools(kind));
  const verbStem = stem(verb);
  const words = new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 3)
      .map(stem),
  );
  const scored = integration.tools
    .map((tool) => {
      const parts = tool.name
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .map(stem);
      let score = 0;
      if (verbStem && parts.includes(verbStem)) score += 3;
      if (KIND_TOOLS[kind]?.test(tool.name)) score += 2;
      score += parts.filter((part) => part !== verbStem && words.has(part)).length;
      return { name: tool.name, score };
    })
    .filter((entry) => entry.score >= 2)
    .sort((a, b) => b.score - a.score);
  const best = scored[0]?.score;
  return pick(
    scored
      .filter((entry) => entry.score === best)
      .slice(0, 2)
      .map((entry) => entry.name),
  );
}

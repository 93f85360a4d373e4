import { fieldLines } from '../output/table.ts';
import type { Declaration, ServerPackage, ServerRemote } from '../registry/types.ts';

export type ValueItem = {
  name: string;
  type: 'secret' | 'string' | 'path' | 'boolean';
  required: boolean;
  description: string | null;
  default: string | null;
};

/** `spoke info --json`, field for field as documented. */
export type InfoData = {
  name: string;
  version: string | null;
  description: string | null;
  localName: string;
  registry: string;
  registryPriority: number | null;
  trustLevel: string | null;
  status: string | null;
  license: string | null;
  licenseSource: 'package' | 'registry' | null;
  repository: string | null;
  packages: (ServerPackage | Record<string, unknown>)[];
  remotes: ServerRemote[];
  arguments: ValueItem[];
  environment: ValueItem[];
  versions: string[];
  alsoIn: { registry: string; trustLevel: string; version: string }[];
  policy: { allowed: boolean; reasons: string[] };
  installed: { name: string; version: string | null } | null;
};

/** How a server.json declaration maps to a config value type. */
export function valueItem(d: Declaration): ValueItem {
  const type = d.isSecret
    ? 'secret'
    : d.format === 'filepath'
      ? 'path'
      : d.format === 'boolean'
        ? 'boolean'
        : 'string';
  const required = d.isRequired === true;
  return {
    name: d.name ?? d.valueHint ?? 'value',
    type,
    required,
    description: d.description ?? null,
    // A required path without a default is offered the workspace directory.
    default: d.default ?? (required && type === 'path' ? '.' : null),
  };
}

function valueLine(v: ValueItem): string {
  const marks: string[] = [v.type, v.required ? 'required' : 'optional'];
  if (v.default !== null && !v.required) marks.push(`default ${v.default}`);
  return `${v.name} (${marks.join(', ')})${v.description ? `: ${v.description}` : ''}`;
}

function packageLine(p: ServerPackage | Record<string, unknown>): string {
  const pkg = p as Partial<ServerPackage> & { path?: string; url?: string };
  if (pkg.registryType === 'path') return `path ${pkg.path ?? ''}`;
  if (pkg.registryType === 'remote') return `remote ${pkg.url ?? ''}`;
  return `${pkg.registryType} ${pkg.identifier}${pkg.version ? `@${pkg.version}` : ''}`;
}

function transports(data: InfoData): string {
  const kinds = [
    ...data.packages.map((p) => (p as Partial<ServerPackage>).transport?.type),
    ...data.remotes.map((r) => r.type),
  ].filter((t): t is string => typeof t === 'string');
  return [...new Set(kinds)].join(', ') || 'unknown';
}

export function renderInfo(data: InfoData): string {
  const head = [`${data.name}${data.version ? ` ${data.version}` : ''}`];
  if (data.description) head.push(data.description);
  const registry =
    data.registryPriority === null
      ? data.registry
      : `${data.registry} (priority ${data.registryPriority})`;
  const fields: [string, string | string[]][] = [
    ['Local name', data.localName],
    ['Registry', data.trustLevel ? `${registry}, trust ${data.trustLevel}` : registry],
  ];
  if (data.status && data.status !== 'active') fields.push(['Status', data.status]);
  fields.push(
    ['License', data.license ?? 'unknown'],
    [
      'Package',
      [...data.packages.map(packageLine), ...data.remotes.map((r) => `${r.type} ${r.url}`)],
    ],
    ['Transport', transports(data)],
    ['Repository', data.repository ?? 'none'],
    ['Arguments', data.arguments.map(valueLine)],
    ['Environment', data.environment.map(valueLine)],
    [
      'Versions',
      data.versions.map((v, i) => (i === 0 ? `${v} (latest)` : v)).join(', ') || 'unknown',
    ],
    ['Also in', data.alsoIn.map((a) => `${a.registry} (${a.trustLevel})`).join(', ') || 'none'],
    ['Policy', data.policy.allowed ? 'allowed' : `refused: ${data.policy.reasons.join('; ')}`],
    [
      'Installed',
      data.installed
        ? `yes, as ${data.installed.name}${data.installed.version ? ` (${data.installed.version})` : ''}`
        : 'no',
    ],
  );
  return `${head.join('\n')}\n\n${fieldLines(fields)}`;
}

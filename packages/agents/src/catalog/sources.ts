import type { Integration } from './types.ts';

/**
 * What `catalog/sources.json` records for an integration that is neither built in nor an npm
 * package: a remote endpoint with the vendor's page that documents it, or the website of a
 * service that has no server yet. (npm packages are recorded in `npm-check.json`.)
 */
export type SourceCheckEntry =
  { kind: 'remote'; endpoint: string; source: string } | { kind: 'none'; website: string };

/** `catalog/sources.json`: integration id -> entry, sorted by id. */
export type SourceCheck = Readonly<Record<string, SourceCheckEntry>>;

/** An absolute https URL without placeholders or whitespace. */
function isHttpsUrl(value: string | undefined): boolean {
  if (!value || /\s|\{|\}/.test(value)) return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The record the catalog implies, sorted by id. */
export function sourcesOf(integrations: readonly Integration[]): SourceCheck {
  const entries: [string, SourceCheckEntry][] = [];
  for (const integration of integrations) {
    const { provider } = integration;
    if (provider.kind === 'remote') {
      entries.push([
        integration.id,
        { kind: 'remote', endpoint: provider.url, source: integration.source ?? '' },
      ]);
    } else if (provider.kind === 'none') {
      entries.push([integration.id, { kind: 'none', website: provider.website }]);
    }
  }
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * What keeps the record from being written: a remote endpoint without the https page that
 * documents it, an entry without a server without an https website, or a `source` on an entry
 * that is not remote (where it would say nothing).
 */
export function sourceProblems(integrations: readonly Integration[]): string[] {
  const problems: string[] = [];
  for (const integration of integrations) {
    const { id, provider, source } = integration;
    if (provider.kind === 'remote' && !isHttpsUrl(source)) {
      problems.push(`${id}: a remote endpoint needs the https URL of its vendor's documentation`);
    }
    if (provider.kind === 'none' && !isHttpsUrl(provider.website)) {
      problems.push(`${id}: an entry without a server needs the https URL of its website`);
    }
    if (provider.kind !== 'remote' && source !== undefined) {
      problems.push(`${id}: only remote entries record a source`);
    }
  }
  return problems;
}

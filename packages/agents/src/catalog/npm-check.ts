import type { Integration } from './types.ts';

/** What the registry said about one package when the catalog was last checked. */
export type NpmCheckEntry = {
  version: string;
  license: string;
  /** The source repository as an https URL, or null when the package names none. */
  repository: string | null;
  checkedAt: string;
};

/** `catalog/npm-check.json`: package name -> entry, sorted by name. */
export type NpmCheck = Readonly<Record<string, NpmCheckEntry>>;

export type NpmJudgement = { ok: true; entry: NpmCheckEntry } | { ok: false; problem: string };

/** The npm packages the catalog runs, sorted and without duplicates. */
export function npmPackagesOf(integrations: readonly Integration[]): string[] {
  const names = new Set<string>();
  for (const integration of integrations) {
    if (integration.provider.kind === 'npm') names.add(integration.provider.package);
  }
  return [...names].sort();
}

/**
 * Normalises the many spellings of a repository (`git+https://github.com/o/r.git`,
 * `git@github.com:o/r.git`, `git+ssh://git@github.com/o/r`, `github:o/r`) to an https URL.
 */
export function repositoryUrl(repository: unknown): string | null {
  const raw =
    typeof repository === 'string'
      ? repository
      : typeof repository === 'object' && repository !== null && 'url' in repository
        ? String((repository as { url: unknown }).url)
        : null;
  if (!raw) return null;
  let url = raw.trim();
  if (/^github:/.test(url)) url = `https://github.com/${url.slice('github:'.length)}`;
  else if (/^[\w.-]+\/[\w.-]+$/.test(url)) url = `https://github.com/${url}`;
  url = url
    .replace(/^git\+/, '')
    .replace(/^ssh:\/\/git@/, 'https://')
    .replace(/^git@([^:]+):/, 'https://$1/')
    .replace(/^git:\/\//, 'https://')
    .replace(/\.git$/, '');
  return url;
}

/** `{owner, repo}` of a github.com repository URL, or null for any other host. */
export function githubRepository(url: string | null): { owner: string; repo: string } | null {
  const match = url ? /^https:\/\/github\.com\/([^/]+)\/([^/#?]+)/.exec(url) : null;
  return match?.[1] && match[2] ? { owner: match[1], repo: match[2] } : null;
}

const DEPRECATION_NOTE = /^\s*\[?deprecated\b/i;

/**
 * Judges the JSON printed by `npm view <pkg> name version license deprecated repository
 * description --json`: the package must exist, carry a license and not be deprecated (either
 * by `npm deprecate` or by a description that says so).
 */
export function judgeNpmView(pkg: string, view: unknown, checkedAt: string): NpmJudgement {
  if (typeof view !== 'object' || view === null) {
    return { ok: false, problem: `${pkg}: npm view printed no package data` };
  }
  const data = view as Record<string, unknown>;
  if (data.error) {
    const error = data.error as { code?: unknown; summary?: unknown };
    const missing = error.code === 'E404';
    return {
      ok: false,
      problem: missing
        ? `${pkg}: not found in the npm registry`
        : `${pkg}: npm view failed (${String(error.code ?? 'unknown')}: ${String(error.summary ?? '')})`,
    };
  }
  if (data.name !== pkg || typeof data.version !== 'string') {
    return { ok: false, problem: `${pkg}: npm view returned no name and version` };
  }
  if (data.deprecated) {
    return { ok: false, problem: `${pkg}: deprecated (${String(data.deprecated)})` };
  }
  if (typeof data.description === 'string' && DEPRECATION_NOTE.test(data.description)) {
    return { ok: false, problem: `${pkg}: deprecated by its description (${data.description})` };
  }
  if (typeof data.license !== 'string' || data.license.trim() === '') {
    return { ok: false, problem: `${pkg}: has no license` };
  }
  return {
    ok: true,
    entry: {
      version: data.version,
      license: data.license,
      repository: repositoryUrl(data.repository),
      checkedAt,
    },
  };
}

/** The record with its keys sorted, so that the file diffs cleanly. */
export function sortedCheck(entries: Readonly<Record<string, NpmCheckEntry>>): NpmCheck {
  return Object.fromEntries(
    Object.keys(entries)
      .sort()
      .map((name) => [name, entries[name]!]),
  );
}

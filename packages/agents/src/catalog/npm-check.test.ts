import { describe, expect, it } from 'vitest';
import { INTEGRATIONS, npmPackageInfo } from './index.ts';
import npmCheckJson from './npm-check.json' with { type: 'json' };
import {
  githubRepository,
  judgeNpmView,
  npmPackagesOf,
  repositoryUrl,
  sortedCheck,
  type NpmCheck,
} from './npm-check.ts';

const NPM_CHECK: NpmCheck = npmCheckJson;
const AT = '2026-01-01T00:00:00.000Z';

describe('npm-check.json', () => {
  it('covers exactly the npm packages of the catalog, sorted, each licensed', () => {
    expect(Object.keys(NPM_CHECK)).toEqual(npmPackagesOf(INTEGRATIONS));
    for (const [pkg, entry] of Object.entries(NPM_CHECK)) {
      expect(entry.version, pkg).toMatch(/^\d+\.\d+\.\d+/);
      expect(entry.license.trim(), pkg).not.toBe('');
      expect(Number.isNaN(Date.parse(entry.checkedAt)), pkg).toBe(false);
    }
  });

  it('gives every npm integration its package info', () => {
    for (const integration of INTEGRATIONS) {
      const info = npmPackageInfo(integration);
      if (integration.provider.kind === 'npm') expect(info, integration.id).not.toBeNull();
      else expect(info, integration.id).toBeNull();
    }
  });

  it('names npm servers io.github.<owner>/<package or repo>, or dev.spoke.catalog/<id>', () => {
    // One package can serve several integrations with different arguments (Microsoft 365
    // presets): at most one of them takes the package's own name, the others their catalog id.
    const users = new Map<string, number>();
    for (const integration of INTEGRATIONS) {
      if (integration.provider.kind === 'npm') {
        const pkg = integration.provider.package;
        users.set(pkg, (users.get(pkg) ?? 0) + 1);
      }
    }
    for (const integration of INTEGRATIONS) {
      if (integration.provider.kind !== 'npm') continue;
      const pkg = integration.provider.package;
      const github = githubRepository(NPM_CHECK[pkg]?.repository ?? null);
      const own = `dev.spoke.catalog/${integration.id}`;
      if (users.get(pkg)! > 1 && integration.registryName === own) continue;
      if (!github) {
        expect(integration.registryName, integration.id).toBe(
          `dev.spoke.catalog/${integration.id}`,
        );
        continue;
      }
      const namespace = `io.github.${github.owner.toLowerCase()}`;
      const unscoped = pkg.replace(/^@[^/]+\//, '');
      expect([`${namespace}/${unscoped}`, `${namespace}/${github.repo}`], integration.id).toContain(
        integration.registryName,
      );
    }
  });
});

describe('judgeNpmView', () => {
  const view = {
    name: 'some-mcp',
    version: '1.2.3',
    license: 'MIT',
    repository: { type: 'git', url: 'git+https://github.com/acme/some-mcp.git' },
    description: 'An MCP server',
  };

  it('accepts a licensed, current package and records its repository as https', () => {
    expect(judgeNpmView('some-mcp', view, AT)).toEqual({
      ok: true,
      entry: {
        version: '1.2.3',
        license: 'MIT',
        repository: 'https://github.com/acme/some-mcp',
        checkedAt: AT,
      },
    });
  });

  it('rejects a missing package', () => {
    const result = judgeNpmView('gone-mcp', { error: { code: 'E404', summary: 'Not Found' } }, AT);
    expect(result).toEqual({ ok: false, problem: 'gone-mcp: not found in the npm registry' });
  });

  it('rejects a package deprecated with npm deprecate or by its description', () => {
    expect(judgeNpmView('some-mcp', { ...view, deprecated: 'Use other-mcp' }, AT)).toEqual({
      ok: false,
      problem: 'some-mcp: deprecated (Use other-mcp)',
    });
    const described = { ...view, description: '[DEPRECATED] Migrate to the remote server.' };
    expect(judgeNpmView('some-mcp', described, AT).ok).toBe(false);
    const renamed = { ...view, description: 'DEPRECATED: renamed to @acme/mcp.' };
    expect(judgeNpmView('some-mcp', renamed, AT).ok).toBe(false);
  });

  it('rejects a package without a license', () => {
    const { license: _license, ...unlicensed } = view;
    expect(judgeNpmView('some-mcp', unlicensed, AT)).toEqual({
      ok: false,
      problem: 'some-mcp: has no license',
    });
  });

  it('reports other npm failures with their code', () => {
    const result = judgeNpmView(
      'x-mcp',
      { error: { code: 'ETIMEDOUT', summary: 'timed out' } },
      AT,
    );
    expect(result).toEqual({ ok: false, problem: 'x-mcp: npm view failed (ETIMEDOUT: timed out)' });
  });
});

describe('repository URLs', () => {
  it.each([
    ['git+https://github.com/o/r.git', 'https://github.com/o/r'],
    ['git@github.com:o/r.git', 'https://github.com/o/r'],
    ['git+ssh://git@github.com/o/r.git', 'https://github.com/o/r'],
    ['github:o/r', 'https://github.com/o/r'],
    ['o/r', 'https://github.com/o/r'],
    ['https://gitlab.com/o/r.git', 'https://gitlab.com/o/r'],
  ])('normalises %s', (raw, expected) => {
    expect(repositoryUrl(raw)).toBe(expected);
    expect(repositoryUrl({ type: 'git', url: raw })).toBe(expected);
  });

  it('finds the owner and repository only on github.com', () => {
    expect(githubRepository('https://github.com/Acme/tool/tree/main/packages/x')).toEqual({
      owner: 'Acme',
      repo: 'tool',
    });
    expect(githubRepository('https://gitlab.com/acme/tool')).toBeNull();
    expect(githubRepository(null)).toBeNull();
    expect(repositoryUrl(undefined)).toBeNull();
  });

  it('sorts the written record by package name', () => {
    const entry = { version: '1.0.0', license: 'MIT', repository: null, checkedAt: AT };
    expect(Object.keys(sortedCheck({ b: entry, '@a/x': entry, a: entry }))).toEqual([
      '@a/x',
      'a',
      'b',
    ]);
  });
});

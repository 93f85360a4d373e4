import { describe, expect, it } from 'vitest';
import { INTEGRATIONS, npmPackageInfo } from './index.ts';
import documented from './documented-tool-schemas.json' with { type: 'json' };
import {
  BUILTIN_TOOL_SCHEMAS,
  documentedToolSchemasOf,
  npmToolListings,
  npmToolSchemasOf,
  toolSchemaOf,
  type DocumentedToolSchemas,
  type NpmToolListings,
  type ToolSchema,
} from './tool-schemas.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// The file is written by `node scripts/tool-schemas.ts --npm`, which needs the network; these
// checks only read it.
describe('npm-tool-schemas.json', () => {
  const npmPackages = new Map(
    INTEGRATIONS.flatMap((i) => (i.provider.kind === 'npm' ? [[i.id, i.provider.package]] : [])),
  );

  it('is sorted by id and keyed by npm integrations of the catalog, with their package', () => {
    const ids = Object.keys(npmToolListings());
    expect(ids).toEqual([...ids].sort());
    for (const [id, listing] of Object.entries(npmToolListings())) {
      expect(npmPackages.has(id), `${id} is an npm integration`).toBe(true);
      expect(listing.package, id).toBe(npmPackages.get(id));
      expect(listing.version, id).toMatch(/^\d+\.\d+\.\d+/);
      expect(Number.isNaN(Date.parse(listing.listed_at)), id).toBe(false);
    }
  });

  it('holds either tools with object schemas or a reason, for each listing', () => {
    for (const [id, listing] of Object.entries(npmToolListings())) {
      if ('tools' in listing) {
        expect('error' in listing, id).toBe(false);
        expect(isObject(listing.tools), id).toBe(true);
        for (const [name, tool] of Object.entries(listing.tools)) {
          expect(name, id).toMatch(/\S/);
          expect(isObject(tool.inputSchema), `${id}.${name}`).toBe(true);
          expect(tool.inputSchema.type, `${id}.${name}`).toBe('object');
          expect(typeof tool.readOnly, `${id}.${name}`).toBe('boolean');
          expect(Object.keys(tool).sort(), `${id}.${name}`).toEqual(['inputSchema', 'readOnly']);
        }
      } else {
        expect(typeof listing.error, id).toBe('string');
        expect(listing.error.trim(), id).not.toBe('');
      }
    }
  });

  it('has every tool the catalog names for a listed server: a plan can call each of them', () => {
    const current = npmToolSchemasOf(npmToolListings());
    const unknown = INTEGRATIONS.filter((i) => {
      const listing = npmToolListings()[i.id];
      return listing && 'tools' in listing && npmPackageInfo(i)?.version === listing.version;
    }).flatMap((i) =>
      i.tools.map((t) => `${i.id}.${t.name}`).filter((key) => !Object.hasOwn(current, key)),
    );
    expect(unknown).toEqual([]);
  });

  it('is what TOOL_SCHEMAS answers for current npm tools, under the built-ins', () => {
    const current = npmToolSchemasOf(npmToolListings());
    for (const [key, schema] of Object.entries(current)) {
      if (!(key in BUILTIN_TOOL_SCHEMAS)) expect(toolSchemaOf(key), key).toBe(schema);
    }
    for (const [key, schema] of Object.entries(BUILTIN_TOOL_SCHEMAS)) {
      expect(toolSchemaOf(key), key).toBe(schema);
    }
  });
});

describe('npmToolSchemasOf', () => {
  const integration = INTEGRATIONS.find((i) => i.provider.kind === 'npm')!;
  const pkg = integration.provider.kind === 'npm' ? integration.provider.package : '';
  const version = npmPackageInfo(integration)!.version;
  const tool: ToolSchema = { inputSchema: { type: 'object', properties: {} }, readOnly: true };
  const listed_at = '2026-01-01T00:00:00.000Z';

  it('keys the tools of a current listing by integration and tool', () => {
    const listings: NpmToolListings = {
      [integration.id]: { package: pkg, version, listed_at, tools: { look: tool } },
    };
    expect(npmToolSchemasOf(listings)).toEqual({ [`${integration.id}.look`]: tool });
  });

  it('leaves out failures, other versions or packages, and ids that are not npm integrations', () => {
    const listings: NpmToolListings = {
      [integration.id]: { package: pkg, version: '0.0.0-other', listed_at, tools: { look: tool } },
      'http-request': { package: pkg, version, listed_at, tools: { look: tool } },
      'no-such-integration': { package: pkg, version, listed_at, tools: { look: tool } },
    };
    expect(npmToolSchemasOf(listings)).toEqual({});
    expect(
      npmToolSchemasOf({
        [integration.id]: { package: 'another-package', version, listed_at, tools: { look: tool } },
      }),
    ).toEqual({});
    expect(
      npmToolSchemasOf({ [integration.id]: { package: pkg, version, listed_at, error: 'no' } }),
    ).toEqual({});
  });
});

describe('documented-tool-schemas.json', () => {
  const entries = documented as DocumentedToolSchemas;

  it('documents only servers that cannot be listed offline, each tool one of the catalog’s', () => {
    for (const [id, entry] of Object.entries(entries)) {
      const listing = npmToolListings()[id];
      expect(listing && 'error' in listing, `${id} could not be listed`).toBe(true);
      expect(entry.source, id).toMatch(
        /^https:\/\/github\.com\/[^/]+\/[^/]+\/blob\/[0-9a-f]{7,}\//,
      );
      const integration = INTEGRATIONS.find((i) => i.id === id)!;
      const catalogTools = new Set(integration.tools.map((t) => t.name));
      for (const [name, tool] of Object.entries(entry.tools)) {
        expect(catalogTools.has(name), `${id}.${name} is a catalog tool`).toBe(true);
        expect(tool.inputSchema.type, `${id}.${name}`).toBe('object');
        expect(toolSchemaOf(`${id}.${name}`), `${id}.${name}`).toBe(tool);
      }
    }
  });

  it('is used only while the integration is still the documented package', () => {
    const tool: ToolSchema = { inputSchema: { type: 'object', properties: {} }, readOnly: true };
    const why = 'asks its service first';
    const source = 'https://github.com/o/r/blob/abcdef0/x.go';
    expect(
      documentedToolSchemasOf({
        slack: { package: 'another-package', source, why, tools: { look: tool } },
        'web-page': { package: 'slack-mcp-server', source, why, tools: { look: tool } },
      }),
    ).toEqual({});
    expect(
      documentedToolSchemasOf({
        slack: { package: 'slack-mcp-server', source, why, tools: { look: tool } },
      }),
    ).toEqual({ 'slack.look': tool });
  });
});

import { describe, expect, it } from 'vitest';
import { CURRENT_SERVER_SCHEMA_URL, problemFields, validateServerJson } from './validate.ts';

const valid = {
  $schema: CURRENT_SERVER_SCHEMA_URL,
  name: 'dev.spoke.ada/weather',
  description: 'Temperature conversion and word counts over MCP',
  version: '0.1.0',
  repository: { url: 'https://github.com/ada/weather', source: 'github' },
  packages: [
    {
      registryType: 'npm',
      identifier: '@ada/weather',
      version: '0.1.0',
      transport: { type: 'stdio' },
      packageArguments: [{ type: 'positional', valueHint: 'directory' }],
      environmentVariables: [{ name: 'API_KEY', isSecret: true, isRequired: true }],
    },
  ],
  remotes: [{ type: 'streamable-http', url: 'https://weather.example.com/mcp' }],
};
const fieldsOf = (document: unknown) => problemFields(validateServerJson(document));

describe('validateServerJson', () => {
  it('accepts a complete document of each known revision', () => {
    expect(validateServerJson(valid)).toEqual([]);
    for (const revision of ['2025-10-17', '2025-09-29']) {
      const $schema = `https://static.modelcontextprotocol.io/schemas/${revision}/server.schema.json`;
      expect(validateServerJson({ ...valid, $schema })).toEqual([]);
    }
  });

  it('names each problem by its dotted path, in words', () => {
    expect(
      fieldsOf({
        ...valid,
        name: 'weather',
        description: 'x'.repeat(101),
        version: '^1.0.0',
        packages: [
          {
            registryType: 'apt',
            identifier: 'two words',
            version: 'latest',
            transport: { type: 'http' },
            packageArguments: [{ type: 'positional' }, { type: 'named' }],
          },
          { registryType: 'npm', identifier: 'x', version: '1.0.0', transport: { type: 'sse' } },
          {
            registryType: 'npm',
            identifier: 'y',
            transport: { type: 'stdio', url: 'https://y.example.com' },
          },
        ],
        remotes: [{ type: 'stdio', url: 'not a url' }],
      }),
    ).toEqual({
      name: 'must be a reverse-DNS namespace, a slash and a name, like dev.spoke.ada/weather',
      description: 'must be at most 100 characters',
      version: 'must be an exact version, not a range ("^1.0.0")',
      'packages.0.identifier': 'must not contain spaces',
      'packages.0.version': 'must be an exact version, not "latest"',
      'packages.0.transport.type': 'must be one of stdio, streamable-http, sse',
      'packages.0.packageArguments.0': 'a positional argument needs a valueHint or a value',
      'packages.0.packageArguments.1.name': 'is required',
      'packages.1.transport.url': 'is required',
      'packages.2.transport.url': 'must be empty for stdio',
      'remotes.0.type': 'must be one of streamable-http, sse',
    });
  });

  it('needs a known $schema', () => {
    const { $schema: _, ...unnamed } = valid;
    expect(fieldsOf(unnamed)).toEqual({ $schema: 'is required' });
    for (const $schema of [
      'https://example.com/server.schema.json',
      'constructor',
      '__proto__',
      'toString',
      'hasOwnProperty',
    ]) {
      expect(fieldsOf({ ...valid, $schema })).toEqual({
        $schema: `must be a known server.json schema, like ${CURRENT_SERVER_SCHEMA_URL}`,
      });
    }
  });

  it('refuses the names the official registry refuses', () => {
    expect(fieldsOf({ ...valid, name: 'dev.spoke.catalog/x' })).toEqual({
      name: 'has an invalid name "x": at least two letters, digits, dots, underscores or hyphens, starting and ending with a letter or digit',
    });
    expect(fieldsOf({ ...valid, name: 'dev.spoke.ada_b/weather' }).name).toMatch(/namespace/);
    expect(fieldsOf({ ...valid, name: 'a/b/c' }).name).toBeDefined();
    expect(fieldsOf({ ...valid, name: 'dev.spoke.a-b/x.y_z' })).toEqual({});
  });

  it('refuses version ranges in every form the official registry names', () => {
    for (const range of ['~1.2.3', '>=1.0.0', '1.x', '1.2.*', '1.0.0 - 2.0.0', '1.2 || 1.3']) {
      expect(fieldsOf({ ...valid, version: range }).version).toMatch(/range/);
    }
    for (const exact of ['1.0.0', '2.1.0-alpha', '2024.05.01', 'v3']) {
      expect(fieldsOf({ ...valid, version: exact })).toEqual({});
    }
  });

  it('takes package fields and registry types it does not know, and no package version', () => {
    expect(
      fieldsOf({
        ...valid,
        packages: [
          { registryType: 'cargo', identifier: 'weather', transport: { type: 'stdio' }, x: 1 },
          {
            registryType: 'oci',
            identifier: 'ghcr.io/ada/weather:1.0',
            transport: { type: 'stdio' },
          },
        ],
      }),
    ).toEqual({});
  });

  it('takes https addresses only for the website, remotes and icons; no localhost remote', () => {
    expect(
      fieldsOf({
        ...valid,
        websiteUrl: 'http://weather.example.com',
        icons: [
          { src: 'http://weather.example.com/icon.png' },
          { src: 'https://weather.example.com/icon.gif', mimeType: 'image/gif' },
        ],
        remotes: [
          { type: 'sse', url: 'http://weather.example.com/sse' },
          { type: 'sse', url: 'https://localhost:8080/sse' },
          { type: 'sse', url: 'https://{tenant}.example.com/sse' },
        ],
      }),
    ).toEqual({
      websiteUrl: 'must be an https:// URL',
      'icons.0.src': 'must be an https:// URL',
      'icons.1.mimeType':
        'must be one of image/png, image/jpeg, image/jpg, image/svg+xml, image/webp',
      'remotes.0.url': 'must be an https:// URL',
      'remotes.1.url': 'must not be a localhost address',
      'remotes.2.url': 'uses {tenant}, which no variable, argument or environment variable defines',
    });
  });

  it('refuses repeated remotes, whitespace titles and a publisher _meta past 4 KB', () => {
    expect(
      fieldsOf({
        ...valid,
        title: '   ',
        remotes: [valid.remotes[0], valid.remotes[0]],
        _meta: { 'io.modelcontextprotocol.registry/publisher-provided': { x: 'y'.repeat(4096) } },
      }),
    ).toEqual({
      title: 'must not be only whitespace',
      'remotes.1.url': 'repeats remotes.0.url',
      '_meta.io.modelcontextprotocol.registry/publisher-provided':
        'must be at most 4096 bytes of JSON (is 4104)',
    });
  });

  it('refuses repository and registry addresses that are not web addresses', () => {
    expect(
      fieldsOf({
        ...valid,
        repository: { url: 'JavaScript:alert(1)', source: 'github' },
        packages: [{ ...valid.packages[0], registryBaseUrl: 'file:///etc/passwd' }],
      }),
    ).toEqual({
      'repository.url': 'must be a github repository address, like https://github.com/owner/repo',
      'packages.0.registryBaseUrl': 'must be an http:// or https:// URL, not file:',
    });
    for (const source of ['forge', 'constructor', '__proto__', 'valueOf']) {
      expect(
        fieldsOf({ ...valid, repository: { url: 'https://example.org/ada', source } }),
      ).toEqual({ 'repository.source': 'must be one of github, gitlab' });
    }
  });

  it('refuses a transport or remote that is not an object, or of a type it does not know', () => {
    const pkg = valid.packages[0];
    for (const transport of [1e308, 'stdio', null, []]) {
      expect(
        fieldsOf({ ...valid, packages: [{ ...pkg, transport }] })['packages.0.transport'],
      ).toBe('must be an object');
    }
    for (const type of ['constructor', 'toString', '__proto__']) {
      expect(
        fieldsOf({ ...valid, packages: [{ ...pkg, transport: { type } }], remotes: [{ type }] }),
      ).toEqual({
        'packages.0.transport.type': 'must be one of stdio, streamable-http, sse',
        'remotes.0.type': 'must be one of streamable-http, sse',
      });
    }
  });

  it('refuses what is not an object, and missing fields', () => {
    expect(validateServerJson(null)).toEqual([{ path: '', message: 'must be an object' }]);
    expect(validateServerJson([])).toEqual([{ path: '', message: 'must be an object' }]);
    expect(fieldsOf({ $schema: CURRENT_SERVER_SCHEMA_URL })).toEqual({
      name: 'is required',
      description: 'is required',
      version: 'is required',
    });
  });
});

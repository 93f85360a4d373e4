import { describe, expect, it } from 'vitest';
import { problemFields, validateServerJson } from './validate.ts';

const valid = {
  $schema: 'https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json',
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

describe('validateServerJson', () => {
  it('accepts a complete document', () => {
    expect(validateServerJson(valid)).toEqual([]);
  });

  it('names each problem by its dotted path, in words', () => {
    const fields = problemFields(
      validateServerJson({
        ...valid,
        name: 'weather',
        description: 'x'.repeat(101),
        version: '^1.0.0',
        packages: [
          {
            registryType: 'apt',
            identifier: '',
            version: 'latest',
            transport: { type: 'http' },
            packageArguments: [{ type: 'positional' }, { type: 'named' }],
            extra: true,
          },
          { registryType: 'npm', identifier: 'x', version: '1.0.0', transport: { type: 'sse' } },
        ],
        remotes: [{ type: 'stdio', url: 'not a url' }],
      }),
    );
    expect(fields).toEqual({
      name: 'must be a reverse-DNS namespace, a slash and a name, like dev.spoke.ada/weather',
      description: 'must be at most 100 characters',
      version: 'must be an exact version, not a range ("^1.0.0")',
      'packages.0.registryType': 'must be one of npm, pypi, oci, nuget, mcpb',
      'packages.0.identifier': 'must not be empty',
      'packages.0.version': 'must be an exact version, not "latest"',
      'packages.0.transport.type': 'must be one of stdio, streamable-http, sse',
      'packages.0.packageArguments.0': 'a positional argument needs a valueHint or a value',
      'packages.0.packageArguments.1.name': 'is required',
      'packages.0.extra': 'is not a known field',
      'packages.1.transport.url': 'is required',
      'remotes.0.type': 'must be one of streamable-http, sse',
      'remotes.0.url': 'must be a URL',
    });
  });

  it('accepts http:// and https:// addresses', () => {
    expect(
      validateServerJson({
        ...valid,
        websiteUrl: 'http://weather.example.com',
        packages: [{ ...valid.packages[0], registryBaseUrl: 'https://registry.npmjs.org' }],
        remotes: [{ type: 'sse', url: 'http://127.0.0.1:8080/sse' }],
      }),
    ).toEqual([]);
  });

  it('refuses website, repository, remote and registry addresses that are not http(s)', () => {
    const fields = problemFields(
      validateServerJson({
        ...valid,
        websiteUrl: "javascript:alert('website')",
        repository: { url: 'JavaScript:alert(1)', source: 'github' },
        packages: [{ ...valid.packages[0], registryBaseUrl: 'file:///etc/passwd' }],
        remotes: [
          { type: 'streamable-http', url: 'https://weather.example.com/mcp' },
          { type: 'sse', url: ' data:text/html,<script>alert(1)</script>' },
        ],
      }),
    );
    expect(fields).toEqual({
      websiteUrl: 'must be an http:// or https:// URL, not javascript:',
      'repository.url': 'must be an http:// or https:// URL, not javascript:',
      'packages.0.registryBaseUrl': 'must be an http:// or https:// URL, not file:',
      'remotes.1.url': 'must be an http:// or https:// URL, not data:',
    });
  });

  it('gives one message for an address that is not a URL at all', () => {
    expect(
      validateServerJson({ ...valid, repository: { url: 'github.com/ada', source: 'github' } }),
    ).toEqual([{ path: 'repository.url', message: 'must be a URL' }]);
  });

  it('refuses what is not an object, and missing fields', () => {
    expect(validateServerJson(null)).toEqual([{ path: '', message: 'must be an object' }]);
    expect(validateServerJson([])).toEqual([{ path: '', message: 'must be an object' }]);
    expect(problemFields(validateServerJson({}))).toEqual({
      name: 'is required',
      description: 'is required',
      version: 'is required',
    });
  });
});

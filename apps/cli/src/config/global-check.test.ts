import { describe, expect, it } from 'vitest';
import { defaultGlobalConfig } from './global-config.ts';
import { checkGlobalConfigFile } from './global-check.ts';
import { GlobalConfigFileSchema } from './global-schema.ts';

const env = { SPOKE_CONFIG_DIR: '/home/ada/.config/spoke' };

const registry = (name: string, priority: number, extra: Record<string, unknown> = {}) => ({
  name,
  url: `https://${name}.example.com`,
  scope: '*',
  type: 'community',
  priority,
  trustLevel: 'verified',
  ...extra,
});

/** Valid files of every shape the schema allows. */
const VALID: unknown[] = [
  {},
  defaultGlobalConfig(env),
  { registries: [] },
  { plugins: [] },
  {
    registries: [
      registry('team', 5, { scope: 'com.acme', type: 'enterprise', trustLevel: 'trusted' }),
      registry('files', 40, { url: 'file:///srv/registry.json', type: 'local' }),
      registry('windows', 41, { url: 'C:\\registry.json', type: 'local' }),
      registry('nocheck', 1000, { healthCheck: null }),
      registry('check', 0, { healthCheck: { enabled: false, endpoint: 'http://h.example/up' } }),
    ],
    templates: { author: 'Ada', namespace: 'com.acme.tools' },
    plugins: ['spoke-plugin-a', ''],
    security: { allowedLicenses: ['MIT', 'Apache-2.0'], allowedRegistries: ['team'] },
    performance: { callTimeout: '2m', registryTimeout: '500ms' },
    oauth: { clientMetadataUrl: 'https://spoke.example/oauth/spoke-cli.json' },
  },
  {
    security: { minTrustLevel: 'verified', allowedLicenses: null, allowedRegistries: null },
    templates: {},
    performance: {},
    oauth: { clientMetadataUrl: 'none' },
  },
  { oauth: {} },
  // Keys in another order than the schema's.
  {
    performance: { callTimeout: '1s', registryTimeout: '2s' },
    registries: [
      {
        priority: 7,
        healthCheck: { interval: '1m', endpoint: '/health', enabled: true },
        trustLevel: 'unverified',
        type: 'official',
        scope: '*',
        url: 'http://127.0.0.1:8080',
        name: 'local-dev',
      },
    ],
  },
];

/** Values that some field or other refuses. */
const ODD_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1001,
  2 ** 60,
  '',
  ' ',
  'x',
  '3 seconds',
  'trusted',
  'local',
  '*',
  '/path',
  'http://h.example',
  'https://h.example/',
  'http://127.0.0.1/client.json',
  'none',
  'https://h.example/client.json',
  'com.acme',
  'Com.Acme',
  [],
  ['x'],
  [''],
  {},
  { enabled: true },
];

/** Every way of changing one field of a valid file: a new value, removed, or a stranger key. */
function* variants(value: unknown, replace: (v: unknown) => unknown): Generator<unknown> {
  for (const odd of ODD_VALUES) yield replace(odd);
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      yield* variants(item, (v) => replace(value.map((x, j) => (j === i ? v : x))));
      yield replace(value.filter((_, j) => j !== i));
      yield replace([...value, item]);
    }
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    yield replace({ ...record, stranger: 1 });
    for (const key of Object.keys(record)) {
      yield* variants(record[key], (v) => replace({ ...record, [key]: v }));
      const { [key]: _, ...rest } = record;
      yield replace(rest);
    }
  }
}

function agree(data: unknown): void {
  const quick = checkGlobalConfigFile(data);
  const zod = GlobalConfigFileSchema.safeParse(data);
  const sample = JSON.stringify(data);
  expect(quick !== null, sample).toBe(zod.success);
  // The same content, keys in the same order, as what gets saved back comes from it.
  if (quick !== null && zod.success)
    expect(JSON.stringify(quick), sample).toBe(JSON.stringify(zod.data));
}

describe('the quick check of config.json', () => {
  it('accepts what the schema accepts, returning the same content', () => {
    for (const data of VALID) {
      expect(checkGlobalConfigFile(data), JSON.stringify(data)).not.toBeNull();
      agree(data);
    }
  });

  it('refuses what the schema refuses, field by field', () => {
    let refused = 0;
    for (const valid of VALID) {
      for (const data of variants(valid, (v) => v)) {
        agree(data);
        if (checkGlobalConfigFile(data) === null) refused++;
      }
    }
    expect(refused).toBeGreaterThan(1000);
  });

  it('applies the rules across registries', () => {
    const a = registry('a', 10);
    const cases = [
      [a, registry('a', 20)],
      [a, registry('b', 10)],
      [registry('a', 10, { scope: 'com.acme' }), registry('b', 20, { scope: 'com.acme' })],
      [registry('a', 10, { type: 'local' })],
      [registry('a', 10, { url: '/srv/registry.json' })],
      [registry('a', 10, { url: 'relative.json', type: 'local' })],
    ];
    for (const registries of cases) {
      expect(checkGlobalConfigFile({ registries })).toBeNull();
      agree({ registries });
    }
  });
});

import { LOCAL_NAME } from '../parse/values.ts';
import type { Problem } from '../specs/types.ts';
import { closest } from '../util/suggest.ts';

export const VALUE_TYPES = ['secret', 'string', 'path', 'url', 'boolean'] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

export type FixedKey = {
  kind: 'fixed';
  key: string;
  file: 'spoke.json' | 'config.json';
  section: string;
  field: string;
  type: ValueType;
  format?: 'duration' | 'namespace' | 'workspace-name' | 'client-metadata-url';
  readOnly?: boolean;
  /** The default value; `workspace.name` defaults to the directory's name instead. */
  default?: string | boolean;
};

export type ServerKey = {
  kind: 'server';
  key: string;
  server: string;
  part: 'env' | 'headers';
  variable: string;
};

export type SecretKey = { kind: 'secret'; key: string };

export type KeyInfo = FixedKey | ServerKey | SecretKey;

const fixed = (key: string, rest: Omit<FixedKey, 'kind' | 'key' | 'section' | 'field'>) => {
  const [section = '', field = ''] = key.split('.');
  return { kind: 'fixed', key, section, field, ...rest } as FixedKey;
};

/** The keys with a fixed type, in the order `spoke config list` shows them. */
export const FIXED_KEYS: readonly FixedKey[] = [
  fixed('workspace.name', { file: 'spoke.json', type: 'string', format: 'workspace-name' }),
  fixed('workspace.template', { file: 'spoke.json', type: 'string', readOnly: true }),
  fixed('workspace.createdAt', { file: 'spoke.json', type: 'string', readOnly: true }),
  fixed('development.autoReload', { file: 'spoke.json', type: 'boolean', default: true }),
  fixed('development.verbose', { file: 'spoke.json', type: 'boolean', default: false }),
  fixed('templates.author', { file: 'config.json', type: 'string', default: '' }),
  fixed('templates.namespace', {
    file: 'config.json',
    type: 'string',
    format: 'namespace',
    default: 'dev.spoke.example',
  }),
  fixed('performance.registryTimeout', {
    file: 'config.json',
    type: 'string',
    format: 'duration',
    default: '3s',
  }),
  fixed('performance.serverStartTimeout', {
    file: 'config.json',
    type: 'string',
    format: 'duration',
    default: '10s',
  }),
  fixed('performance.callTimeout', {
    file: 'config.json',
    type: 'string',
    format: 'duration',
    default: '60s',
  }),
  // No default here: absent, it is the platform's document, which depends on SPOKE_URL.
  fixed('oauth.clientMetadataUrl', {
    file: 'config.json',
    type: 'url',
    format: 'client-metadata-url',
  }),
];

const MANAGED: Record<string, Problem> = {
  registries: {
    message: 'registries are changed with spoke registry, not spoke config',
    hint: 'see spoke registry --help',
  },
  security: {
    message: 'the policy is changed with spoke policy set, not spoke config',
    hint: 'see spoke policy --help',
  },
  plugins: {
    message: 'plugins is edited in config.json by hand, not with spoke config',
    hint: 'see spoke config --help',
  },
};

const VARIABLE = /^[A-Za-z_][A-Za-z0-9_]*$/;
const HEADER = /^[A-Za-z0-9-]+$/;

/** Which file and type a key has, or the usage problem with it. Pure: reads no file. */
export function classifyKey(key: string): KeyInfo | { problem: Problem } {
  const found = FIXED_KEYS.find((k) => k.key === key);
  if (found) return found;
  if (key === 'serve.token') return { kind: 'secret', key };
  const [first = '', server = '', part = '', ...rest] = key.split('.');
  const managed = Object.hasOwn(MANAGED, first) ? MANAGED[first] : undefined;
  if (managed) return { problem: managed };
  if (first === 'servers') {
    const variable = rest.join('.');
    if (!LOCAL_NAME.test(server)) {
      return { problem: `invalid server name "${server}" in key "${key}"` };
    }
    if (
      (part === 'env' && VARIABLE.test(variable)) ||
      (part === 'headers' && HEADER.test(variable))
    ) {
      return { kind: 'server', key, server, part, variable };
    }
    return {
      problem: {
        message: `unknown config key "${key}"`,
        hint: 'server keys are servers.<server>.env.<VAR> and servers.<server>.headers.<Header>; edit other server fields in spoke.json',
      },
    };
  }
  const guess = closest(key, [...FIXED_KEYS.map((k) => k.key), 'serve.token']);
  return {
    problem: {
      message: `unknown config key "${key}"`,
      hint: guess ? `did you mean ${guess}? See spoke config list` : 'see spoke config list',
    },
  };
}

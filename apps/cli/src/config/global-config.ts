import { platformUrl } from '../platform.ts';
import { DEFAULT_SANDBOX_BELOW, type Policy } from '../policy/types.ts';
import { closest } from '../util/suggest.ts';
import { jsonText, writeFileAtomic } from './atomic-write.ts';
import { checkGlobalConfigFile } from './global-check.ts';
import type { GlobalConfigFile, RegistryEntry } from './global-schema.ts';
import { invalidFileError, valueAt, type HintFor } from './issues.ts';
import { readJsonFile, writeFailure } from './json-file.ts';
import { globalSchemas } from './lazy-schemas.ts';
import { configFile, localRegistryFile } from './paths.ts';

export type GlobalConfig = {
  registries: RegistryEntry[];
  templates: { author: string; namespace: string };
  plugins: string[];
  security: Policy;
  performance: { registryTimeout: string; serverStartTimeout: string; callTimeout: string };
};

export type LoadedGlobalConfig = {
  file: string;
  /** Every field, defaults filled in. */
  config: GlobalConfig;
  /** The file's own content: change this and save it, so absent fields stay absent. */
  raw: GlobalConfigFile;
  created: boolean;
};

export const SECTIONS = ['registries', 'templates', 'plugins', 'security', 'performance', 'oauth'];

export function defaultRegistries(env: NodeJS.ProcessEnv): RegistryEntry[] {
  return [
    {
      name: 'official',
      url: 'https://registry.modelcontextprotocol.io',
      scope: '*',
      type: 'official',
      priority: 10,
      trustLevel: 'trusted',
      healthCheck: { enabled: true, endpoint: '/v0/health', interval: '5m' },
    },
    {
      name: 'spoke',
      url: 'http://localhost:3000/registry',
      scope: '*',
      type: 'community',
      priority: 20,
      trustLevel: 'verified',
      healthCheck: { enabled: true, endpoint: '/api/health', interval: '5m' },
    },
    {
      name: 'local',
      url: localRegistryFile(env),
      scope: '*',
      type: 'local',
      priority: 30,
      trustLevel: 'unverified',
    },
  ];
}

export function defaultGlobalConfig(env: NodeJS.ProcessEnv): GlobalConfig {
  return {
    registries: defaultRegistries(env),
    templates: { author: '', namespace: 'dev.spoke.example' },
    plugins: [],
    security: {
      allowedLicenses: null,
      minTrustLevel: 'unverified',
      allowedRegistries: null,
      sandboxBelow: DEFAULT_SANDBOX_BELOW,
    },
    performance: { registryTimeout: '3s', serverStartTimeout: '10s', callTimeout: '60s' },
  };
}

/** A Map, so that a field such as `constructor` has no default rather than Object's own. */
const PERFORMANCE_DEFAULTS = new Map([
  ['registryTimeout', '3s'],
  ['serverStartTimeout', '10s'],
  ['callTimeout', '60s'],
]);

/** The fix for a problem in config.json, by where it is. */
export const globalHint: HintFor = (path, value, data) => {
  const [section, index, field] = path;
  if (path.length === 1 && typeof section === 'string' && !SECTIONS.includes(section)) {
    const guess = closest(section, SECTIONS);
    return `edit the file: ${guess ? `did you mean "${guess}"? ` : ''}the sections are ${SECTIONS.join(', ')}`;
  }
  if (section === 'security') {
    if (index === 'minTrustLevel')
      return 'edit the file, or run: spoke policy set min-trust verified';
    if (index === 'allowedLicenses') {
      return 'edit the file, or run: spoke policy set allowed-licenses <list>';
    }
    if (index === 'allowedRegistries') {
      return 'edit the file, or run: spoke policy set allowed-registries <list>';
    }
    if (index === 'sandboxBelow')
      return 'edit the file, or run: spoke policy set sandbox-below trusted';
  }
  if (section === 'registries' && typeof index === 'number') {
    const name = valueAt(data, ['registries', index, 'name']);
    if (field === 'priority' && typeof name === 'string') {
      const n = /^\d+$/.test(String(value)) ? String(value) : '<priority>';
      return `edit the file, or set it with: spoke registry set-priority ${name} ${n}`;
    }
    return 'edit the file, or remove the registry and add it again (see spoke registry add --help)';
  }
  if (section === 'performance' && typeof index === 'string') {
    return `edit the file, or run: spoke config set performance.${index} ${PERFORMANCE_DEFAULTS.get(index) ?? '3s'}`;
  }
  if (section === 'templates' && index === 'namespace') {
    return 'edit the file, or run: spoke config set templates.namespace dev.spoke.example';
  }
  if (section === 'oauth' && index === 'clientMetadataUrl') {
    return 'edit the file, or run: spoke config set oauth.clientMetadataUrl none (or an https:// URL)';
  }
  if (section === 'plugins')
    return 'edit the file: plugins is a list of package names, [] when unused';
  return null;
};

/**
 * Reads config.json, validating every field; creates it with the defaults the first time a
 * command needs it (unless `create` is false).
 */
export function loadGlobalConfig(env: NodeJS.ProcessEnv, create = true): LoadedGlobalConfig {
  const file = configFile(env);
  const read = readJsonFile(file, 'edit the file to fix it');
  if (!read.exists) {
    const config = defaultGlobalConfig(env);
    if (create) saveGlobalConfig(file, config);
    return { file, config, raw: config, created: create };
  }
  const data = checkGlobalConfigFile(read.data) ?? validateGlobalConfig(file, read.data);
  const defaults = defaultGlobalConfig(env);
  return {
    file,
    created: false,
    raw: data,
    config: {
      registries: data.registries ?? defaults.registries,
      templates: { ...defaults.templates, ...data.templates },
      plugins: data.plugins ?? [],
      security: { ...defaults.security, ...data.security },
      performance: { ...defaults.performance, ...data.performance },
    },
  };
}

/** The schema's verdict on a file that the quick check did not pass: the error, or the data. */
function validateGlobalConfig(file: string, data: unknown): GlobalConfigFile {
  const parsed = globalSchemas().GlobalConfigFileSchema.safeParse(data);
  if (!parsed.success) throw invalidFileError(file, data, parsed.error.issues, globalHint);
  return parsed.data;
}

export function saveGlobalConfig(file: string, data: GlobalConfigFile): void {
  const registries = data.registries?.map(({ healthCheck, ...rest }) =>
    healthCheck ? { ...rest, healthCheck } : rest,
  );
  try {
    writeFileAtomic(file, jsonText(registries ? { ...data, registries } : data));
  } catch (err) {
    throw writeFailure(file, err);
  }
}

/** The registries in use, by priority, with `SPOKE_URL` applied to the one named spoke. */
export function effectiveRegistries(config: GlobalConfig, env: NodeJS.ProcessEnv): RegistryEntry[] {
  return config.registries
    .map((r) =>
      r.name === 'spoke' && env.SPOKE_URL?.trim()
        ? { ...r, url: `${platformUrl(env)}/registry` }
        : r,
    )
    .sort((a, b) => a.priority - b.priority);
}

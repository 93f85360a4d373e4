/**
 * The official registry's rules beyond its JSON Schema, as its publish validation states them
 * (names, exact versions, https addresses, icons, transports, arguments, publisher metadata).
 */

/** One problem with a server.json document; `path` is dotted (`packages.0.transport.type`). */
export type ServerJsonProblem = { path: string; message: string };

type Input = { name?: unknown; value?: unknown; default?: unknown; valueHint?: unknown };
type Argument = Input & { type?: unknown };
type Transport = {
  type?: unknown;
  url?: unknown;
  variables?: Record<string, unknown> | null;
};
type Package = {
  identifier?: unknown;
  version?: unknown;
  registryBaseUrl?: unknown;
  transport?: Transport | null;
  runtimeArguments?: (Argument | null)[];
  packageArguments?: (Argument | null)[];
  environmentVariables?: (Input | null)[];
};
export type Document = {
  name?: unknown;
  title?: unknown;
  version?: unknown;
  websiteUrl?: unknown;
  repository?: { url?: unknown; source?: unknown; subfolder?: unknown } | null;
  icons?: ({ src?: unknown } | null)[];
  packages?: (Package | null)[];
  remotes?: (Transport | null)[];
  _meta?: Record<string, unknown> | null;
} | null;

export const PUBLISHER_META_KEY = 'io.modelcontextprotocol.registry/publisher-provided';
/** The most the publisher's `_meta` may hold, in bytes of JSON. */
export const PUBLISHER_META_MAX_BYTES = 4 * 1024;

// Both parts start and end with a letter or digit: `dev.spoke.ada/weather`, not `a/x`.
const NAMESPACE = '[a-zA-Z0-9][a-zA-Z0-9.-]*[a-zA-Z0-9]';
const NAME_PART = '[a-zA-Z0-9][a-zA-Z0-9._-]*[a-zA-Z0-9]';
const SERVER_NAME = new RegExp(`^${NAMESPACE}/${NAME_PART}$`);
const NAMESPACE_ONLY = new RegExp(`^${NAMESPACE}$`);

// What reads as a range rather than one version: comparators, hyphen and OR ranges, wildcards.
const V = String.raw`v?\d+(?:\.\d+){0,3}(?:-[0-9A-Za-z.-]+)?`;
const RANGES = [
  new RegExp(String.raw`^\s*(?:\^|~|>=|<=|>|<|=)\s*${V}\s*$`),
  new RegExp(String.raw`^\s*${V}\s-\s*${V}\s*$`),
  new RegExp(String.raw`^\s*(?:${V}\s*)(?:\|\|\s*${V}\s*)+$`),
];
const DOTTED = /^\s*(?:v?\d+|x|X|\*)(?:\.(?:\d+|x|X|\*)){1,2}(?:-[0-9A-Za-z.-]+)?\s*$/;

export function looksLikeRange(version: string): boolean {
  const trimmed = version.trim();
  if (!trimmed) return false;
  if (RANGES.some((re) => re.test(trimmed))) return true;
  return DOTTED.test(trimmed) && /[xX*]/.test(trimmed);
}

/** A Map, so that a source such as `constructor` is unknown rather than Object's own. */
const REPOSITORY_URL = new Map<string, RegExp>([
  ['github', /^https?:\/\/(www\.)?github\.com\/[\w.-]+\/[\w.-]+\/?$/],
  ['gitlab', /^https?:\/\/(www\.)?gitlab\.com\/[\w.-]+(\/[\w.-]+)+\/?$/],
]);

const TEMPLATE = /\{([^}]+)\}/g;
const variablesIn = (url: string) => [...url.matchAll(TEMPLATE)].map((m) => m[1]!);

/** The URL with `{variables}` replaced by values that parse, as the official check does. */
function withPlaceholders(url: string): string {
  return url
    .replaceAll('{host}', 'example.com')
    .replaceAll('{port}', '8080')
    .replaceAll('{path}', 'api')
    .replaceAll('{protocol}', 'http')
    .replaceAll('{scheme}', 'http')
    .replace(/:(\{[^}]+\})(\/|$)/g, ':8080$2')
    .replace(/\{[^}]+\}/g, 'placeholder');
}

function parsed(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** An absolute http(s) URL with a host once its `{variables}` are filled. */
function isWebUrl(url: string): boolean {
  const u = parsed(withPlaceholders(url));
  return !!u && (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
}

function isLocalHost(url: string): boolean {
  const host = parsed(withPlaceholders(url))?.hostname ?? '';
  return host === 'localhost' || host === '127.0.0.1' || host.endsWith('.localhost');
}

const isSubfolder = (path: string) =>
  !path.startsWith('/') &&
  !path.endsWith('/') &&
  /^[a-zA-Z0-9\-_./]+$/.test(path) &&
  path.split('/').every((s) => s !== '' && s !== '.' && s !== '..');

const listOf = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

function nameProblem(name: string): string | null {
  if (SERVER_NAME.test(name)) return null;
  const slashes = name.split('/').length - 1;
  if (slashes > 1) return 'must have exactly one slash';
  const [namespace = '', part = ''] = name.split('/');
  if (slashes === 0 || !namespace || !part) {
    return 'must be a reverse-DNS namespace, a slash and a name, like dev.spoke.ada/weather';
  }
  if (!NAMESPACE_ONLY.test(namespace)) {
    return `has an invalid namespace "${namespace}": letters, digits, dots and hyphens, starting and ending with a letter or digit`;
  }
  return `has an invalid name "${part}": at least two letters, digits, dots, underscores or hyphens, starting and ending with a letter or digit`;
}

function versionProblem(version: string): string | null {
  if (version === 'latest') return 'must be an exact version, not "latest"';
  return looksLikeRange(version) ? `must be an exact version, not a range ("${version}")` : null;
}

function argumentProblems(path: string, arg: Argument | null): ServerJsonProblem[] {
  if (arg?.type !== 'named') return [];
  const name = text(arg.name) ?? '';
  if (!name) return [{ path: `${path}.name`, message: 'is required' }];
  const out: ServerJsonProblem[] = [];
  if (/[<> $]/.test(name)) {
    out.push({
      path: `${path}.name`,
      message: 'must be the flag alone, like --port: no spaces, <, > or $',
    });
  }
  for (const key of ['value', 'default'] as const) {
    const v = text(arg[key]);
    if (v && v.startsWith(name)) {
      out.push({ path: `${path}.${key}`, message: `must not start with the flag ${name}` });
    }
  }
  return out;
}

function packageVariables(pkg: Package): string[] {
  const args = [...listOf(pkg.runtimeArguments), ...listOf(pkg.packageArguments)];
  return [
    ...listOf(pkg.environmentVariables).map((e) => text(e?.name)),
    ...args.flatMap((a) => [text(a?.name), text(a?.valueHint)]),
  ].filter((v): v is string => !!v);
}

function templatedUrlProblem(url: string, available: readonly string[]): string | null {
  if (!isWebUrl(url)) return 'must be an http:// or https:// URL';
  const missing = variablesIn(url).filter((v) => !available.includes(v));
  return missing.length
    ? `uses {${missing.join('}, {')}}, which no variable, argument or environment variable defines`
    : null;
}

function packageProblems(path: string, pkg: Package | null): ServerJsonProblem[] {
  if (!pkg) return [];
  const out: ServerJsonProblem[] = [];
  const identifier = text(pkg.identifier);
  if (identifier?.includes(' ')) {
    out.push({ path: `${path}.identifier`, message: 'must not contain spaces' });
  }
  const version = text(pkg.version);
  const bad = version === undefined ? null : versionProblem(version);
  if (bad) out.push({ path: `${path}.version`, message: bad });
  for (const key of ['runtimeArguments', 'packageArguments'] as const) {
    for (const [i, arg] of listOf(pkg[key]).entries()) {
      out.push(...argumentProblems(`${path}.${key}.${i}`, arg));
    }
  }
  const transport = pkg.transport;
  if (!transport || typeof transport !== 'object') return out;
  const url = text(transport.url);
  switch (transport.type) {
    case 'stdio':
      if (url) out.push({ path: `${path}.transport.url`, message: 'must be empty for stdio' });
      break;
    case 'streamable-http':
    case 'sse': {
      if (!url) {
        out.push({ path: `${path}.transport.url`, message: 'is required' });
        break;
      }
      const problem = templatedUrlProblem(url, packageVariables(pkg));
      if (problem) out.push({ path: `${path}.transport.url`, message: problem });
      break;
    }
    default:
      out.push({
        path: `${path}.transport.type`,
        message: 'must be one of stdio, streamable-http, sse',
      });
  }
  return out;
}

function remoteProblems(path: string, remote: Transport | null): ServerJsonProblem[] {
  if (!remote || typeof remote !== 'object') return [];
  if (remote.type !== 'streamable-http' && remote.type !== 'sse') {
    return [{ path: `${path}.type`, message: 'must be one of streamable-http, sse' }];
  }
  const url = text(remote.url);
  if (!url) return [{ path: `${path}.url`, message: 'is required' }];
  const variables =
    remote.variables && typeof remote.variables === 'object' ? Object.keys(remote.variables) : [];
  const templated = templatedUrlProblem(url, variables);
  if (templated) return [{ path: `${path}.url`, message: templated }];
  if (parsed(withPlaceholders(url))?.protocol !== 'https:') {
    return [{ path: `${path}.url`, message: 'must be an https:// URL' }];
  }
  if (isLocalHost(url)) {
    return [{ path: `${path}.url`, message: 'must not be a localhost address' }];
  }
  return [];
}

/** The official rules that its JSON Schema does not state; empty when none is broken. */
export function officialRuleProblems(doc: Document): ServerJsonProblem[] {
  const out: ServerJsonProblem[] = [];
  const name = text(doc?.name);
  const nameIssue = name ? nameProblem(name) : null;
  if (nameIssue) out.push({ path: 'name', message: nameIssue });
  const version = text(doc?.version);
  const versionIssue = version === undefined ? null : versionProblem(version);
  if (versionIssue) out.push({ path: 'version', message: versionIssue });

  const repository = doc?.repository;
  if (repository && typeof repository === 'object' && (repository.url || repository.source)) {
    const pattern = REPOSITORY_URL.get(String(repository.source));
    const url = text(repository.url) ?? '';
    if (!pattern) {
      out.push({ path: 'repository.source', message: 'must be one of github, gitlab' });
    } else if (!pattern.test(url)) {
      out.push({
        path: 'repository.url',
        message: `must be a ${String(repository.source)} repository address, like https://${String(repository.source)}.com/owner/repo`,
      });
    }
    const subfolder = text(repository.subfolder);
    if (subfolder && !isSubfolder(subfolder)) {
      out.push({ path: 'repository.subfolder', message: 'must be a clean relative path' });
    }
  }

  const website = text(doc?.websiteUrl);
  if (website && parsed(website)?.protocol !== 'https:') {
    out.push({ path: 'websiteUrl', message: 'must be an https:// URL' });
  }
  const title = text(doc?.title);
  if (title && !title.trim()) out.push({ path: 'title', message: 'must not be only whitespace' });
  for (const [i, icon] of listOf(doc?.icons).entries()) {
    const src = text(icon?.src);
    if (src && parsed(src)?.protocol !== 'https:') {
      out.push({ path: `icons.${i}.src`, message: 'must be an https:// URL' });
    }
  }
  for (const [i, pkg] of listOf(doc?.packages).entries()) {
    out.push(...packageProblems(`packages.${i}`, pkg));
  }
  const seen = new Map<string, number>();
  for (const [i, remote] of listOf(doc?.remotes).entries()) {
    out.push(...remoteProblems(`remotes.${i}`, remote));
    const url = text(remote?.url);
    if (!url) continue;
    const first = seen.get(url);
    if (first === undefined) seen.set(url, i);
    else out.push({ path: `remotes.${i}.url`, message: `repeats remotes.${first}.url` });
  }

  const publisher = doc?._meta?.[PUBLISHER_META_KEY];
  if (publisher !== undefined) {
    const bytes = new TextEncoder().encode(JSON.stringify(publisher) ?? '').length;
    if (bytes > PUBLISHER_META_MAX_BYTES) {
      out.push({
        path: `_meta.${PUBLISHER_META_KEY}`,
        message: `must be at most ${PUBLISHER_META_MAX_BYTES} bytes of JSON (is ${bytes})`,
      });
    }
  }
  return out;
}

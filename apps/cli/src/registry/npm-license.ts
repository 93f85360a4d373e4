import { getJson } from './http.ts';

/** The npm registry servers are installed from: npm's own setting when npm runs us, else npmjs. */
export function npmRegistryUrl(env: NodeJS.ProcessEnv): string {
  return (env.npm_config_registry?.trim() || 'https://registry.npmjs.org/').replace(/\/*$/, '/');
}

function licenseField(body: unknown): string | null {
  const { license, licenses } = (body ?? {}) as { license?: unknown; licenses?: unknown };
  if (typeof license === 'string' && license.trim()) return license.trim();
  if (license && typeof (license as { type?: unknown }).type === 'string') {
    return (license as { type: string }).type;
  }
  // Old packages list several licenses; any of them may be chosen.
  if (Array.isArray(licenses)) {
    const types = licenses
      .map((l) => (l as { type?: unknown })?.type)
      .filter((t): t is string => typeof t === 'string');
    return types.length ? types.join(' OR ') : null;
  }
  return null;
}

export type NpmVersionMeta = {
  name?: string;
  license?: unknown;
  licenses?: unknown;
  bin?: string | Record<string, string>;
  main?: string;
};

/** An npm package version's metadata from the npm registry; undefined when it cannot be had. */
export async function npmVersionMeta(
  env: NodeJS.ProcessEnv,
  identifier: string,
  version: string,
  timeoutMs: number,
): Promise<NpmVersionMeta | undefined> {
  const url = `${npmRegistryUrl(env)}${identifier.replace('/', '%2f')}/${encodeURIComponent(version)}`;
  try {
    const answer = await getJson(url, { timeoutMs });
    return answer.status === 200 ? ((answer.body ?? {}) as NpmVersionMeta) : undefined;
  } catch {
    return undefined;
  }
}

export const npmLicenseOf = (meta: NpmVersionMeta) => licenseField(meta);

/**
 * The `license` an npm package version declares: a string, null when it declares none, or
 * undefined when the npm registry could not be asked.
 */
export async function npmPackageLicense(
  env: NodeJS.ProcessEnv,
  identifier: string,
  version: string,
  timeoutMs: number,
): Promise<string | null | undefined> {
  const url = `${npmRegistryUrl(env)}${identifier.replace('/', '%2f')}/${encodeURIComponent(version)}`;
  try {
    const answer = await getJson(url, { timeoutMs });
    return answer.status === 200 ? licenseField(answer.body) : undefined;
  } catch {
    return undefined;
  }
}

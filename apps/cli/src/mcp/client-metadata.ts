import { NO_CLIENT_METADATA } from '../config/client-metadata-url.ts';
import { effectiveRegistries, loadGlobalConfig } from '../config/global-config.ts';
import { withoutTrailingSlash } from '@spoke/shared/url';

/** Where the platform publishes spoke's document (apps/server/src/modules/cli-client/routes.ts). */
const PLATFORM_DOCUMENT_PATH = '/oauth/spoke-cli.json';

/**
 * The address of the client ID metadata document (SEP-991) spoke names itself by, where an
 * authorization server takes one instead of a registration: `oauth.clientMetadataUrl` in
 * config.json (`none`: never), else the document of the platform spoke is configured with (the
 * `spoke` registry, or `SPOKE_URL`) when that is served over https, as the document must be.
 */
export function clientMetadataUrl(env: NodeJS.ProcessEnv): string | undefined {
  const { config, raw } = loadGlobalConfig(env, false);
  const setting = raw.oauth?.clientMetadataUrl;
  if (setting) return setting === NO_CLIENT_METADATA ? undefined : setting;
  const registry = effectiveRegistries(config, env).find((r) => r.name === 'spoke')?.url;
  const platform = registry && withoutTrailingSlash(registry);
  if (!platform?.startsWith('https://') || !platform.endsWith('/registry')) return undefined;
  return `${platform.slice(0, -'/registry'.length)}${PLATFORM_DOCUMENT_PATH}`;
}

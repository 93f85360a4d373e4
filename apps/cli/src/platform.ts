import { withoutTrailingSlash } from '@spoke/shared/url';

/** The Spoke platform's address: `SPOKE_URL`, default http://localhost:3000, without a final `/`. */
export function platformUrl(env: NodeJS.ProcessEnv): string {
  return withoutTrailingSlash(env.SPOKE_URL?.trim() || 'http://localhost:3000');
}

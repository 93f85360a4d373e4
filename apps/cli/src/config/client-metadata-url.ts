/** The value of `oauth.clientMetadataUrl` that turns client ID metadata documents off. */
export const NO_CLIENT_METADATA = 'none';

/**
 * An OAuth client ID metadata document's address: https with a path (SEP-991 and the SDK take
 * no other; an authorization server fetches it, so a loopback http address would reach nothing).
 */
export function isClientMetadataUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.pathname !== '/';
  } catch {
    return false;
  }
}

export const clientMetadataSetting = (value: string) =>
  value === NO_CLIENT_METADATA || isClientMetadataUrl(value);

import type { FastifyPluginAsync } from 'fastify';

/**
 * Where the platform publishes the `spoke` CLI's OAuth client metadata document. The CLI names
 * the same path (apps/cli/src/mcp/client-metadata.ts) as its default client ID.
 */
export const CLI_CLIENT_METADATA_PATH = '/oauth/spoke-cli.json';

/**
 * `spoke` signing in to a remote MCP server whose authorization server supports Client ID
 * Metadata Documents (SEP-991) sends this document's URL as its `client_id`; the authorization
 * server fetches it instead of taking a registration. The redirect URI is the loopback one of the
 * CLI's listener, without its port: per RFC 8252 §7.3 the authorization server accepts any port
 * on `127.0.0.1`, and the listener takes a free one for each sign-in.
 */
export function cliClientMetadata(appUrl: string) {
  return {
    client_id: `${appUrl}${CLI_CLIENT_METADATA_PATH}`,
    client_name: 'spoke',
    client_uri: appUrl,
    redirect_uris: ['http://127.0.0.1/callback'],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
}

/** `GET /oauth/spoke-cli.json`: the same for everyone, cached for an hour. */
export const cliClientRoutes: FastifyPluginAsync<{ appUrl: string }> = async (app, { appUrl }) => {
  const document = JSON.stringify(cliClientMetadata(appUrl));
  app.get(CLI_CLIENT_METADATA_PATH, async (_request, reply) =>
    reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(document),
  );
};

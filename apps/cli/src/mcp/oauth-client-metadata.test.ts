import { startProtectedServer } from '@spoke/shared/testing/oauth-server';
import { afterEach, describe, expect, it } from 'vitest';
import { readSecrets } from '../secrets/encrypted-file.ts';
import { makeFixture, type Fixture } from '../test/fixture.ts';
import { guardedWorkspace, loginInBrowser } from '../test/guarded-workspace.ts';
import { runCli } from '../test/run-cli.ts';

// spoke names itself by a client ID metadata document (SEP-991) where the authorization server
// advertises support for them, and registers itself (DCR) where it does not.

const PLATFORM_DOCUMENT = 'https://spoke.example/oauth/spoke-cli.json';
const OWN_DOCUMENT = 'https://tools.acme.example/oauth/spoke.json';
/** As the platform serves it (apps/server/src/modules/cli-client/routes.ts). */
const document = (url: string) => ({
  client_id: url,
  client_name: 'spoke',
  redirect_uris: ['http://127.0.0.1/callback'],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  token_endpoint_auth_method: 'none',
});

let fx: Fixture;
let remote: Awaited<ReturnType<typeof startProtectedServer>>;

async function setUp(documents?: string[]) {
  fx = makeFixture();
  fx.env.BROWSER = 'true';
  remote = await startProtectedServer({
    metadataDocuments: documents && Object.fromEntries(documents.map((u) => [u, document(u)])),
  });
  await guardedWorkspace(fx, remote.url);
}

afterEach(async () => {
  await remote.close();
  fx.cleanup();
});

const spoke = (...args: string[]) => runCli(args, fx);
const storedClient = () =>
  (JSON.parse(readSecrets(fx.configDir, fx.env)[`oauth:${remote.url}`]!) as { client: object })
    .client;

describe('an authorization server that takes client ID metadata documents', () => {
  it("is given the platform's document by default, and no registration", async () => {
    await setUp([PLATFORM_DOCUMENT]);
    fx.env.SPOKE_URL = 'https://spoke.example';
    const { login, authorizeUrl } = await loginInBrowser(fx, ['guarded']);
    expect(login.code, login.stderr).toBe(0);
    expect(new URL(authorizeUrl).searchParams.get('client_id')).toBe(PLATFORM_DOCUMENT);
    // The listener's port is any: the document names 127.0.0.1 without one.
    expect(new URL(authorizeUrl).searchParams.get('redirect_uri')).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/callback$/,
    );
    expect(remote.seen).toMatchObject({ registrations: 0, authorizations: 1, pkceChecks: 1 });
    expect(remote.seen.authorizedClients).toEqual([PLATFORM_DOCUMENT]);
    expect(storedClient()).toMatchObject({ client_id: PLATFORM_DOCUMENT });

    // The tokens work, and a sign-in again (another port) keeps the same client.
    expect((await spoke('update', 'guarded', '--yes')).code).toBe(0);
    const call = await spoke('call', 'guarded', 'echo', '--args', '{"text": "hi"}');
    expect(call.stdout, call.stderr).toBe('guarded: hi\n');
    expect((await loginInBrowser(fx, ['guarded'])).login.code).toBe(0);
    expect(remote.seen.registrations).toBe(0);
    expect(remote.seen.authorizedClients).toEqual([PLATFORM_DOCUMENT, PLATFORM_DOCUMENT]);
  });

  it('is given the document set with spoke config, and registered with when it is none', async () => {
    await setUp([OWN_DOCUMENT]);
    const set = await spoke('config', 'set', 'oauth.clientMetadataUrl', OWN_DOCUMENT);
    expect(set.code, set.stderr).toBe(0);
    expect((await loginInBrowser(fx, ['guarded'])).login.code).toBe(0);
    expect(remote.seen.authorizedClients).toEqual([OWN_DOCUMENT]);
    expect(remote.seen.registrations).toBe(0);

    // Turned off: the document client is not used for a new sign-in; spoke registers itself.
    expect((await spoke('config', 'set', 'oauth.clientMetadataUrl', 'none')).code).toBe(0);
    expect((await loginInBrowser(fx, ['guarded'])).login.code).toBe(0);
    expect(remote.seen.registrations).toBe(1);
    expect(remote.seen.authorizedClients[1]).not.toBe(OWN_DOCUMENT);
    expect(storedClient()).toMatchObject({ client_id: remote.seen.authorizedClients[1] });
  });
});

describe('an authorization server that does not advertise them', () => {
  it('registers spoke dynamically, as before, though a document is set', async () => {
    await setUp();
    fx.env.SPOKE_URL = 'https://spoke.example';
    expect((await spoke('config', 'set', 'oauth.clientMetadataUrl', OWN_DOCUMENT)).code).toBe(0);
    const { login, authorizeUrl } = await loginInBrowser(fx, ['guarded']);
    expect(login.code, login.stderr).toBe(0);
    expect(remote.seen).toMatchObject({ registrations: 1, authorizations: 1 });
    const clientId = new URL(authorizeUrl).searchParams.get('client_id');
    expect(clientId).not.toBe(OWN_DOCUMENT);
    expect(storedClient()).toMatchObject({
      client_id: clientId,
      redirect_uris: [expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)],
    });
  });
});

describe('spoke config set oauth.clientMetadataUrl', () => {
  it('takes an https URL with a path, or none', async () => {
    fx = makeFixture();
    remote = await startProtectedServer();
    for (const bad of [
      'http://spoke.example/oauth/spoke-cli.json',
      'https://spoke.example/',
      'off',
    ]) {
      const set = await spoke('config', 'set', 'oauth.clientMetadataUrl', bad);
      expect(set.code).toBe(2);
      expect(set.stderr).toContain(
        `error: oauth.clientMetadataUrl is a client metadata document's address: expected an https:// URL with a path, or none, got "${bad}"`,
      );
    }
    expect((await spoke('config', 'set', 'oauth.clientMetadataUrl', OWN_DOCUMENT)).code).toBe(0);
    const got = await spoke('config', 'get', 'oauth.clientMetadataUrl');
    expect(got.stdout).toBe(`${OWN_DOCUMENT}\n`);
  });
});

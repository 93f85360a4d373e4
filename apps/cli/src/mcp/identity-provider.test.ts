import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readSecrets } from '../secrets/encrypted-file.ts';
import { startClientCredentialsServer } from '../test/client-credentials-server.ts';
import { addRemote } from '../test/conformance/workspace.ts';
import { makeFixture, type Fixture } from '../test/fixture.ts';
import { startIdentityProvider } from '../test/identity-provider-server.ts';
import { spokeClient } from '../test/mcp-client.ts';
import { runCli } from '../test/run-cli.ts';

// Enterprise-managed sign-in (cross-app access): the user's ID token from the company's identity
// provider is exchanged there for an ID-JAG, which the MCP server's authorization server takes
// as a JWT bearer grant from spoke's client.

let fx: Fixture;
let idp: Awaited<ReturnType<typeof startIdentityProvider>>;
let remote: Awaited<ReturnType<typeof startClientCredentialsServer>>;

const CLIENT_ID = 'spoke-acme';
const SECRET = 'the-client-secret-0123456789';
const IDP_CLIENT_ID = 'spoke-at-idp';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/**
 * An identity provider, a remote server whose authorization server trusts it, and a workspace
 * whose one server is the remote one with `oauth` made from the identity provider's issuer.
 */
async function setUp(
  oauth: (issuer: string) => Record<string, unknown>,
  idpOptions: Omit<Parameters<typeof startIdentityProvider>[0], 'clientId' | 'grantClientId'> = {},
  metadataIssuer?: string,
) {
  fx = makeFixture();
  // No terminal and CI: nothing may open a browser or ask.
  fx.env.CI = '1';
  idp = await startIdentityProvider({
    clientId: IDP_CLIENT_ID,
    grantClientId: CLIENT_ID,
    ...idpOptions,
  });
  remote = await startClientCredentialsServer({
    clientId: CLIENT_ID,
    clientSecret: SECRET,
    methods: ['client_secret_basic'],
    identityProvider: { issuer: idp.issuer, publicKey: idp.publicKey },
    ...(metadataIssuer ? { metadataIssuer } : {}),
  });
  expect((await runCli(['init'], fx)).code).toBe(0);
  addRemote(fx.cwd, 'acme', remote.url, {
    source: 'io.github.test/acme',
    entry: { oauth: oauth(idp.issuer) },
  });
}

const managed = (issuer: string) => ({
  clientId: CLIENT_ID,
  clientSecret: '{CLIENT_SECRET}',
  identityProvider: { issuer, clientId: IDP_CLIENT_ID, idToken: '{IDP_ID_TOKEN}' },
});

afterEach(async () => {
  await remote?.close();
  await idp?.close();
  fx?.cleanup();
});

const spoke = (...args: string[]) => runCli(args, fx);
/** `spoke config set <key> --type secret`, the value piped in as in CI. */
const storeSecret = (key: string, value: string) =>
  runCli(['config', 'set', key, '--type', 'secret'], { ...fx, input: value });
async function storeBoth(idToken: string, secret = SECRET) {
  expect((await storeSecret('servers.acme.env.CLIENT_SECRET', secret)).code).toBe(0);
  expect((await storeSecret('servers.acme.env.IDP_ID_TOKEN', idToken)).code).toBe(0);
}
const stored = () =>
  JSON.parse(readSecrets(fx.configDir, fx.env)[`oauth:${remote.url}`] ?? '{}') as {
    machine?: { clientId: string; issuer?: string; tokens?: { access_token: string } };
  };
const exchanges = () => idp.requests.filter((r) => r.path === '/token');
type CliErrorJson = { error: { code: string; message: string; hint: string } };

describe('a remote server whose authorization server takes grants from the identity provider', () => {
  it('exchanges the ID token, presents the grant, keeps the token and does both again on a 401', async () => {
    await setUp(managed);
    // Neither secret is stored yet: the command says which and how, and sends nothing.
    const missing = await spoke('tools', 'acme');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('acme: missing secret CLIENT_SECRET, IDP_ID_TOKEN');
    expect(idp.requests).toEqual([]);
    expect(remote.requests).toEqual([]);

    const idToken = idp.issueIdToken();
    await storeBoth(idToken);
    const json = readFileSync(path.join(fx.cwd, 'spoke.json'), 'utf8');
    expect(json).not.toContain(idToken);
    expect(JSON.parse(json).servers.acme.secrets).toEqual(['CLIENT_SECRET', 'IDP_ID_TOKEN']);

    const update = await spoke('update', 'acme', '--yes');
    expect(update.code, update.stderr).toBe(0);
    expect(update.stderr).not.toContain('Sign in');
    // The token endpoint came from the identity provider's metadata.
    expect(idp.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /.well-known/openid-configuration',
      'POST /token',
    ]);
    expect(exchanges()[0]!.form).toEqual({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      requested_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
      audience: remote.issuer,
      resource: remote.url,
      subject_token: idToken,
      subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
      client_id: IDP_CLIENT_ID,
    });
    expect(remote.requests).toHaveLength(1);
    expect(remote.requests[0]).toMatchObject({
      grantType: JWT_BEARER,
      method: 'client_secret_basic',
      clientId: CLIENT_ID,
      resource: remote.url,
    });
    expect(remote.requests[0]!.grant).toMatchObject({
      iss: idp.issuer,
      aud: remote.issuer,
      resource: remote.url,
      client_id: CLIENT_ID,
    });
    expect(stored().machine).toMatchObject({ clientId: CLIENT_ID, issuer: remote.issuer });

    // Each secret went to its own party only.
    for (const r of idp.requests) {
      expect(r.authorization).toBeNull();
      expect(r.body).not.toContain(SECRET);
    }
    for (const body of remote.bodies) expect(body).not.toContain(idToken);

    // The token kept is used; once refused, both steps are done again.
    const call = await spoke('call', 'acme', 'echo', '--args', '{"text":"hi"}');
    expect(call.code, call.stderr).toBe(0);
    expect(call.stdout).toContain('machine: hi');
    expect(exchanges()).toHaveLength(1);
    remote.expireAccessTokens();
    const again = await spoke('call', 'acme', 'echo', '--args', '{"text":"again"}');
    expect(again.code, again.stderr).toBe(0);
    expect(exchanges()).toHaveLength(2);
    expect(remote.requests).toHaveLength(2);
    expect(remote.requests[1]!.grantType).toBe(JWT_BEARER);

    // What an MCP client launches signs in the same way.
    remote.expireAccessTokens();
    const { client } = await spokeClient(fx, ['run', 'acme']);
    try {
      const result = await client.callTool({ name: 'echo', arguments: { text: 'run' } });
      expect(result.content).toEqual([{ type: 'text', text: 'machine: run' }]);
    } finally {
      await client.close();
    }
    expect(exchanges()).toHaveLength(3);
    expect(remote.requests).toHaveLength(3);
  });

  it('sends the ID token to the token endpoint spoke.json names, without discovery', async () => {
    await setUp((issuer) => ({
      ...managed(issuer),
      scope: 'files:read',
      identityProvider: {
        issuer,
        tokenEndpoint: `${issuer}/token`,
        clientId: IDP_CLIENT_ID,
        idToken: '{IDP_ID_TOKEN}',
      },
    }));
    await storeBoth(idp.issueIdToken());
    const login = await spoke('login', 'acme');
    expect(login.code, login.stderr).toBe(0);
    expect(login.stdout).toContain(`Signed in to acme (${remote.url}) as client ${CLIENT_ID}`);
    expect(idp.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /token']);
    expect(idp.requests[0]!.form.scope).toBe('files:read');
    expect(remote.requests[0]).toMatchObject({ grantType: JWT_BEARER, scope: 'files:read' });
  });
});

describe('an identity provider that authenticates its clients', () => {
  const IDP_SECRET = 'the-idp-client-secret-9876';
  const withIdpSecret = (issuer: string) => {
    const oauth = managed(issuer);
    return {
      ...oauth,
      identityProvider: { ...oauth.identityProvider, clientSecret: '{IDP_CLIENT_SECRET}' },
    };
  };

  it('gets the client secret at the identity provider in HTTP Basic, and it goes nowhere else', async () => {
    await setUp(withIdpSecret, { clientSecret: IDP_SECRET });
    await storeBoth(idp.issueIdToken());
    // Without it, nothing is sent.
    const missing = await spoke('tools', 'acme');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('acme: missing secret IDP_CLIENT_SECRET');
    expect(idp.requests).toEqual([]);
    expect((await storeSecret('servers.acme.env.IDP_CLIENT_SECRET', IDP_SECRET)).code).toBe(0);

    const tools = await spoke('tools', 'acme');
    expect(tools.code, tools.stderr).toBe(0);
    const [exchange] = exchanges();
    expect(exchange!.authorization).toBe(
      `Basic ${Buffer.from(`${IDP_CLIENT_ID}:${IDP_SECRET}`).toString('base64')}`,
    );
    expect(exchange!.form).not.toHaveProperty('client_id');
    expect(exchange!.body).not.toContain(SECRET);
    expect(remote.requests).toHaveLength(1);
    for (const body of remote.bodies) expect(body).not.toContain(IDP_SECRET);
  });

  it('sends it in the form when the metadata lists only client_secret_post, and says when it is refused', async () => {
    await setUp(withIdpSecret, { clientSecret: IDP_SECRET, authMethods: ['client_secret_post'] });
    await storeBoth(idp.issueIdToken());
    expect((await storeSecret('servers.acme.env.IDP_CLIENT_SECRET', IDP_SECRET)).code).toBe(0);
    const tools = await spoke('tools', 'acme');
    expect(tools.code, tools.stderr).toBe(0);
    expect(exchanges()[0]!.authorization).toBeNull();
    expect(exchanges()[0]!.form).toMatchObject({
      client_id: IDP_CLIENT_ID,
      client_secret: IDP_SECRET,
    });

    expect((await storeSecret('servers.acme.env.IDP_CLIENT_SECRET', 'wrong')).code).toBe(0);
    remote.expireAccessTokens();
    const refused = await spoke('tools', 'acme', '--json');
    expect(refused.code).toBe(1);
    expect(refused.json<CliErrorJson>().error.message).toBe(
      `acme: the identity provider ${idp.issuer} gave no authorization grant for it: it refused to exchange the ID token (invalid_client: client authentication failed)`,
    );
    expect(remote.requests).toHaveLength(1);
  });
});

describe('an enterprise-managed sign-in that fails', () => {
  it('says when the identity provider refused the ID token, and asks nothing of the authorization server', async () => {
    await setUp(managed);
    const idToken = idp.issueIdToken();
    await storeBoth(idToken);
    idp.expireIdTokens();
    const refused = await spoke('tools', 'acme', '--json');
    expect(refused.code).toBe(1);
    expect(refused.json<CliErrorJson>().error).toEqual({
      code: 'AUTH_REQUIRED',
      message: `acme: the identity provider ${idp.issuer} gave no authorization grant for it: it refused to exchange the ID token (invalid_grant: the ID token is expired or unknown)`,
      hint: 'check servers.acme.oauth.identityProvider in spoke.json; an ID token that expired is replaced with: spoke config set servers.acme.env.IDP_ID_TOKEN --type secret',
    });
    expect(refused.stderr).not.toContain(idToken);
    expect(remote.requests).toEqual([]);
    expect(stored().machine?.tokens).toBeUndefined();

    // A new ID token, stored as the hint says, signs in.
    expect((await storeSecret('servers.acme.env.IDP_ID_TOKEN', idp.issueIdToken())).code).toBe(0);
    const tools = await spoke('tools', 'acme');
    expect(tools.code, tools.stderr).toBe(0);
    expect(remote.requests).toHaveLength(1);
  });

  it('does not send an ID token that has expired, and says so', async () => {
    await setUp(managed);
    await storeBoth(idp.issueIdToken({ exp: 1_700_000_000 }));
    const refused = await spoke('tools', 'acme', '--json');
    expect(refused.code).toBe(1);
    expect(refused.json<CliErrorJson>().error).toMatchObject({
      code: 'AUTH_REQUIRED',
      message: `acme: the identity provider ${idp.issuer} gave no authorization grant for it: the ID token expired at 2023-11-14T22:13:20.000Z: it was not sent`,
    });
    expect(exchanges()).toEqual([]);
    expect(remote.requests).toEqual([]);
  });

  it('says when the authorization server refused the client with the grant', async () => {
    await setUp(managed);
    await storeBoth(idp.issueIdToken(), 'wrong');
    const refused = await spoke('tools', 'acme', '--json');
    expect(refused.code).toBe(1);
    expect(refused.json<CliErrorJson>().error).toEqual({
      code: 'AUTH_REQUIRED',
      message: `acme: its authorization server refused the identity provider's authorization grant for client ${CLIENT_ID} (invalid_client: client authentication failed)`,
      hint: `check servers.acme.oauth in spoke.json and the client secret it names (set with: spoke config set servers.acme.env.CLIENT_SECRET --type secret); the identity provider ${idp.issuer} must issue grants for client ${CLIENT_ID}`,
    });
    // The SDK tries once more after invalid_client: each try is an exchange and a grant.
    expect(exchanges()).toHaveLength(2);
    expect(remote.requests.map((r) => r.grantType)).toEqual([JWT_BEARER, JWT_BEARER]);
    // An MCP client that started spoke run gets the same as the error of its request.
    await expect(spokeClient(fx, ['run', 'acme'])).rejects.toThrow(
      `spoke: acme: its authorization server refused the identity provider's authorization grant for client ${CLIENT_ID} (invalid_client: client authentication failed); check servers.acme.oauth`,
    );
  });

  it('says when the identity provider cannot be reached', async () => {
    await setUp((issuer) => ({
      ...managed(issuer),
      identityProvider: {
        issuer,
        tokenEndpoint: 'http://127.0.0.1:9/token',
        clientId: IDP_CLIENT_ID,
        idToken: '{IDP_ID_TOKEN}',
      },
    }));
    await storeBoth(idp.issueIdToken());
    const refused = await spoke('tools', 'acme');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `error: acme: the identity provider ${idp.issuer} gave no authorization grant for it: its token endpoint http://127.0.0.1:9/token could not be reached (`,
    );
    expect(remote.requests).toEqual([]);
  });
});

describe('the ID token and the client secret go nowhere else', () => {
  it('sends nothing, not even to the identity provider, for an authorization server other than the one spoke.json names', async () => {
    await setUp((issuer) => ({ ...managed(issuer), issuer: 'https://auth.example.com' }));
    await storeBoth(idp.issueIdToken());
    const refused = await spoke('tools', 'acme');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `error: acme now sends its sign-in to ${remote.issuer}, and its client credentials are for https://auth.example.com: they were not sent`,
    );
    expect(idp.requests).toEqual([]);
    expect(remote.requests).toEqual([]);
  });

  it('asks for no grant for an authorization server whose metadata names another issuer', async () => {
    await setUp(managed, {}, 'https://auth.victim.example');
    await storeBoth(idp.issueIdToken());
    const refused = await spoke('tools', 'acme', '--json');
    expect(refused.code).toBe(1);
    expect(refused.json<CliErrorJson>().error.message).toBe(
      `acme: the identity provider ${idp.issuer} gave no authorization grant for it: the metadata of the authorization server ${remote.issuer} names another issuer (https://auth.victim.example): the ID token was not exchanged`,
    );
    expect(idp.requests).toEqual([]);
    expect(remote.requests).toEqual([]);
  });

  it('sends no ID token over plain http but to this machine', async () => {
    await setUp((issuer) => ({
      ...managed(issuer),
      identityProvider: {
        issuer,
        tokenEndpoint: 'http://idp.example/token',
        clientId: IDP_CLIENT_ID,
        idToken: '{IDP_ID_TOKEN}',
      },
    }));
    await storeBoth(idp.issueIdToken());
    const refused = await spoke('tools', 'acme', '--json');
    expect(refused.code).toBe(1);
    expect(refused.json<CliErrorJson>().error.message).toBe(
      `acme: the identity provider ${idp.issuer} gave no authorization grant for it: its token endpoint http://idp.example/token is not https: the ID token was not sent`,
    );
    expect(remote.requests).toEqual([]);
  });

  it('sends no ID token to an identity provider whose metadata names another issuer', async () => {
    await setUp(managed, { metadataIssuer: 'https://idp.other.example' });
    await storeBoth(idp.issueIdToken());
    const refused = await spoke('tools', 'acme', '--json');
    expect(refused.code).toBe(1);
    expect(refused.json<CliErrorJson>().error.message).toBe(
      `acme: the identity provider ${idp.issuer} gave no authorization grant for it: its metadata at ${idp.issuer}/.well-known/openid-configuration names another issuer ("https://idp.other.example"): the ID token was not sent`,
    );
    expect(exchanges()).toEqual([]);
    expect(remote.requests).toEqual([]);
  });
});

describe('spoke.json oauth.identityProvider', () => {
  const invalid = async (identityProvider: Record<string, unknown>) => {
    await setUp((issuer) => ({ ...managed(issuer), identityProvider }));
    const r = await spoke('tools', 'acme');
    expect(r.code).toBe(1);
    expect(idp.requests).toEqual([]);
    return r.stderr.replaceAll(path.join(fx.cwd, 'spoke.json'), 'spoke.json');
  };
  const again = async () => {
    await remote.close();
    await idp.close();
    fx.cleanup();
  };

  it('never holds the ID token itself, and the error does not repeat it', async () => {
    const token = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJl';
    const stderr = await invalid({ issuer: 'https://idp.example', clientId: 'x', idToken: token });
    expect(stderr).toBe(
      'error: spoke.json: servers.acme.oauth.identityProvider.idToken must name one of the server\'s secret values, such as "{IDP_ID_TOKEN}", never hold the token itself\n' +
        'hint: store the value with: spoke config set servers.acme.env.IDP_ID_TOKEN --type secret, then write "{IDP_ID_TOKEN}" here\n',
    );
    expect(stderr).not.toContain(token);
  });

  it('never holds the client secret at the identity provider either', async () => {
    const stderr = await invalid({
      issuer: 'https://idp.example',
      clientId: 'x',
      idToken: '{IDP_ID_TOKEN}',
      clientSecret: 'idp-secret-value',
    });
    expect(stderr).toBe(
      'error: spoke.json: servers.acme.oauth.identityProvider.clientSecret must name one of the server\'s secret values, such as "{IDP_CLIENT_SECRET}", never hold the secret itself\n' +
        'hint: store the value with: spoke config set servers.acme.env.IDP_CLIENT_SECRET --type secret, then write "{IDP_CLIENT_SECRET}" here\n',
    );
  });

  it('needs an issuer URL, a client id and an ID token, and no other fields', async () => {
    expect(await invalid({ clientId: 'x', idToken: '{T}' })).toContain(
      'servers.acme.oauth.identityProvider.issuer',
    );
    await again();
    expect(await invalid({ issuer: 'idp.example', clientId: 'x', idToken: '{T}' })).toContain(
      'servers.acme.oauth.identityProvider.issuer must be an http:// or https:// URL',
    );
    await again();
    expect(await invalid({ issuer: 'https://idp.example', idToken: '{T}' })).toContain(
      'servers.acme.oauth.identityProvider.clientId',
    );
    await again();
    expect(await invalid({ issuer: 'https://idp.example', clientId: 'x' })).toContain(
      'servers.acme.oauth.identityProvider.idToken',
    );
    await again();
    const unknown = await invalid({
      issuer: 'https://idp.example',
      clientId: 'x',
      idToken: '{T}',
      audience: 'y',
    });
    expect(unknown).toContain('servers.acme.oauth.identityProvider.audience is not a known field');
    expect(unknown).toContain(
      'hint: edit the file: its fields are issuer, clientId, idToken, clientSecret and tokenEndpoint',
    );
  });
});

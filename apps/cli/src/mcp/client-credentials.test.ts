import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readSecrets } from '../secrets/encrypted-file.ts';
import {
  startClientCredentialsServer,
  type ClientAuthMethod,
} from '../test/client-credentials-server.ts';
import { addRemote } from '../test/conformance/workspace.ts';
import { makeFixture, type Fixture } from '../test/fixture.ts';
import { spokeClient } from '../test/mcp-client.ts';
import { runCli } from '../test/run-cli.ts';

let fx: Fixture;
let remote: Awaited<ReturnType<typeof startClientCredentialsServer>>;

const CLIENT_ID = 'spoke-ci';
const SECRET = 'the-client-secret-0123456789';

/** A workspace whose one server is the remote one, with `oauth` as given; no secret stored yet. */
async function setUp(
  server: Parameters<typeof startClientCredentialsServer>[0],
  oauth: Record<string, unknown> | null,
) {
  fx = makeFixture();
  // No terminal and CI: nothing may open a browser or ask.
  fx.env.CI = '1';
  remote = await startClientCredentialsServer(server);
  expect((await runCli(['init'], fx)).code).toBe(0);
  addRemote(fx.cwd, 'machine', remote.url, {
    source: 'io.github.test/machine',
    ...(oauth ? { entry: { oauth } } : {}),
  });
}

afterEach(async () => {
  await remote?.close();
  fx?.cleanup();
});

const spoke = (...args: string[]) => runCli(args, fx);
/** `spoke config set <key> --type secret`, the value piped in as in CI. */
const storeSecret = (key: string, value: string) =>
  runCli(['config', 'set', key, '--type', 'secret'], { ...fx, input: value });
const stored = () =>
  JSON.parse(readSecrets(fx.configDir, fx.env)[`oauth:${remote.url}`] ?? '{}') as {
    machine?: { clientId: string; issuer?: string; tokens?: { access_token: string } };
  };

describe.each<ClientAuthMethod>(['client_secret_basic', 'client_secret_post'])(
  'a remote server whose authorization server takes %s',
  (method) => {
    it('is signed in to with the client secret, without a prompt, the token kept and renewed', async () => {
      await setUp(
        { clientId: CLIENT_ID, clientSecret: SECRET, methods: [method] },
        { clientId: CLIENT_ID, clientSecret: '{CLIENT_SECRET}' },
      );
      // The secret is not stored yet: the command says which and how to set it.
      const missing = await spoke('tools', 'machine');
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('machine: missing secret CLIENT_SECRET');
      expect(missing.stderr).toContain(
        'spoke config set servers.machine.env.CLIENT_SECRET --type secret',
      );
      expect(remote.requests).toEqual([]);

      const set = await storeSecret('servers.machine.env.CLIENT_SECRET', SECRET);
      expect(set.code, set.stderr).toBe(0);
      const json = readFileSync(path.join(fx.cwd, 'spoke.json'), 'utf8');
      expect(json).not.toContain(SECRET);
      expect(JSON.parse(json).servers.machine.secrets).toEqual(['CLIENT_SECRET']);

      const tools = await spoke('update', 'machine', '--yes');
      expect(tools.code, tools.stderr).toBe(0);
      expect(tools.stderr).not.toContain('Sign in');
      expect(remote.requests).toEqual([
        {
          grantType: 'client_credentials',
          method,
          clientId: CLIENT_ID,
          scope: null,
          resource: remote.url,
        },
      ]);
      // Kept in the secret store, bound to the authorization server it came from.
      expect(stored().machine).toMatchObject({ clientId: CLIENT_ID, issuer: remote.issuer });
      const token = stored().machine!.tokens!.access_token;
      for (const file of ['spoke.json', 'spoke.lock.json']) {
        expect(readFileSync(path.join(fx.cwd, file), 'utf8')).not.toContain(token);
      }

      // The next command uses the token kept; an expired one is replaced at once.
      const call = await spoke('call', 'machine', 'echo', '--args', '{"text":"hi"}');
      expect(call.code, call.stderr).toBe(0);
      expect(call.stdout).toContain('machine: hi');
      expect(remote.requests).toHaveLength(1);
      remote.expireAccessTokens();
      const again = await spoke('call', 'machine', 'echo', '--args', '{"text":"again"}');
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain('machine: again');
      expect(remote.requests).toHaveLength(2);
      expect(stored().machine!.tokens!.access_token).not.toBe(token);

      // What an MCP client launches signs in the same way.
      remote.expireAccessTokens();
      const { client } = await spokeClient(fx, ['run', 'machine']);
      try {
        const result = await client.callTool({ name: 'echo', arguments: { text: 'run' } });
        expect(result.content).toEqual([{ type: 'text', text: 'machine: run' }]);
      } finally {
        await client.close();
      }
      expect(remote.requests).toHaveLength(3);
    });
  },
);

describe('a remote server whose authorization server takes a signed JWT (private_key_jwt)', () => {
  it('is signed in to with the private key, stored from a PEM piped in', async () => {
    const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const privateKey = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await setUp(
      {
        clientId: CLIENT_ID,
        publicKey: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
        methods: ['private_key_jwt'],
      },
      { clientId: CLIENT_ID, privateKey: '{PRIVATE_KEY}', algorithm: 'ES256' },
    );
    const set = await storeSecret('servers.machine.env.PRIVATE_KEY', privateKey);
    expect(set.code, set.stderr).toBe(0);
    expect(
      readSecrets(fx.configDir, fx.env)[`workspace:${fx.cwd}:servers.machine.env.PRIVATE_KEY`],
    ).toBe(privateKey);

    const login = await spoke('login', 'machine');
    expect(login.code, login.stderr).toBe(0);
    expect(login.stdout).toMatch(
      /^Signed in to machine \(http:\/\/127\.0\.0\.1:\d+\/mcp\) as client spoke-ci; the token is in the encrypted file/,
    );
    expect(remote.requests).toHaveLength(1);
    expect(remote.requests[0]).toMatchObject({ method: 'private_key_jwt', clientId: CLIENT_ID });
    expect(remote.requests[0]!.claims).toMatchObject({
      iss: CLIENT_ID,
      sub: CLIENT_ID,
      aud: remote.issuer,
    });
    const tools = await spoke('tools', 'machine');
    expect(tools.code, tools.stderr).toBe(0);
    expect(tools.stdout).toContain('echo');
    expect(remote.requests).toHaveLength(1);
    // A sign-in asked for again gets a new token.
    expect((await spoke('login', 'machine')).code).toBe(0);
    expect(remote.requests).toHaveLength(2);
    // The client is spoke.json's: a browser client is not taken here.
    const other = await spoke('login', 'machine', '--client-id', 'someone-else');
    expect(other.code).toBe(2);
    expect(other.stderr).toContain(
      'error: machine signs in with the client credentials in spoke.json (client spoke-ci)',
    );
  });
});

describe('spoke login <server> --client-id <id> --client-credentials', () => {
  it('stores the secret piped in, names it in spoke.json and signs in', async () => {
    await setUp(
      { clientId: CLIENT_ID, clientSecret: SECRET, methods: ['client_secret_basic'] },
      null,
    );
    const login = await runCli(
      ['login', 'machine', '--client-id', CLIENT_ID, '--client-credentials'],
      { ...fx, input: `${SECRET}\n` },
    );
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toContain(
      'Stored servers.machine.env.OAUTH_CLIENT_SECRET in encrypted file',
    );
    expect(login.stdout).toContain('Signed in to machine');
    const json = readFileSync(path.join(fx.cwd, 'spoke.json'), 'utf8');
    expect(json).not.toContain(SECRET);
    expect(JSON.parse(json).servers.machine).toMatchObject({
      secrets: ['OAUTH_CLIENT_SECRET'],
      oauth: { clientId: CLIENT_ID, clientSecret: '{OAUTH_CLIENT_SECRET}' },
    });
    expect(remote.requests).toHaveLength(1);
    expect(remote.requests[0]).toMatchObject({
      method: 'client_secret_basic',
      clientId: CLIENT_ID,
    });
    const tools = await spoke('tools', 'machine');
    expect(tools.code, tools.stderr).toBe(0);
    expect(remote.requests).toHaveLength(1);
  });

  it('takes a private key with its algorithm, and says so when one is given without', async () => {
    const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const privateKey = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await setUp(
      {
        clientId: CLIENT_ID,
        publicKey: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
        methods: ['private_key_jwt'],
      },
      null,
    );
    const args = ['login', 'machine', '--client-id', CLIENT_ID, '--client-credentials'];
    const without = await runCli(args, { ...fx, input: privateKey });
    expect(without.code).toBe(2);
    expect(without.stderr).toContain(
      'error: this is a private key, not a client secret: give the algorithm it signs with',
    );
    const login = await runCli([...args, '--algorithm', 'RS256'], { ...fx, input: privateKey });
    expect(login.code, login.stderr).toBe(0);
    expect(
      (fx.readJson('spoke.json') as { servers: { machine: { oauth: unknown } } }).servers.machine
        .oauth,
    ).toEqual({ clientId: CLIENT_ID, privateKey: '{OAUTH_PRIVATE_KEY}', algorithm: 'RS256' });
    expect(remote.requests).toHaveLength(1);
    expect(remote.requests[0]).toMatchObject({ method: 'private_key_jwt', clientId: CLIENT_ID });
  });
});

describe('a client-credentials sign-in that fails', () => {
  it('names the server, what the authorization server said and what to check', async () => {
    await setUp(
      { clientId: CLIENT_ID, clientSecret: SECRET, methods: ['client_secret_basic'] },
      { clientId: CLIENT_ID, clientSecret: '{CLIENT_SECRET}' },
    );
    expect((await storeSecret('servers.machine.env.CLIENT_SECRET', 'wrong')).code).toBe(0);
    const refused = await spoke('tools', 'machine', '--json');
    expect(refused.code).toBe(1);
    expect(
      refused.json<{ error: { code: string; message: string; hint: string } }>().error,
    ).toEqual({
      code: 'AUTH_REQUIRED',
      message:
        'machine: its authorization server refused the client credentials of client spoke-ci (invalid_client: client authentication failed)',
      hint: 'check servers.machine.oauth in spoke.json and the client secret it names, set with: spoke config set servers.machine.env.CLIENT_SECRET --type secret',
    });
    expect(stored().machine?.tokens).toBeUndefined();
    // An MCP client that started spoke run gets the same as the error of its request.
    await expect(spokeClient(fx, ['run', 'machine'])).rejects.toThrow(
      'spoke: machine: its authorization server refused the client credentials of client spoke-ci (invalid_client: client authentication failed); check servers.machine.oauth',
    );
  });

  it('sends nothing to an authorization server other than the one spoke.json names', async () => {
    await setUp(
      { clientId: CLIENT_ID, clientSecret: SECRET, methods: ['client_secret_basic'] },
      {
        clientId: CLIENT_ID,
        clientSecret: '{CLIENT_SECRET}',
        issuer: 'https://auth.example.com',
      },
    );
    expect((await storeSecret('servers.machine.env.CLIENT_SECRET', SECRET)).code).toBe(0);
    const refused = await spoke('tools', 'machine');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `error: machine now sends its sign-in to ${remote.issuer}, and its client credentials are for https://auth.example.com: they were not sent`,
    );
    expect(refused.stderr).toContain('set servers.machine.oauth.issuer in spoke.json');
    expect(remote.requests).toEqual([]);
  });
});

describe('spoke.json oauth', () => {
  const invalid = async (oauth: Record<string, unknown>, transport = 'streamable-http') => {
    await setUp(
      { clientId: CLIENT_ID, clientSecret: SECRET, methods: ['client_secret_basic'] },
      oauth,
    );
    const workspace = fx.readJson('spoke.json') as {
      servers: { machine: Record<string, unknown> };
    };
    if (transport === 'stdio') {
      workspace.servers.machine = { ...workspace.servers.machine, transport, command: 'node' };
      fx.writeJson('spoke.json', workspace);
    }
    const r = await spoke('tools', 'machine');
    expect(r.code).toBe(1);
    return r.stderr.replaceAll(path.join(fx.cwd, 'spoke.json'), 'spoke.json');
  };

  it('never holds a secret itself, and the error does not repeat it', async () => {
    const stderr = await invalid({ clientId: CLIENT_ID, clientSecret: SECRET });
    expect(stderr).toBe(
      'error: spoke.json: servers.machine.oauth.clientSecret must name one of the server\'s secret values, such as "{CLIENT_SECRET}", never hold the secret itself\n' +
        'hint: store the value with: spoke config set servers.machine.env.CLIENT_SECRET --type secret, then write "{CLIENT_SECRET}" here\n',
    );
    expect(stderr).not.toContain(SECRET);
  });

  it('needs a secret or a key, an algorithm with a key, and a remote server', async () => {
    expect(await invalid({ clientId: CLIENT_ID })).toContain(
      'error: spoke.json: servers.machine.oauth needs one of clientSecret and privateKey\n',
    );
    fx.cleanup();
    await remote.close();
    expect(await invalid({ clientId: CLIENT_ID, privateKey: '{KEY}' })).toContain(
      'servers.machine.oauth.algorithm is missing; it must be set with privateKey: RS256, RS384, RS512, PS256, PS384, PS512, ES256, ES384, ES512',
    );
    fx.cleanup();
    await remote.close();
    expect(
      await invalid({ clientId: CLIENT_ID, clientSecret: '{S}', algorithm: 'HS256' }),
    ).toContain(
      'servers.machine.oauth.algorithm must be one of RS256, RS384, RS512, PS256, PS384, PS512, ES256, ES384, ES512, got "HS256"',
    );
    fx.cleanup();
    await remote.close();
    expect(await invalid({ clientId: CLIENT_ID, clientSecret: '{S}', grant: 'x' })).toContain(
      'servers.machine.oauth.grant is not a known field',
    );
    fx.cleanup();
    await remote.close();
    expect(await invalid({ clientId: CLIENT_ID, clientSecret: '{S}' }, 'stdio')).toContain(
      'servers.machine.oauth applies to remote (streamable-http or sse) servers only',
    );
  });
});

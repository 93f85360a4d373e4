import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startProtectedServer } from '@spoke/shared/testing/oauth-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditFile } from '../audit/log.ts';
import { readSecrets } from '../secrets/encrypted-file.ts';
import { makeFixture, type Fixture } from '../test/fixture.ts';
import { spokeClient } from '../test/mcp-client.ts';
import { startSseServer } from '../test/sse-server.ts';
import { runCli } from '../test/run-cli.ts';
import { onTerminal } from '../test/terminal.ts';
import {
  AUTHORIZE_URL,
  approveInBrowser,
  guardedWorkspace,
  loginInBrowser,
} from '../test/guarded-workspace.ts';

let fx: Fixture;
let remote: Awaited<ReturnType<typeof startProtectedServer>>;

async function setUp(options: { registration?: boolean } = {}) {
  fx = makeFixture();
  // The "browser" is the test itself, following the printed URL; nothing is opened.
  fx.env.BROWSER = 'true';
  remote = await startProtectedServer(options);
  await guardedWorkspace(fx, remote.url);
}

afterEach(async () => {
  await remote.close();
  fx.cleanup();
});

const spoke = (...args: string[]) => runCli(args, fx);
const stored = () => readSecrets(fx.configDir, fx.env)[`oauth:${remote.url}`];
describe('a remote server that needs OAuth sign-in', () => {
  beforeEach(() => setUp());
  it('is signed in to in the browser, used with its tokens, refreshed, and signed out of', async () => {
    // No terminal: no browser, and the command to sign in.
    const refused = await spoke('tools', 'guarded');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('error: guarded needs you to sign in');
    expect(refused.stderr).toContain('sign in at a terminal with: spoke login guarded');
    expect(refused.stderr).not.toMatch(AUTHORIZE_URL);
    expect(remote.seen.authorizations).toBe(0);
    // An MCP client that started spoke run gets the same as the error of its request.
    await expect(spokeClient(fx, ['run', 'guarded'])).rejects.toThrow(
      'spoke: guarded needs you to sign in; sign in at a terminal with: spoke login guarded',
    );
    expect(remote.seen).toMatchObject({ registrations: 0, authorizations: 0 });

    const { login } = await loginInBrowser(fx, ['guarded']);
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toContain('Sign in to guarded in your browser.');
    expect(login.stdout).toMatch(
      /^Signed in to guarded \(http:\/\/127\.0\.0\.1:\d+\/mcp\); the tokens are in the encrypted file/,
    );
    // Discovery led to registration, then the authorization with PKCE checked at the token endpoint.
    expect(remote.seen).toMatchObject({ registrations: 1, authorizations: 1, pkceChecks: 1 });
    const signIn = JSON.parse(stored()!) as {
      client: { client_id: string; redirect_uris: string[] };
      tokens: { access_token: string; refresh_token: string };
    };
    expect(signIn.client.redirect_uris[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    for (const file of [path.join(fx.cwd, 'spoke.json'), path.join(fx.cwd, 'spoke.lock.json')]) {
      const text = readFileSync(file, 'utf8');
      expect(text).not.toContain(signIn.tokens.access_token);
      expect(text).not.toContain(signIn.tokens.refresh_token);
    }

    expect((await spoke('update', 'guarded', '--yes')).code).toBe(0);
    const call = await spoke('call', 'guarded', 'echo', '--args', '{"text": "hi"}');
    expect(call.stdout, call.stderr).toBe('guarded: hi\n');
    expect(remote.seen.bearers.at(-1)).toBe(signIn.tokens.access_token);
    const audited = readFileSync(auditFile(fx.env), 'utf8');
    expect(audited).toContain('"action":"call"');
    expect(audited).not.toContain(signIn.tokens.access_token);

    // An expired access token is renewed with the refresh token, without a browser.
    remote.expireAccessTokens();
    const renewed = await spoke('call', 'guarded', 'echo', '--args', '{"text": "again"}');
    expect(renewed.stdout, renewed.stderr).toBe('guarded: again\n');
    expect(remote.seen).toMatchObject({ refreshes: 1, authorizations: 1 });
    const after = JSON.parse(stored()!) as { tokens: { access_token: string } };
    expect(after.tokens.access_token).not.toBe(signIn.tokens.access_token);

    // A refused refresh: sign in again.
    remote.seen.refuseRefresh = true;
    remote.expireAccessTokens();
    const expired = await spoke('call', 'guarded', 'echo', '--args', '{"text": "no"}');
    expect(expired.code).toBe(1);
    expect(expired.stderr).toContain(
      'error: guarded: the sign-in has expired and the server refused to renew it',
    );
    expect(expired.stderr).toContain('sign in again at a terminal with: spoke login guarded');
    expect(remote.seen.authorizations).toBe(1);

    const out = await spoke('logout', 'guarded');
    expect(out.stdout).toMatch(
      /^Signed out of guarded: its tokens are deleted from the encrypted file/,
    );
    expect(stored()).toBeUndefined();
    expect((await spoke('logout', 'guarded')).stdout).toBe(
      'Not signed in to guarded; nothing to delete\n',
    );
  });

  it('is not needed for a server that never answers 401', async () => {
    const open = await startSseServer();
    try {
      const workspace = fx.readJson('spoke.json') as { servers: Record<string, object> };
      workspace.servers.open = { ...workspace.servers.guarded!, transport: 'sse', url: open.url };
      fx.writeJson('spoke.json', workspace);
      const login = await spoke('login', 'open');
      expect(login.stdout, login.stderr).toBe(
        `open (${open.url}) did not ask to sign in; there is nothing to store\n`,
      );
      expect(readSecrets(fx.configDir, fx.env)[`oauth:${open.url}`]).toBeUndefined();
      expect((await spoke('logout', 'open')).stdout).toBe(
        'Not signed in to open; nothing to delete\n',
      );
    } finally {
      await open.close();
    }
  });

  it('opens the sign-in at a terminal when a command first meets the 401', async () => {
    const session = onTerminal(['tools', 'guarded'], { cwd: fx.cwd, env: fx.env });
    await approveInBrowser(session.screen, () => session.waitFor('/authorize?'));
    expect(await session.exit).toBe(0);
    expect(session.screen()).toContain('guarded (io.github.test/guarded@1.0.0): 1 tool');
    expect(remote.seen).toMatchObject({ registrations: 1, authorizations: 1, pkceChecks: 1 });
    // The second command uses the stored tokens.
    const again = await spoke('tools', 'guarded');
    expect(again.stdout, again.stderr).toContain('guarded (io.github.test/guarded@1.0.0): 1 tool');
    expect(remote.seen.authorizations).toBe(1);
  });
});

describe('a remote server whose authorization server takes no registration', () => {
  beforeEach(() => setUp({ registration: false }));

  it('is signed in to with the client id and secret given to spoke login', async () => {
    const unregistered = await spoke('login', 'guarded');
    expect(unregistered.code).toBe(1);
    expect(unregistered.stderr).toContain(
      'error: guarded: its authorization server does not let spoke register itself as a client',
    );
    expect(unregistered.stderr).toContain(
      'register a client there with the redirect URI http://127.0.0.1/callback, then run: spoke login guarded --client-id <id>',
    );

    remote.preRegister({
      client_id: 'spoke-by-hand',
      client_secret: 'hand-secret',
      redirect_uris: ['http://127.0.0.1/callback'],
      token_endpoint_auth_method: 'client_secret_post',
    });
    const { login, authorizeUrl } = await loginInBrowser(fx, [
      'guarded',
      '--client-id',
      'spoke-by-hand',
      '--client-secret',
      'hand-secret',
    ]);
    expect(authorizeUrl).toContain('client_id=spoke-by-hand');
    expect(login.code, login.stderr).toBe(0);
    expect(remote.seen).toMatchObject({ registrations: 0, authorizations: 1, pkceChecks: 1 });
    const signIn = JSON.parse(stored()!) as { client: { client_id: string }; tokens: object };
    expect(signIn.client.client_id).toBe('spoke-by-hand');
    expect(readFileSync(path.join(fx.cwd, 'spoke.json'), 'utf8')).not.toContain('hand-secret');

    // The refresh authenticates as the same client.
    expect((await spoke('update', 'guarded', '--yes')).code).toBe(0);
    remote.expireAccessTokens();
    const call = await spoke('call', 'guarded', 'echo', '--args', '{"text": "by hand"}');
    expect(call.stdout, call.stderr).toBe('guarded: by hand\n');
    expect(remote.seen.refreshes).toBe(1);
  });
});

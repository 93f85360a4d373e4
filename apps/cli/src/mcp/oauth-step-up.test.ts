import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSecrets } from '../secrets/encrypted-file.ts';
import { startScenarioServer, type ScenarioServer } from '../test/conformance/scenario-server.ts';
import { addRemote } from '../test/conformance/workspace.ts';
import { makeFixture, type Fixture } from '../test/fixture.ts';
import { runCli, startCli } from '../test/run-cli.ts';
import { onTerminal } from '../test/terminal.ts';

/**
 * Step-up authorization against the official conformance suite's `auth/scope-step-up` servers:
 * listing tools needs the scope `mcp:basic`, calling one `mcp:basic mcp:write`, asked for with
 * 403 `insufficient_scope`. The authorization server approves at once, as a person would.
 */

let fx: Fixture;
let server: ScenarioServer;

beforeEach(async () => {
  server = await startScenarioServer('auth/scope-step-up');
  fx = makeFixture();
  // The "browser" is the test itself, following the printed URL; nothing is opened.
  fx.env.BROWSER = 'true';
  expect((await runCli(['init'], fx)).code).toBe(0);
  addRemote(fx.cwd, 'conf', server.url);
});

afterEach(async () => {
  await server.stop();
  fx.cleanup();
});

const spoke = (...args: string[]) => runCli(args, fx);
const AUTHORIZE_URL = /http:\/\/(?:localhost|127\.0\.0\.1):\d+\/authorize\?\S+/;
const stored = () =>
  JSON.parse(readSecrets(fx.configDir, fx.env)[`oauth:${server.url}`] ?? '{}') as {
    scope?: string;
    tokens?: { scope?: string };
  };

/** Approves the sign-in whose URL `screen` shows; returns the scope it asked for. */
async function approve(screen: () => string): Promise<string | null> {
  const url = AUTHORIZE_URL.exec(screen())![0];
  const page = await fetch(url);
  expect(await page.text()).toContain('Signed in to conf.');
  return new URL(url).searchParams.get('scope');
}

/** `spoke login conf`, approved in the browser; returns the scope it asked for. */
async function login(): Promise<string | null> {
  const { child, result } = startCli(['login', 'conf'], fx);
  let err = '';
  await new Promise<void>((resolve) => {
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      if (AUTHORIZE_URL.test(err)) resolve();
    });
  });
  const scope = await approve(() => err);
  const done = await result;
  expect(done.code, done.stderr).toBe(0);
  return scope;
}

describe('a request that needs more scope than the sign-in gave (403 insufficient_scope)', () => {
  it('fails without a terminal, and the next spoke login asks for the scopes granted and asked', async () => {
    expect(await login()).toBe('mcp:basic');
    expect(stored().tokens?.scope).toBe('mcp:basic');
    expect((await spoke('update', 'conf', '--yes')).code).toBe(0);

    const refused = await spoke('call', 'conf', 'test-tool');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'error: conf asks for more access than the sign-in gives (scope: mcp:basic mcp:write)',
    );
    expect(refused.stderr).toContain('sign in again at a terminal with: spoke login conf');
    expect(refused.stderr).not.toMatch(AUTHORIZE_URL);
    expect(stored().scope).toBe('mcp:basic mcp:write');

    expect(await login()).toBe('mcp:basic mcp:write');
    const call = await spoke('call', 'conf', 'test-tool');
    expect(call.stdout, call.stderr).toBe('test\n');
  });

  it('signs in again with more scope at a terminal and sends the request once more', async () => {
    await login();
    expect((await spoke('update', 'conf', '--yes')).code).toBe(0);

    const session = onTerminal(['call', 'conf', 'test-tool'], { cwd: fx.cwd, env: fx.env });
    await session.waitFor('/authorize?');
    expect(session.screen()).toContain('Sign in to conf in your browser.');
    expect(await approve(session.screen)).toBe('mcp:basic mcp:write');
    expect(await session.exit).toBe(0);
    expect(session.screen()).toContain('test');
    expect(stored().tokens?.scope).toBe('mcp:basic mcp:write');

    // The new tokens are stored: the next call needs no sign-in.
    const again = await spoke('call', 'conf', 'test-tool');
    expect(again.stdout, again.stderr).toBe('test\n');
    const checks = await server.stop();
    expect(checks).toMatch(/\[scope-step-up-initial\s*\] SUCCESS/);
    expect(checks).toMatch(/\[scope-step-up-escalation\s*\] SUCCESS/);
  });
});

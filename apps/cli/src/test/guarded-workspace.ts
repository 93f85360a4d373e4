import { expect } from 'vitest';
import { addRemote } from './conformance/workspace.ts';
import type { Fixture } from './fixture.ts';
import { runCli, startCli, type CliResult } from './run-cli.ts';

/** A workspace whose one server, `guarded`, is the remote server at `url` (locked, not updated). */
export async function guardedWorkspace(fx: Fixture, url: string): Promise<void> {
  expect((await runCli(['init'], fx)).code).toBe(0);
  addRemote(fx.cwd, 'guarded', url, { source: 'io.github.test/guarded' });
}

export const AUTHORIZE_URL = /http:\/\/127\.0\.0\.1:\d+\/authorize\?\S+/;

/** The person at the browser: opens the printed URL, approves, and lands on spoke's listener. */
export async function approveInBrowser(screen: () => string, wait: () => Promise<void>) {
  await wait();
  const url = AUTHORIZE_URL.exec(screen())![0];
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Signed in to guarded.');
}

/** `spoke login <args>` approved in the "browser": its result and the authorization URL. */
export async function loginInBrowser(
  fx: Fixture,
  args: string[],
): Promise<{ login: CliResult; authorizeUrl: string }> {
  const { child, result } = startCli(['login', ...args], fx);
  let err = '';
  await approveInBrowser(
    () => err,
    () =>
      new Promise<void>((resolve) => {
        child.stderr.on('data', (chunk: Buffer) => {
          err += chunk.toString();
          if (AUTHORIZE_URL.test(err)) resolve();
        });
      }),
  );
  return { login: await result, authorizeUrl: AUTHORIZE_URL.exec(err)![0] };
}

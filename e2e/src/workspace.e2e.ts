import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { API_TOKEN_PREFIX, SERVER_SCHEMA_URL, ownNamespace } from '@spoke/shared';
import { openPage as open, registerUser } from './app-session.ts';
import { launchBrowser } from './browser.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const openPage = (path: string, options?: Parameters<typeof open>[2]) =>
  open(browser, path, options);

function publish(secret: string, name: string, version: string): Promise<Response> {
  return fetch(`${baseUrl}/registry/v0.1/publish`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    body: JSON.stringify({
      $schema: SERVER_SCHEMA_URL,
      name,
      description: 'Published from the workspace test',
      version,
      packages: [
        {
          registryType: 'npm',
          identifier: '@e2e/workspace',
          version,
          transport: { type: 'stdio' },
        },
      ],
    }),
  });
}

describe('workspace page', () => {
  it('creates a token, shows its secret once, lists it and revokes it', async () => {
    const session = await registerUser({ verified: true });
    const { page, context, errors } = await openPage('/app/workspace', { session });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await page.getByRole('heading', { level: 1, name: 'Workspace' }).waitFor();
    expect(await page.title()).toBe('Workspace · Spoke');
    const tokens = page.getByRole('region', { name: 'API tokens' });
    await tokens.getByText('You have no API tokens yet.').waitFor();

    await tokens.getByLabel('Token name').fill('e2e laptop');
    await tokens.getByRole('button', { name: 'Create token' }).click();
    const field = tokens.getByLabel('Your new token');
    await field.waitFor();
    const secret = await field.inputValue();
    expect(secret.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(await field.getAttribute('readonly')).not.toBeNull();
    await tokens.getByText(/you won't see it again/).waitFor();
    await tokens.getByRole('button', { name: 'Copy token' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    const list = tokens.getByRole('list', { name: 'API tokens' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    expect(await list.innerText()).toContain('e2e laptop');
    expect(await list.innerText()).toContain('Last used never');

    // The token works: it publishes in the user's own namespace.
    const name = `${ownNamespace(session.username)}/from-workspace`;
    expect((await publish(secret, name, '1.0.0')).status).toBe(200);

    await page.reload();
    await list.waitFor();
    expect(await page.locator('body').innerText()).not.toContain(secret);
    await expect.poll(() => list.innerText()).not.toContain('Last used never');

    const servers = page.getByRole('list', { name: 'Your servers' });
    await servers.getByRole('link', { name }).waitFor();
    expect(await servers.innerText()).toContain('1.0.0 (latest)');
    expect(await servers.innerText()).toContain('Unverified');

    await tokens.getByRole('button', { name: 'Revoke token e2e laptop' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke token “e2e laptop”?' });
    await dialog.getByRole('button', { name: 'Revoke token' }).click();
    await tokens.getByText('You have no API tokens yet.').waitFor();
    expect(await dialog.count()).toBe(0);
    expect((await publish(secret, name, '1.0.1')).status).toBe(401);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows how to connect the CLI to this platform', async () => {
    const { page, context } = await openPage('/app/workspace', { session: await registerUser() });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const cli = page.getByRole('region', { name: 'Connect the CLI' });
    await cli.getByRole('button', { name: 'Copy SPOKE_URL command' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `export SPOKE_URL=${baseUrl}`,
    );
    await cli.getByRole('link', { name: 'Browse the registry' }).click();
    await page.getByRole('heading', { level: 1, name: 'Registry' }).waitFor();
    await context.close();
  });

  it('reaches every control from the keyboard', async () => {
    const { page, context } = await openPage('/app/workspace', { session: await registerUser() });
    await page.getByText('You have no API tokens yet.').waitFor();
    await page.getByLabel('Token name').focus();
    await page.keyboard.type('keyboard');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe(
      'checkbox',
    );
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByLabel('Your new token').waitFor();
    // The announcement of the new token takes focus, so a screen reader reads it out (in the
    // effect after the field appears: wait for it, then check where the focus is).
    await page
      .waitForFunction(() => document.activeElement?.id === 'new-token-heading', null, {
        timeout: 5_000,
      })
      .catch(() => undefined);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('new-token-heading');

    await page.getByRole('button', { name: 'I have copied it' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Revoke token keyboard' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText('You have no API tokens yet.').waitFor();
    await context.close();
  });
});

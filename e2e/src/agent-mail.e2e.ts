import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { openPage, registerUser, type Session } from './app-session.ts';
import { launchBrowser } from './browser.ts';
import { mailText } from './mail-text.ts';

const baseUrl = inject('baseUrl');
const outbox = path.join(inject('dataDir'), 'outbox');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The first link to `page` in a message to `email` in the server's outbox, once it is there. */
async function mailedLink(email: string, page: string): Promise<{ link: string; mail: string }> {
  const pattern = new RegExp(`https?://\\S+/${page}\\?token=[A-Za-z0-9_%-]+`);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const files = await readdir(outbox).catch(() => [] as string[]);
    for (const file of files) {
      const mail = mailText(await readFile(path.join(outbox, file), 'utf8'));
      if (!mail.includes(`To: ${email}`)) continue;
      const link = pattern.exec(mail)?.[0];
      if (link) return { link, mail };
    }
    if (Date.now() > deadline) throw new Error(`no ${page} mail for ${email} in ${outbox}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Proves the account's address with the link registration mailed to it. */
async function verify(session: Session): Promise<void> {
  const { link } = await mailedLink(session.email, 'verify-email');
  const token = new URL(link).searchParams.get('token');
  const answer = await fetch(`${baseUrl}/api/account/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect(answer.status).toBe(200);
}

describe('agent e-mail recipients', () => {
  it('asks an address, which allows from the mailed link, and shows it allowed', async () => {
    const owner = await registerUser();
    await verify(owner);
    const friend = `friend.${Date.now()}@example.com`;

    // The owner asks from the settings page.
    const { page, context, errors } = await openPage(browser, '/app/settings', { session: owner });
    const section = page.getByRole('region', { name: 'E-mail recipients' });
    await section.getByText(`Your own address, ${owner.email}, is always allowed.`).waitFor();
    await section.getByText('No recipients yet', { exact: false }).waitFor();
    await section.getByLabel('E-mail address').fill(friend);
    await section.getByRole('button', { name: 'Ask to allow' }).click();
    await section
      .getByText(`We e-mailed ${friend} a link to allow your agents.`, { exact: false })
      .waitFor();
    const list = section.getByRole('list', { name: 'E-mail recipients' });
    await list.getByText('Waiting for an answer').waitFor();

    // Asking twice is refused on the field.
    await section.getByLabel('E-mail address').fill(friend.toUpperCase());
    await section.getByRole('button', { name: 'Ask to allow' }).click();
    await section.getByText(`${friend} is on your list already`, { exact: false }).waitFor();
    expect(await section.getByLabel('E-mail address').getAttribute('aria-invalid')).toBe('true');

    // The recipient opens the mailed link in a browser of their own, without an account.
    const { link, mail } = await mailedLink(friend, 'email-consent');
    expect(new URL(link).origin).toBe(baseUrl);
    expect(mail).toContain(`Subject: ${owner.username} wants their Spoke agent to e-mail you`);
    const recipient = await openPage(browser, new URL(link).pathname + new URL(link).search);
    const consent = recipient.page;
    await consent
      .getByRole('heading', {
        level: 1,
        name: `${owner.username} wants their Spoke agent to e-mail you`,
      })
      .waitFor();
    expect(await consent.getByText(friend, { exact: true }).count()).toBe(1);
    await consent.getByRole('button', { name: 'Allow e-mails' }).click();
    await consent.getByRole('heading', { level: 1, name: 'E-mails allowed' }).waitFor();
    expect(await consent.getByRole('status').first().textContent()).toContain(
      `Agents of ${owner.username} may now e-mail ${friend}.`,
    );
    // The spent token leaves the address bar (the entry is replaced, not added to).
    await consent.waitForURL(`${baseUrl}/email-consent`);

    // The link works once.
    await consent.goto(link);
    await consent.getByRole('heading', { level: 1, name: 'Link no longer valid' }).waitFor();
    expect(await consent.getByRole('alert').textContent()).toBe(
      'This link does not work any more: it was answered already or is over 7 days old.',
    );

    // The owner's list shows the answer.
    await page.reload();
    const row = section.getByRole('list', { name: 'E-mail recipients' }).getByRole('listitem');
    await row.getByText('Allowed', { exact: true }).waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain(friend);
    expect(await section.getByText(/^Today:/).textContent()).toMatch(
      /^Today: 1 e-mail of \d+ sent/,
    );

    expect(errors).toEqual([]);
    expect(recipient.errors).toEqual([]);
    await recipient.context.close();
    await context.close();
  });
});

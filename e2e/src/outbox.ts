import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { mailText } from './mail-text.ts';

const outbox = path.join(inject('dataDir'), 'outbox');

async function mailsTo(email: string): Promise<string[]> {
  const files = await readdir(outbox).catch(() => [] as string[]);
  const found: string[] = [];
  // Newest first: the files are named by the time they were written.
  for (const file of files.sort().reverse()) {
    const raw = await readFile(path.join(outbox, file), 'utf8');
    if (raw.includes(`To: ${email}`)) found.push(mailText(raw));
  }
  return found;
}

/** How many mails to `email` hold a link to `page` (e.g. "/verify-email"). */
export async function countLinks(email: string, page: string): Promise<number> {
  return (await mailsTo(email)).filter((mail) => mail.includes(`${page}?token=`)).length;
}

/**
 * The link to `page` in the newest mail to `email` that has one; waits for it (mail is sent in
 * the background), beyond `skip` older such mails.
 */
export async function linkFor(email: string, page: string, skip = 0): Promise<string> {
  const pattern = new RegExp(`https?://\\S+${page}\\?token=[^\\s"<>]+`);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const links = (await mailsTo(email))
      .map((mail) => pattern.exec(mail)?.[0])
      .filter((link): link is string => link !== undefined);
    if (links.length > skip && links[0]) return links[0];
    if (Date.now() > deadline) throw new Error(`no ${page} mail for ${email} in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

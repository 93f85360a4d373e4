import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where replies go when not to the sender (agents' mail: their owner). */
  replyTo?: string;
  headers?: Record<string, string>;
};
export type Mailer = { send: (mail: Mail) => Promise<{ id: string; file?: string }> };

/**
 * SMTP when `smtpUrl` is set; otherwise each message is written as an .eml file under
 * `<dataDir>/outbox/`, so a machine with no mail server still has every message.
 */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      send: async (mail) => {
        const info = await transport.sendMail({ from: opts.from, ...mail });
        return { id: String(info.messageId ?? randomUUID()) };
      },
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  const writing = path.join(opts.dataDir, 'outbox-writing');
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    send: async (mail) => {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      await mkdir(outbox, { recursive: true });
      await mkdir(writing, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      const file = path.join(outbox, name);
      // Written beside the outbox and moved in whole, so that a reader never finds half a
      // message (a link cut short).
      const draft = path.join(writing, name);
      await writeFile(draft, info.message as Buffer, { mode: 0o600 });
      await rename(draft, file);
      return { id: String(info.messageId ?? path.basename(file)), file };
    },
  };
}

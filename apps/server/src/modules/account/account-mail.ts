import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../lib/mailer.ts';
import type { ResetMail } from './auth.ts';
import type { VerificationMail } from './verification.ts';

const greeting = (name: string) => `Hello${name ? ` ${name}` : ''},`;

/** The mails an account gets about itself: a password reset link and an e-mail proof link. */
export function createAccountMail(deps: {
  mailer: Mailer;
  appUrl: string;
  log: FastifyBaseLogger;
}) {
  const { mailer, appUrl, log } = deps;
  return {
    sendResetPassword: async ({ email, name, token }: ResetMail): Promise<void> => {
      const link = `${appUrl}/reset-password?token=${encodeURIComponent(token)}`;
      const { file } = await mailer.send({
        to: email,
        subject: 'Reset your Spoke password',
        text: [
          greeting(name),
          '',
          'Someone asked to reset the password of your Spoke account.',
          `Choose a new password here (the link works once, within the next hour):`,
          '',
          link,
          '',
          'If it was not you, ignore this message: your password stays as it is.',
        ].join('\n'),
      });
      // With no SMTP server the message lands in the outbox; say where, so it can be opened.
      // The link itself is a secret: only the file is named.
      if (file) log.info({ file }, 'password reset mail written to the outbox');
    },

    sendVerificationMail: async ({ email, name, token }: VerificationMail): Promise<void> => {
      const link = `${appUrl}/verify-email?token=${encodeURIComponent(token)}`;
      const { file } = await mailer.send({
        to: email,
        subject: 'Confirm your e-mail address for Spoke',
        text: [
          greeting(name),
          '',
          'Please confirm that this address belongs to your new Spoke account',
          '(the link works once, within the next 24 hours):',
          '',
          link,
          '',
          'If you did not create a Spoke account, ignore this message.',
        ].join('\n'),
      });
      if (file) log.info({ file }, 'verification mail written to the outbox');
    },
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  AddEmailRecipientSchema,
  EmailRecipientListSchema,
  EmailRecipientSchema,
  ErrorCode,
  OkSchema,
  envelope,
  isUuid,
} from '@spoke/shared';
import { AppError } from '../../errors.ts';
import { authenticated } from '../../lib/auth.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { requireVerifiedEmail } from '../account/guards.ts';
import type { EmailRecipientService } from './email-recipients.ts';

const tokenField = z.string().check(z.minLength(1), z.maxLength(200));
const gone = () =>
  new AppError(404, ErrorCode.NOT_FOUND, {
    message: 'This link does not work any more: it was answered already or is over 7 days old.',
  });

/** The mail that asks an address whether a user's agents may e-mail it. */
function consentMail(username: string, email: string, link: string) {
  return {
    to: email,
    subject: `${username} wants their Spoke agent to e-mail you`,
    text: [
      'Hello,',
      '',
      `${username} wants their Spoke agent to e-mail you at ${email}: allow / ignore.`,
      '',
      'Answer here (the link works once, within 7 days):',
      '',
      link,
      '',
      'If you do nothing, nothing is sent: no agent may e-mail you until you allow it.',
    ].join('\n'),
  };
}

/**
 * `/api/account/email-recipients`: the addresses a user's agents may e-mail besides the
 * user's own.
 */
export const recipientRoutes: FastifyPluginAsyncZod<{
  recipients: EmailRecipientService;
  mailer: Mailer;
  appUrl: string;
}> = async (app, { recipients, mailer, appUrl }) => {
  app.get(
    '/account/email-recipients',
    { schema: { response: { 200: envelope(EmailRecipientListSchema) } } },
    async (request) => {
      const { user } = authenticated(request);
      return { data: await recipients.list(await recipients.owner(user.id)) };
    },
  );

  app.post(
    '/account/email-recipients',
    {
      schema: {
        body: AddEmailRecipientSchema,
        response: { 201: envelope(z.object({ recipient: EmailRecipientSchema })) },
      },
    },
    async (request, reply) => {
      const { user } = authenticated(request);
      // The request is itself a mail to a stranger: only proven accounts, within the limit.
      requireVerifiedEmail(user);
      const owner = await recipients.owner(user.id);
      const { row, token } = await recipients.request(owner, request.body.email);
      try {
        await recipients.reserve(owner.id, 1);
      } catch (err) {
        await recipients.remove(owner.id, row.id);
        throw err;
      }
      const link = `${appUrl}/email-consent?token=${encodeURIComponent(token)}`;
      await mailer.send(consentMail(owner.username, row.email, link));
      return reply.status(201).send({ data: { recipient: row } });
    },
  );

  app.delete(
    '/account/email-recipients/:id',
    {
      schema: {
        params: z.object({ id: z.string().check(z.maxLength(64)) }),
        response: { 200: envelope(OkSchema) },
      },
    },
    async (request) => {
      const { user } = authenticated(request);
      const { id } = request.params;
      if (!isUuid(id) || !(await recipients.remove(user.id, id))) {
        throw new AppError(404, ErrorCode.NOT_FOUND);
      }
      return { data: { ok: true as const } };
    },
  );
};

/** `/api/email-consent`: the recipient's answer, from the link in the mail; no sign-in. */
export const emailConsentRoutes: FastifyPluginAsyncZod<{
  recipients: EmailRecipientService;
}> = async (app, { recipients }) => {
  app.get(
    '/email-consent',
    {
      schema: {
        querystring: z.object({ token: tokenField }),
        response: {
          200: envelope(z.object({ username: z.string(), email: z.string() })),
        },
      },
    },
    async (request) => {
      const pending = await recipients.pending(request.query.token);
      if (!pending) throw gone();
      return { data: { username: pending.username, email: pending.email } };
    },
  );

  app.post(
    '/email-consent',
    {
      schema: {
        body: z.object({
          token: tokenField,
          answer: z.enum(['allow', 'ignore'], { error: 'Answer allow or ignore' }),
        }),
        response: {
          200: envelope(z.object({ status: z.enum(['confirmed', 'declined']) })),
        },
      },
    },
    async (request) => {
      const allow = request.body.answer === 'allow';
      const answered = await recipients.answer(request.body.token, allow);
      if (!answered) throw gone();
      return { data: { status: allow ? ('confirmed' as const) : ('declined' as const) } };
    },
  );
};

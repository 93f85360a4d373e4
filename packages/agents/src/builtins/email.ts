import { z } from 'zod';
import {
  defineTool,
  jsonResult,
  messageOf,
  ToolError,
  type BuiltinServerDefinition,
} from './tool.ts';

export const EMAIL_LIMITS = { maxRecipients: 10, maxSubject: 200, maxText: 100_000 } as const;

const sendEmail = defineTool({
  name: 'send_email',
  title: 'Send an e-mail',
  description:
    'Send a plain-text e-mail through the platform mailer to 1 to 10 recipients: the owner’s ' +
    'own address or addresses that agreed to get the owner’s agents’ mail (others are ' +
    'refused), within a daily limit. Write the full message in `text`; there is no HTML or ' +
    'attachment, and the mail names the owner as its sender. Returns the id the mailer gave ' +
    'the message. Each call sends a real message, so do not repeat a call that succeeded.',
  input: {
    to: z
      .array(z.email({ error: 'not a valid e-mail address' }))
      .min(1, { error: 'give at least one recipient' })
      .max(EMAIL_LIMITS.maxRecipients, {
        error: `at most ${EMAIL_LIMITS.maxRecipients} recipients per message`,
      })
      .describe('Recipient addresses, e.g. ["ana@example.com"]. 1 to 10.'),
    subject: z
      .string()
      .trim()
      .min(1, { error: 'the subject is empty' })
      .max(EMAIL_LIMITS.maxSubject)
      .describe('Subject line, one line, at most 200 characters.'),
    text: z
      .string()
      .min(1, { error: 'the message is empty' })
      .max(EMAIL_LIMITS.maxText)
      .describe('The message body as plain text.'),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  async run(args, ctx) {
    if (/[\r\n]/.test(args.subject)) {
      throw new ToolError('the subject must be one line (no line breaks)');
    }
    const to = [...new Set(args.to.map((address) => address.trim()))];
    let sent: { id: string };
    try {
      sent = await ctx.mailer.send({
        agentId: ctx.agentId,
        to,
        subject: args.subject,
        text: args.text,
      });
    } catch (error) {
      throw new ToolError(`not sent: ${messageOf(error)}`);
    }
    return jsonResult(
      { id: sent.id, to, subject: args.subject },
      `Sent "${args.subject}" to ${to.join(', ')}.`,
    );
  },
});

export const emailServer: BuiltinServerDefinition = {
  title: 'E-mail',
  instructions: 'Sends plain-text e-mail through the platform mailer with send_email.',
  tools: [sendEmail],
};

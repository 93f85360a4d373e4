import * as z from 'zod/mini';
import { emailField } from './account.ts';

/** E-mails a user's agents may send per UTC day unless the server sets another limit. */
export const AGENT_EMAILS_PER_DAY_DEFAULT = 50;

export const EMAIL_RECIPIENT_STATUSES = ['pending', 'confirmed', 'declined'] as const;
export type EmailRecipientStatus = (typeof EMAIL_RECIPIENT_STATUSES)[number];

/** An address the user's agents may e-mail once its owner allowed it. */
export const EmailRecipientSchema = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(EMAIL_RECIPIENT_STATUSES),
  requested_at: z.string(),
  answered_at: z.nullable(z.string()),
});
export type EmailRecipient = z.infer<typeof EmailRecipientSchema>;

/** `GET /api/account/email-recipients`. */
export const EmailRecipientListSchema = z.object({
  recipients: z.array(EmailRecipientSchema),
  /** The user's own address, which needs no confirmation once verified. */
  own_address: z.string(),
  daily_limit: z.number(),
  sent_today: z.number(),
});
export type EmailRecipientList = z.infer<typeof EmailRecipientListSchema>;

/** `POST /api/account/email-recipients`: asks the address for its consent. */
export const AddEmailRecipientSchema = z.object({ email: emailField });
export type AddEmailRecipient = z.infer<typeof AddEmailRecipientSchema>;

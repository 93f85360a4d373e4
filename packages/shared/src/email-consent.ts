import * as z from 'zod/mini';
import { EmailRecipientSchema } from './email-recipients.ts';

/** `GET /api/email-consent?token=`: who asks to e-mail which address (a pending link only). */
export const EmailConsentRequestSchema = z.object({ username: z.string(), email: z.string() });
export type EmailConsentRequest = z.infer<typeof EmailConsentRequestSchema>;

export const EMAIL_CONSENT_ANSWERS = ['allow', 'ignore'] as const;
export type EmailConsentAnswer = (typeof EMAIL_CONSENT_ANSWERS)[number];

/** `POST /api/email-consent`: the recipient's answer; the link works once. */
export const EmailConsentResultSchema = z.object({ status: z.enum(['confirmed', 'declined']) });
export type EmailConsentResult = z.infer<typeof EmailConsentResultSchema>;

/** `POST /api/account/email-recipients`: the address asked, still pending. */
export const AddedEmailRecipientSchema = z.object({ recipient: EmailRecipientSchema });

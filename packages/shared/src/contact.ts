import * as z from 'zod/mini';
import { emailField } from './account.ts';

export const CONTACT_TOPICS = [
  'general',
  'sales',
  'support',
  'security',
  'press',
  'careers',
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];
export const CONTACT_TOPIC_LABELS: Record<ContactTopic, string> = {
  general: 'General question',
  sales: 'Sales',
  support: 'Support',
  security: 'Security report',
  press: 'Press',
  careers: 'Careers',
};
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;

/**
 * An address an admin answers by e-mail: letters, digits and `._%+-` before the `@`, a host
 * name after it. No `?`, `,`, `&`, `;`, quote, bracket, space or line break: nothing that would
 * turn the reply link's address into a header (a hidden Bcc) or into several addresses.
 */
const STRICT_EMAIL =
  /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export const contactEmailField = emailField.check(
  z.regex(STRICT_EMAIL, 'Please enter a valid email address'),
);

/** The admin's reply link: every part encoded, so no address can add recipients or headers. */
export function contactReplyLink(message: Pick<ContactMessage, 'email' | 'topic'>): string {
  const subject = `Re: your message to Spoke (${CONTACT_TOPIC_LABELS[message.topic]})`;
  return `mailto:${encodeURIComponent(message.email)}?subject=${encodeURIComponent(subject)}`;
}

export const ContactRequestSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .check(z.trim(), z.minLength(1, 'Name is required'), z.maxLength(100, 'Name is too long')),
  email: contactEmailField,
  topic: z.enum(CONTACT_TOPICS, { error: 'Please choose a topic' }),
  message: z
    .string({ error: 'Message is required' })
    .check(
      z.trim(),
      z.minLength(1, 'Message is required'),
      z.minLength(
        CONTACT_MESSAGE_MIN,
        `Message must be at least ${CONTACT_MESSAGE_MIN} characters`,
      ),
      z.maxLength(CONTACT_MESSAGE_MAX, `Message must be at most ${CONTACT_MESSAGE_MAX} characters`),
    ),
});
export type ContactRequest = z.input<typeof ContactRequestSchema>;

export const ContactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  topic: z.enum(CONTACT_TOPICS),
  message: z.string(),
  user_id: z.nullable(z.string()),
  created_at: z.string(),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

export const ContactReceiptSchema = z.object({ id: z.string(), received: z.literal(true) });
export const ContactMessageListSchema = z.object({
  messages: z.array(ContactMessageSchema),
  next_cursor: z.nullable(z.string()),
});

import { ContactReceiptSchema, type ContactRequest } from '@spoke/shared';
import { api } from '#web/lib/api/client.ts';

/** Sends the contact form; resolves with the stored message's id. Fails with an ApiError. */
export function sendContactMessage(message: ContactRequest) {
  return api.post('/api/contact', ContactReceiptSchema, message);
}

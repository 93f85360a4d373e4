import type { FastifyPluginAsync } from 'fastify';
import type { StripeBilling } from './stripe-billing.ts';

/**
 * `POST /api/billing/stripe/webhook`: Stripe's signed events. The raw body is what the
 * signature covers, so no parser touches it. 200 for every event verified (applied, already
 * applied, or of no concern here); 400 for a bad or stale signature.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<{ stripe: StripeBilling }> = async (
  app,
  { stripe },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/billing/stripe/webhook', async (request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const header = request.headers['stripe-signature'];
    const outcome = await stripe.handleWebhook(
      raw,
      typeof header === 'string' ? header : undefined,
    );
    return { received: true, result: outcome.result };
  });
};

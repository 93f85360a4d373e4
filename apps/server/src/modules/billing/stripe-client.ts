import Stripe from 'stripe';
import type { StripeConfig } from '../../config/stripe.ts';

/**
 * The official Stripe client. STRIPE_API_URL, when set, sends its requests elsewhere (a proxy,
 * or the local stand-in the tests run) through the client's own host/port/protocol options.
 */
export function createStripeClient(config: StripeConfig): Stripe {
  const options: ConstructorParameters<typeof Stripe>[1] = {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  };
  if (config.apiUrl) {
    const url = new URL(config.apiUrl);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    options.host = url.hostname;
    options.port = url.port || (protocol === 'http' ? 80 : 443);
    options.protocol = protocol;
  }
  return new Stripe(config.secretKey, options);
}

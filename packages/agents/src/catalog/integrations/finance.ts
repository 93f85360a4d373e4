import type { Integration } from '../types.ts';
import { event, secret } from './define.ts';

export const FINANCE_INTEGRATIONS: readonly Integration[] = [
  {
    id: 'stripe',
    name: 'Stripe',
    category: 'Finance',
    description: 'Stripe customers, payments, invoices, subscriptions, refunds and revenue.',
    keywords: ['stripe', 'revenue', 'subscription', 'charge', 'mrr', 'customer'],
    aliases: ['stripe payments', 'stripe billing', 'stripe.com'],
    provider: { kind: 'npm', package: '@stripe/mcp' },
    registryName: 'io.github.stripe/mcp',
    env: [
      secret(
        'STRIPE_SECRET_KEY',
        'Restricted API key (rk_...) whose permissions decide which tools the agent gets.',
      ),
    ],
    events: [
      event('payment_intent.succeeded', 'Payment succeeded', [
        'payment succeeds',
        'successful payment',
        'customer pays',
        'new payment',
      ]),
      event('invoice.paid', 'Invoice paid', ['invoice is paid', 'paid invoice']),
      event('invoice.payment_failed', 'Invoice payment failed', [
        'payment fails',
        'failed payment',
        'card is declined',
      ]),
      event('customer.subscription.created', 'Subscription started', [
        'new subscription',
        'new subscriber',
        'someone subscribes',
      ]),
      event('customer.subscription.deleted', 'Subscription cancelled', [
        'subscription is cancelled',
        'customer churns',
        'someone cancels',
      ]),
      event('charge.refunded', 'Charge refunded', ['refund is issued', 'charge is refunded']),
      event('checkout.session.completed', 'Checkout completed', [
        'checkout completes',
        'someone buys',
        'new purchase',
      ]),
    ],
    tools: [],
  },
  {
    id: 'paypal',
    name: 'PayPal',
    category: 'Finance',
    description:
      "PayPal invoices, orders, payments and disputes through PayPal's hosted MCP server.",
    keywords: ['paypal', 'dispute', 'payout'],
    aliases: ['pay pal', 'paypal business'],
    provider: { kind: 'remote', url: 'https://mcp.paypal.com/mcp', transport: 'streamable-http' },
    source: 'https://developer.paypal.com/tools/mcp-server/',
    registryName: 'dev.spoke.catalog/paypal',
    env: [],
    events: [
      event('payment.capture.completed', 'Payment received', [
        'paypal payment is received',
        'payment completes in paypal',
      ]),
      event('customer.dispute.created', 'Dispute opened', ['dispute is opened', 'chargeback']),
    ],
    tools: [],
  },
  {
    id: 'square',
    name: 'Square',
    category: 'Finance',
    description:
      "Square payments, orders, catalog and customers through Square's hosted MCP server.",
    keywords: ['square', 'point of sale', 'pos', 'catalog', 'merchant'],
    aliases: ['square pos', 'squareup', 'block square'],
    provider: { kind: 'remote', url: 'https://mcp.squareup.com/sse', transport: 'sse' },
    source: 'https://developer.squareup.com/docs/mcp',
    registryName: 'dev.spoke.catalog/square',
    env: [],
    events: [
      event('payment.created', 'Payment created', ['new square payment', 'sale is made']),
      event('order.created', 'Order created', ['new square order']),
      event('invoice.payment_made', 'Invoice paid', ['square invoice is paid']),
    ],
    tools: [],
  },
];

import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server speaking the part of Stripe's API this app uses — customers, Checkout
 * Sessions, billing portal sessions, subscriptions: form-encoded bodies, Stripe's JSON objects
 * and error shape — with a hosted "checkout page" and "portal page" of its own whose buttons
 * send webhooks signed exactly as Stripe signs them. For tests only.
 */
export type StandInOptions = {
  secretKey: string;
  webhookSecret: string;
  /** The price ids Stripe "knows" (others answer resource_missing). */
  prices: string[];
  /** Where events are sent (the app's webhook route); may be set later with `setWebhookUrl`. */
  webhookUrl?: string;
  /**
   * The hosted checkout page's Pay button redirects at once and sends the events this much
   * later, as Stripe may (0: the events are delivered before the redirect).
   */
  eventDelayMs?: number;
};

type Obj = Record<string, unknown>;
export type Recorded = {
  method: string;
  path: string;
  body: Obj;
  headers: IncomingMessage['headers'];
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `Stripe-Signature` for a payload: `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`. */
export function stripeSignature(
  payload: string,
  secret: string,
  t = Math.floor(Date.now() / 1000),
) {
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** Parses Stripe's form encoding (`a[b][0][c]=v`) into nested objects and arrays. */
export function parseStripeForm(text: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Obj = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      const next = parts[i + 1] as string;
      if (!(part in node)) node[part] = /^\d+$/.test(next) ? [] : {};
      node = node[part] as Obj;
    });
  }
  return root;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startStripeStandIn(options: StandInOptions) {
  const customers = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const portals = new Map<string, Obj>();
  const idempotent = new Map<string, { status: number; body: Obj }>();
  const requests: Recorded[] = [];
  const deliveries: { type: string; status: number; body: string }[] = [];
  let webhookUrl = options.webhookUrl;
  let baseUrl = '';

  function error(res: ServerResponse, status: number, message: string, extra: Obj = {}) {
    json(res, status, { error: { type: 'invalid_request_error', message, ...extra } });
  }
  function json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': id('req'),
    });
    res.end(JSON.stringify(body));
  }
  function html(res: ServerResponse, body: string) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html><head><title>Stripe test</title></head><body>${body}</body></html>`,
    );
  }
  function redirect(res: ServerResponse, to: string) {
    res.writeHead(303, { location: to });
    res.end();
  }

  /** Sends one event to the webhook URL, signed like Stripe; returns the app's answer. */
  async function sendEvent(
    type: string,
    object: Obj,
    opts: { secret?: string; t?: number; eventId?: string; signature?: string } = {},
  ) {
    if (!webhookUrl) throw new Error('no webhook URL set');
    const event = {
      id: opts.eventId ?? id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: opts.t ?? Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    };
    const payload = JSON.stringify(event);
    const signature =
      opts.signature ?? stripeSignature(payload, opts.secret ?? options.webhookSecret, opts.t);
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    const body = await res.text();
    deliveries.push({ type, status: res.status, body });
    return { event, payload, status: res.status, body };
  }

  function subscriptionObject(customer: string, price: string, metadata: Obj): Obj {
    const sub = {
      id: id('sub'),
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      metadata,
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            price: { id: price, object: 'price' },
            quantity: 1,
          },
        ],
        has_more: false,
      },
    };
    subscriptions.set(sub.id, sub);
    return sub;
  }

  /** What the hosted checkout page's Pay button does: subscription, events, redirect. */
  async function pay(sessionId: string): Promise<string> {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const lineItems = session.line_items as { price: string }[];
    const sub = subscriptionObject(
      session.customer as string,
      lineItems[0]?.price as string,
      ((session.subscription_data as Obj | undefined)?.metadata as Obj) ?? {},
    );
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id });
    await sendEvent('customer.subscription.created', sub);
    await sendEvent('checkout.session.completed', session);
    return String(session.success_url).replace('{CHECKOUT_SESSION_ID}', sessionId);
  }

  async function cancel(subscriptionId: string) {
    const sub = subscriptions.get(subscriptionId);
    if (!sub) throw new Error(`no subscription ${subscriptionId}`);
    sub.status = 'canceled';
    return sendEvent('customer.subscription.deleted', sub);
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string, body: Obj) {
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
      return error(res, 401, 'Invalid API Key provided.');
    }
    const key = req.headers['idempotency-key'];
    if (typeof key === 'string' && idempotent.has(key)) {
      const kept = idempotent.get(key)!;
      return json(res, kept.status, kept.body);
    }
    const answer = (status: number, out: Obj) => {
      if (typeof key === 'string' && req.method === 'POST')
        idempotent.set(key, { status, body: out });
      json(res, status, out);
    };
    if (req.method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: body.email ?? null,
        name: body.name ?? null,
        metadata: body.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return answer(200, customer);
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const customer = body.customer as string | undefined;
      if (!customer || !customers.has(customer)) {
        return error(res, 400, `No such customer: '${customer}'`, {
          code: 'resource_missing',
          param: 'customer',
        });
      }
      const items = (body.line_items as { price?: string; quantity?: string }[] | undefined) ?? [];
      const price = items[0]?.price;
      if (!price || !options.prices.includes(price)) {
        return error(res, 400, `No such price: '${price}'`, {
          code: 'resource_missing',
          param: 'line_items[0][price]',
        });
      }
      const sessionId = id('cs_test');
      const session = {
        id: sessionId,
        object: 'checkout.session',
        mode: body.mode,
        status: 'open',
        payment_status: 'unpaid',
        customer,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        subscription_data: body.subscription_data ?? {},
        line_items: items,
        subscription: null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        url: `${baseUrl}/checkout/${sessionId}`,
      };
      sessions.set(sessionId, session);
      return answer(200, session);
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = body.customer as string | undefined;
      if (!customer || !customers.has(customer)) {
        return error(res, 400, `No such customer: '${customer}'`, {
          code: 'resource_missing',
          param: 'customer',
        });
      }
      const portalId = id('bps');
      const portal = {
        id: portalId,
        object: 'billing_portal.session',
        customer,
        return_url: body.return_url ?? null,
        url: `${baseUrl}/portal/${portalId}`,
      };
      portals.set(portalId, portal);
      return answer(200, portal);
    }
    const subMatch = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
    if (req.method === 'GET' && subMatch) {
      const sub = subscriptions.get(subMatch[1] as string);
      if (!sub)
        return error(res, 404, `No such subscription: '${subMatch[1]}'`, {
          code: 'resource_missing',
          param: 'id',
        });
      return json(res, 200, sub);
    }
    return error(res, 404, `Unrecognized request URL (${req.method}: ${path}).`);
  }

  async function pages(req: IncomingMessage, res: ServerResponse, path: string) {
    const checkout = /^\/checkout\/([\w-]+)(\/pay)?$/.exec(path);
    if (checkout) {
      const session = sessions.get(checkout[1] as string);
      if (!session) return error(res, 404, 'No such checkout session');
      if (req.method === 'POST' && checkout[2]) {
        const delay = options.eventDelayMs ?? 0;
        if (delay === 0) return redirect(res, await pay(session.id as string));
        const paid = new Promise<void>((resolve) => setTimeout(resolve, delay)).then(() =>
          pay(session.id as string),
        );
        paid.catch(() => undefined);
        return redirect(
          res,
          String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id as string),
        );
      }
      const price = (session.line_items as { price: string }[])[0]?.price ?? '';
      return html(
        res,
        `<main><h1>Test checkout</h1><p>Subscribe to <strong data-price>${escapeHtml(price)}</strong></p>
        <form method="post" action="/checkout/${escapeHtml(session.id as string)}/pay"><button type="submit">Pay</button></form>
        <p><a href="${escapeHtml(String(session.cancel_url))}">Back</a></p></main>`,
      );
    }
    const portal = /^\/portal\/([\w-]+)(\/cancel)?$/.exec(path);
    if (portal) {
      const session = portals.get(portal[1] as string);
      if (!session) return error(res, 404, 'No such portal session');
      const active = [...subscriptions.values()].find(
        (s) => s.customer === session.customer && s.status === 'active',
      );
      if (req.method === 'POST' && portal[2]) {
        if (active) await cancel(active.id as string);
        return redirect(res, String(session.return_url));
      }
      return html(
        res,
        `<main><h1>Test billing portal</h1><p>${active ? 'Subscription active' : 'No active subscription'}</p>
        <form method="post" action="/portal/${escapeHtml(session.id as string)}/cancel"><button type="submit">Cancel subscription</button></form>
        <p><a href="${escapeHtml(String(session.return_url))}">Return</a></p></main>`,
      );
    }
    return error(res, 404, 'Not found');
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const text = Buffer.concat(chunks).toString('utf8');
      const body = parseStripeForm(req.method === 'GET' ? url.search.slice(1) : text);
      const handle = url.pathname.startsWith('/v1/')
        ? (requests.push({
            method: req.method ?? '',
            path: url.pathname,
            body,
            headers: req.headers,
          }),
          api(req, res, url.pathname, body))
        : pages(req, res, url.pathname);
      handle.catch((err: unknown) => {
        if (!res.headersSent) error(res, 500, (err as Error).message);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    requests,
    deliveries,
    customers,
    sessions,
    subscriptions,
    setWebhookUrl: (url: string) => {
      webhookUrl = url;
    },
    sendEvent,
    pay,
    cancel,
    /** A subscription object as Stripe would send it (kept, so GET /v1/subscriptions/:id finds it). */
    subscription: subscriptionObject,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

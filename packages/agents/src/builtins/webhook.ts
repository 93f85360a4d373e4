import { createHmac, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { contentType, decodeText } from './http-body.ts';
import { guardedFetch } from './net-guard.ts';
import {
  defineTool,
  jsonByteLength,
  jsonResult,
  ToolError,
  type BuiltinServerDefinition,
} from './tool.ts';

export const WEBHOOK_LIMITS = { maxPayloadBytes: 256 * 1024, timeoutMs: 15_000 } as const;
const RESPONSE_CHARS = 2000;

/**
 * The signature a receiver recomputes: hex HMAC-SHA256 over `<timestamp>.<body>` with the shared
 * secret, sent as `X-Spoke-Signature: sha256=<hex>` next to `X-Spoke-Timestamp: <timestamp>`.
 */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

const sendWebhook = defineTool({
  name: 'send_webhook',
  title: 'Send a webhook',
  description:
    'POST a JSON payload to a webhook URL (Slack, Discord, Zapier, your own endpoint…). The ' +
    'request is signed when the agent has a webhook secret (X-Spoke-Signature, X-Spoke-Timestamp). ' +
    'Succeeds only when the receiver answers 2xx; redirects are not followed. Each call delivers ' +
    'again, so do not repeat a call that succeeded.',
  input: {
    url: z.string().min(1).max(4096).describe('Absolute http:// or https:// URL of the receiver.'),
    payload: z
      .unknown()
      .refine((value) => value !== undefined, { error: 'give a payload (any JSON value)' })
      .describe('The JSON to send, e.g. {"text": "Build failed"}.'),
    headers: z
      .record(z.string(), z.string())
      .optional()
      .describe('Extra request headers, e.g. {"Authorization": "Bearer …"}.'),
  },
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  async run(args, ctx, signal) {
    const size = jsonByteLength(args.payload);
    if (size > WEBHOOK_LIMITS.maxPayloadBytes) {
      throw new ToolError(
        `the payload is ${size} bytes; the limit is ${WEBHOOK_LIMITS.maxPayloadBytes} bytes`,
      );
    }
    const own = Object.keys(args.headers ?? {}).find((h) => /^(x-spoke-|content-type$)/i.test(h));
    if (own) throw new ToolError(`the ${own} header is set by the platform and cannot be given`);
    const body = JSON.stringify(args.payload);
    const delivery = randomUUID();
    const headers: Record<string, string> = {
      ...args.headers,
      'Content-Type': 'application/json',
      'User-Agent': 'Spoke-Webhook/1.0',
      'X-Spoke-Delivery': delivery,
    };
    if (ctx.webhookSecret) {
      const timestamp = String(Math.floor((ctx.now?.() ?? new Date()).getTime() / 1000));
      headers['X-Spoke-Timestamp'] = timestamp;
      headers['X-Spoke-Signature'] = webhookSignature(ctx.webhookSecret, timestamp, body);
    }
    const res = await guardedFetch(
      {
        url: args.url,
        method: 'POST',
        headers,
        body,
        timeoutMs: WEBHOOK_LIMITS.timeoutMs,
        maxBytes: 64 * 1024,
        followRedirects: false,
        signal,
      },
      ctx.network,
    );
    const answer = decodeText(res.body, contentType(res.headers).charset).slice(0, RESPONSE_CHARS);
    if (res.status < 200 || res.status >= 300) {
      const where = res.headers.location ? ` (redirects to ${res.headers.location})` : '';
      const said = answer.trim() ? `: ${answer.trim().slice(0, 300)}` : '';
      throw new ToolError(
        `not delivered: the receiver answered ${res.status} ${res.statusText}${where}${said}`,
      );
    }
    return jsonResult(
      {
        delivered: true,
        status: res.status,
        delivery_id: delivery,
        signed: Boolean(ctx.webhookSecret),
        response: answer,
      },
      `Delivered to ${res.url} (${res.status}).`,
    );
  },
});

export const webhookServer: BuiltinServerDefinition = {
  title: 'Outgoing webhook',
  instructions: 'Delivers JSON to webhook URLs with send_webhook.',
  tools: [sendWebhook],
};

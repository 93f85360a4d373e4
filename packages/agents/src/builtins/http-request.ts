import { z } from 'zod';
import { bodyForModel } from './http-body.ts';
import { guardedFetch } from './net-guard.ts';
import { defineTool, jsonResult, type BuiltinServerDefinition } from './tool.ts';

/** Response bytes kept by `http_request`. */
export const HTTP_REQUEST_MAX_BYTES = 1024 * 1024;

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

const httpRequest = defineTool({
  name: 'http_request',
  title: 'HTTP request',
  description:
    'Send an HTTP request to a public http(s) URL and read the answer: status, headers and body ' +
    '(parsed when the server sends JSON, text otherwise, base64 for binary data). Redirects are ' +
    'followed (at most 5). A 4xx or 5xx status is an answer, not a failure. Private, loopback and ' +
    'link-local addresses are refused, and only allowed hosts are reachable when the agent has ' +
    `an allow-list. Bodies over ${HTTP_REQUEST_MAX_BYTES / 1024 / 1024} MiB are cut and marked truncated.`,
  input: {
    method: z.enum(METHODS).default('GET').describe('HTTP method. Default GET.'),
    url: z.string().min(1).max(4096).describe('Absolute http:// or https:// URL.'),
    headers: z
      .record(z.string(), z.string())
      .optional()
      .describe(
        'Request headers, e.g. {"Authorization": "Bearer …", "Accept": "application/json"}.',
      ),
    body: z
      .union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())])
      .optional()
      .describe(
        'Request body. A string is sent as it is; an object or array is sent as JSON with ' +
          'Content-Type: application/json unless you set Content-Type.',
      ),
    timeout_ms: z
      .number()
      .int()
      .min(100)
      .max(60_000)
      .default(15_000)
      .describe('Time limit for the whole request, redirects included, in milliseconds.'),
  },
  annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
  async run(args, ctx, signal) {
    const headers = { ...args.headers };
    let body: string | undefined;
    if (typeof args.body === 'string') body = args.body;
    else if (args.body !== undefined) {
      body = JSON.stringify(args.body);
      if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
        headers['Content-Type'] = 'application/json';
      }
    }
    const res = await guardedFetch(
      {
        url: args.url,
        method: args.method,
        headers,
        body,
        timeoutMs: args.timeout_ms,
        maxBytes: HTTP_REQUEST_MAX_BYTES,
        signal,
      },
      ctx.network,
    );
    const result = {
      /** A 1xx-3xx status: what "is it up" asks. */
      ok: res.status < 400,
      status: res.status,
      status_text: res.statusText,
      url: res.url,
      headers: res.headers,
      ...bodyForModel(res.body, res.headers, res.truncated),
      truncated: res.truncated,
      redirects: res.redirects,
    };
    return jsonResult(result, `${args.method} ${res.url} -> ${res.status} ${res.statusText}`);
  },
});

export const httpRequestServer: BuiltinServerDefinition = {
  title: 'HTTP request',
  instructions:
    'Calls public HTTP APIs. Use http_request with a full URL; JSON answers come back parsed.',
  tools: [httpRequest],
};

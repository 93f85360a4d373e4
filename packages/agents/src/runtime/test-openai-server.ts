import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A scripted OpenAI-compatible chat completions server on 127.0.0.1, for tests: it answers
 * `POST /v1/chat/completions` (plain JSON, or server-sent events when `stream` is set) with the
 * replies queued by the test, in order, and records every request.
 */

/** A tool call the scripted model makes; `arguments` may be a raw string to send malformed JSON. */
export type ScriptedToolCall = { name: string; arguments?: Record<string, unknown> | string };

export type ScriptedReply =
  | { text: string; usage?: { input: number; output: number } }
  | { toolCalls: ScriptedToolCall[]; text?: string; usage?: { input: number; output: number } }
  /** An HTTP error with an OpenAI-style error body. */
  | { status: number; error: string }
  /** No answer at all: the request stays open until the client gives up or the server closes. */
  | { hang: true };

export type ChatMessage = {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content?: string | null | { type: string; text?: string }[];
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
};

/** A chat completions request as the server received it. */
export type ChatRequest = {
  model: string;
  messages: ChatMessage[];
  tools?: {
    type: 'function';
    function: { name: string; description?: string; parameters?: unknown };
  }[];
  stream: boolean;
  headers: http.IncomingHttpHeaders;
};

/** Computes a reply from the request, e.g. to answer differently once a tool result is in. */
export type Responder = (request: ChatRequest) => ScriptedReply;

export type OpenAITestServer = {
  /** The API root to give the provider, e.g. http://127.0.0.1:40123/v1. */
  url: string;
  requests: ChatRequest[];
  /** Queues replies (or responders), used one per request in order. */
  reply(...replies: (ScriptedReply | Responder)[]): void;
  close(): Promise<void>;
};

export type OpenAITestServerOptions = {
  /** When set, requests must carry `Authorization: Bearer <apiKey>`; others get 401. */
  apiKey?: string;
  /** Answers requests once the queue is empty; without it they get a 500 saying so. */
  fallback?: Responder;
};

/** The tool results (`role: tool` messages) of a request, in order. */
export function toolResultsOf(request: ChatRequest): { toolCallId: string; content: string }[] {
  return request.messages
    .filter((message) => message.role === 'tool')
    .map((message) => ({
      toolCallId: message.tool_call_id ?? '',
      content: textOf(message.content),
    }));
}

function textOf(content: ChatMessage['content']): string {
  if (typeof content === 'string') return content;
  return (content ?? []).map((part) => part.text ?? '').join('');
}

/**
 * A responder that acts like a small model: until a tool result is in, it calls the first offered
 * tool with `{}` (or `args`); then it answers with a text quoting the start of the result.
 */
export function autoResponder(args: Record<string, unknown> = {}): Responder {
  return (request) => {
    const results = toolResultsOf(request);
    const first = request.tools?.[0]?.function.name;
    if (results.length === 0 && first) {
      return { toolCalls: [{ name: first, arguments: args }] };
    }
    const last = results.at(-1)?.content ?? '';
    return { text: last ? `Done. The tool said: ${last.slice(0, 200)}` : 'Done.' };
  };
}

/** Starts the server on a free port of 127.0.0.1. */
export async function startOpenAITestServer(
  options: OpenAITestServerOptions = {},
): Promise<OpenAITestServer> {
  const queue: (ScriptedReply | Responder)[] = [];
  const requests: ChatRequest[] = [];
  let calls = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
        return sendError(res, 401, 'Incorrect API key provided');
      }
      if (req.method === 'GET' && req.url === '/v1/models') {
        return sendJson(res, 200, {
          object: 'list',
          data: [{ id: 'test-model', object: 'model' }],
        });
      }
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        return sendError(res, 404, `No route for ${req.method} ${req.url}`);
      }
      let body: Omit<ChatRequest, 'headers' | 'stream'> & { stream?: boolean };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
      } catch {
        return sendError(res, 400, 'The body is not JSON');
      }
      const request: ChatRequest = { ...body, stream: body.stream === true, headers: req.headers };
      requests.push(request);
      const next = queue.shift() ?? options.fallback;
      if (!next) return sendError(res, 500, 'The test model has no scripted reply left');
      const reply = typeof next === 'function' ? next(request) : next;
      calls += 1;
      answer(res, request, reply, `chatcmpl-${calls}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    reply: (...replies) => queue.push(...replies),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answer(res: http.ServerResponse, request: ChatRequest, reply: ScriptedReply, id: string) {
  if ('hang' in reply) return;
  if ('status' in reply) return sendError(res, reply.status, reply.error);
  const toolCalls = ('toolCalls' in reply ? reply.toolCalls : []).map((call, i) => ({
    id: `call_${id.split('-')[1]}_${i}`,
    type: 'function' as const,
    function: {
      name: call.name,
      arguments:
        typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}),
    },
  }));
  const text = reply.text ?? null;
  const finish = toolCalls.length > 0 ? 'tool_calls' : 'stop';
  const usage = reply.usage ?? { input: 10, output: 5 };
  const usageJson = {
    prompt_tokens: usage.input,
    completion_tokens: usage.output,
    total_tokens: usage.input + usage.output,
  };
  const created = Math.floor(Date.now() / 1000);
  const base = { id, created, model: request.model };
  if (!request.stream) {
    const message = {
      role: 'assistant',
      content: text,
      ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
    };
    return sendJson(res, 200, {
      ...base,
      object: 'chat.completion',
      choices: [{ index: 0, message, finish_reason: finish }],
      usage: usageJson,
    });
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const event = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
  const chunk = (delta: unknown, finishReason: string | null = null) =>
    event({
      ...base,
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    });
  chunk({ role: 'assistant', content: '' });
  // Text in two pieces, as real servers send it.
  if (text)
    for (const piece of [text.slice(0, text.length >> 1), text.slice(text.length >> 1)]) {
      if (piece) chunk({ content: piece });
    }
  toolCalls.forEach((call, index) => chunk({ tool_calls: [{ index, ...call }] }));
  chunk({}, finish);
  event({ ...base, object: 'chat.completion.chunk', choices: [], usage: usageJson });
  res.end('data: [DONE]\n\n');
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function sendError(res: http.ServerResponse, status: number, message: string) {
  sendJson(res, status, { error: { message, type: 'invalid_request_error', code: null } });
}

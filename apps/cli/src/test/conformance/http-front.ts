import { request, createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export type Front = { url: string; close: () => Promise<void> };

function listen(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<{
  port: number;
  close: () => Promise<void>;
}> {
  const http = createServer(handle);
  return new Promise((resolve) => {
    http.listen(0, '127.0.0.1', () =>
      resolve({
        port: (http.address() as { port: number }).port,
        close: () =>
          new Promise<void>((done) => {
            http.closeAllConnections();
            http.close(() => done());
          }),
      }),
    );
  });
}

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => resolve(text ? (JSON.parse(text) as unknown) : undefined));
    req.on('error', reject);
  });
}

type Message = JSONRPCMessage & { id?: string | number; method?: string };

/**
 * Streamable HTTP in front of a stdio MCP server: what an HTTP-only MCP client would need to
 * reach `spoke run <server>`. Each session is one child started with `start()`; messages pass
 * unchanged. A message of the server's own (a log line, progress, a sampling request) goes with
 * the client's latest request still waiting for its answer, as a server on HTTP would send it.
 */
export async function stdioFront(
  start: () => StdioClientTransport,
  onStderr: (text: string) => void,
): Promise<Front> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const children = new Set<StdioClientTransport>();
  const open = async () => {
    const child = start();
    child.stderr?.on('data', (chunk: Buffer) => onStderr(chunk.toString()));
    const waiting: (string | number)[] = [];
    const front: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void sessions.set(id, front),
    });
    front.onmessage = (message) => {
      const msg = message as Message;
      if (msg.method && msg.id !== undefined) waiting.push(msg.id);
      child.send(message).catch(() => undefined);
    };
    child.onmessage = (message) => {
      const msg = message as Message;
      const answers = !msg.method && msg.id !== undefined && waiting.includes(msg.id);
      if (answers) waiting.splice(waiting.indexOf(msg.id!), 1);
      const related = answers ? undefined : waiting.at(-1);
      // A client that is gone (its request's stream closed) misses the message, as over HTTP.
      const options = related === undefined ? undefined : { relatedRequestId: related };
      front.send(message, options).catch(() => undefined);
    };
    front.onclose = () => {
      if (front.sessionId) sessions.delete(front.sessionId);
      children.delete(child);
      void child.close();
    };
    children.add(child);
    await child.start();
    await front.start();
    return front;
  };
  const server = await listen((req, res) => {
    void (async () => {
      const body = req.method === 'POST' ? await readBody(req) : undefined;
      const id = req.headers['mcp-session-id'];
      let front = typeof id === 'string' ? sessions.get(id) : undefined;
      if (!front && req.method === 'POST' && isInitializeRequest(body)) front = await open();
      if (!front) {
        res.writeHead(id ? 404 : 400).end();
        return;
      }
      await front.handleRequest(req, res, body);
    })().catch((err: Error) => {
      if (!res.headersSent) res.writeHead(500).end(err.message);
    });
  });
  return {
    url: `http://127.0.0.1:${server.port}/mcp`,
    close: async () => {
      await Promise.allSettled([...children].map((c) => c.close()));
      await server.close();
    },
  };
}

/**
 * Passes every request on to `target` with `Authorization: Bearer <token>` added: an MCP client
 * configured with the token `spoke serve --http` prints, for a test suite that sends no headers.
 */
export async function bearerFront(target: string, token: string): Promise<Front> {
  const to = new URL(target);
  const server = await listen((req, res) => {
    const upstream = request(
      {
        host: to.hostname,
        port: to.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, authorization: `Bearer ${token}` },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return { url: `http://127.0.0.1:${server.port}/mcp`, close: server.close };
}

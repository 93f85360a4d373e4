import { loadCrypto, loadHttp } from '../builtins.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { failure } from '../errors.ts';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Web pages may reach 127.0.0.1 through DNS rebinding; only local origins are let in. */
export function originAllowed(origin: string | undefined): boolean {
  if (!origin) return true;
  try {
    return LOCAL_HOSTS.has(new URL(origin).hostname);
  } catch {
    return false;
  }
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && loadCrypto().timingSafeEqual(given, wanted);
}

function reply(res: ServerResponse, status: number, message: string, headers = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

function readBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.length > 4 * 1024 * 1024) req.destroy(new Error('request too large'));
    });
    req.on('end', () => {
      try {
        resolve(text ? JSON.parse(text) : undefined);
      } catch (err) {
        reject(err as Error);
      }
    });
    req.on('error', reject);
  });
}

/**
 * Streamable HTTP on 127.0.0.1:<port>/mcp: a bearer token on every request, local origins only,
 * one MCP session (and one aggregate Server) per client.
 */
export async function serveHttp(
  port: number,
  token: string,
  makeServer: () => Server,
): Promise<{ close: () => Promise<void> }> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/mcp') return reply(res, 404, 'not found: the MCP endpoint is /mcp');
    if (!originAllowed(req.headers.origin)) return reply(res, 403, 'origin not allowed');
    if (!tokenMatches(req.headers.authorization, token)) {
      return reply(res, 401, 'a bearer token is required', { 'www-authenticate': 'Bearer' });
    }
    const body = req.method === 'POST' ? await readBody(req) : undefined;
    const id = req.headers['mcp-session-id'];
    let transport = typeof id === 'string' ? sessions.get(id) : undefined;
    if (!transport) {
      if (req.method !== 'POST' || !isInitializeRequest(body)) {
        return reply(res, 400, 'no valid session: start with an initialize request');
      }
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => loadCrypto().randomUUID(),
        onsessioninitialized: (sessionId) => void sessions.set(sessionId, created),
      });
      created.onclose = () => {
        if (created.sessionId) sessions.delete(created.sessionId);
      };
      await makeServer().connect(created);
      transport = created;
    }
    await transport.handleRequest(req, res, body);
  };
  const http = loadHttp().createServer((req, res) => {
    handle(req, res).catch((err: Error) => {
      if (!res.headersSent) reply(res, 400, err.message);
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? failure('SERVER_FAILED', `port ${port} is in use`, 'choose another with --http <port>')
          : err,
      ),
    );
    http.listen(port, '127.0.0.1', resolve);
  });
  return {
    close: async () => {
      await Promise.allSettled([...sessions.values()].map((t) => t.close()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Handler = (request: RecordedRequest, response: ServerResponse) => void;

export interface TestServer {
  url: string;
  requests: RecordedRequest[];
  /** Replaces the handler, for suites that change the answer test by test. */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

/** A real HTTP server on a free local port, so the client is exercised over the wire. */
export async function startTestServer(initial: Handler = notFound): Promise<TestServer> {
  let handler = initial;
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      handler(recorded, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

export function sendRaw(response: ServerResponse, status: number, body = ''): void {
  response.writeHead(status, { 'Content-Type': 'text/plain' });
  response.end(body);
}

/** Answers requests for `path` with `reply`, and any other with 404. */
export function answerPath(path: string, reply: (response: ServerResponse) => void): Handler {
  return (request, response) => (request.path === path ? reply(response) : sendRaw(response, 404));
}

function notFound(_request: RecordedRequest, response: ServerResponse): void {
  sendRaw(response, 404);
}

/** A port nothing listens on: start a server, note its address, close it. */
export async function closedPortUrl(): Promise<string> {
  const server = await startTestServer();
  await server.close();
  return server.url;
}

/** Points the jsdom page at `url`, so same-origin API paths reach the test server. */
export function setPageOrigin(url: string): void {
  (
    globalThis as unknown as { jsdom: { reconfigure(options: { url: string }): void } }
  ).jsdom.reconfigure({
    url,
  });
}

export const sampleUser = {
  id: '4f1e6c5e-8d7a-4b7e-9c59-1f0a7d3c2b10',
  email: 'ada@example.com',
  username: 'ada',
  display_name: 'Ada Lovelace',
  email_verified: true,
  is_admin: false,
};

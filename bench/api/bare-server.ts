import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

/**
 * The baseline: plain Fastify, no plugins, answering a JSON of the same shape as
 * `GET /api/account/me` from memory. What the framework and the HTTP stack cost on this machine.
 */
export async function startBare(): Promise<{ origin: string; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  const user = {
    id: '00000000-0000-4000-8000-000000000000',
    email: 'bench@example.com',
    username: 'bench',
    display_name: 'Bench Mark',
    is_admin: false,
  };
  app.get('/api/account/me', async () => ({ data: { user } }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => app.close() };
}

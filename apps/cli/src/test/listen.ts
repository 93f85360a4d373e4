import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A test server on a free loopback port: its address (ending in `/`) and a close that waits. */
export async function listenOnLoopback(
  server: Server,
): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

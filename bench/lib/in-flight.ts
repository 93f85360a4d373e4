import diagnostics from 'node:diagnostics_channel';
import { setTimeout as sleep } from 'node:timers/promises';

type HandlerStore = { async?: boolean };

/**
 * Counts Fastify route handlers still running, through Fastify's own diagnostics channel.
 * When the load stops, the client drops its sockets but the server keeps working through the
 * requests it had already taken; closing it then would pull the database from under them.
 */
export function trackHandlers() {
  const channel = diagnostics.tracingChannel<string, HandlerStore>('fastify.request.handler');
  let running = 0;
  const subscribers = {
    start: () => void running++,
    // An async handler ends at asyncEnd; a sync one (or one that threw) at end.
    end: (store: HandlerStore) => void (store.async ? undefined : running--),
    asyncStart: () => {},
    asyncEnd: () => void running--,
    error: () => {},
  };
  channel.subscribe(subscribers);
  return {
    /** Resolves once no handler runs (true), or after `timeoutMs` regardless (false). */
    async idle(timeoutMs = 30_000): Promise<boolean> {
      const deadline = Date.now() + timeoutMs;
      while (running > 0 && Date.now() < deadline) await sleep(20);
      return running <= 0;
    },
    stop: () => channel.unsubscribe(subscribers),
  };
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { lt } from 'drizzle-orm';
import { ErrorCode } from '@spoke/shared';
import type { Db } from '../../db/client.ts';
import { webhookDeliveriesSeen } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { LRUCache } from 'lru-cache';

/** How far a signed call's timestamp may be from the server's clock, either way. */
export const HOOK_TOLERANCE_SEC = 5 * 60;
const TIMESTAMP = /^\d{1,12}$/;
const SIGNATURE = /^sha256=([0-9a-f]{64})$/;
/** Expired signatures are swept from the database at most this often per instance. */
const SWEEP_EVERY_MS = 60_000;

const refused = (message: string) => new AppError(401, ErrorCode.UNAUTHORIZED, { message });

export const UNSIGNED_MESSAGE =
  'Sign the call: send X-Spoke-Timestamp (Unix seconds) and X-Spoke-Signature: sha256=<hex ' +
  'HMAC-SHA256 of "<timestamp>.<body>" with the agent’s webhook secret>.';

/** `sha256=<hex>` over `<timestamp>.<body>`: the same scheme the send_webhook built-in signs with. */
export function hookSignature(secret: string, timestamp: string, body: Buffer): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
  return `sha256=${mac}`;
}

const header = (headers: Record<string, unknown>, name: string) => {
  const value = headers[name];
  return typeof value === 'string' ? value.trim() : undefined;
};

/**
 * Checks a call's signature and timestamp; returns the signature's hex, which names this call
 * and no other. Throws 401 with what is wrong.
 */
export function verifyHookCall(
  headers: Record<string, unknown>,
  body: Buffer,
  secret: string,
  now: Date,
): string {
  const timestamp = header(headers, 'x-spoke-timestamp');
  const signature = header(headers, 'x-spoke-signature')?.toLowerCase();
  if (!timestamp || !signature) throw refused(UNSIGNED_MESSAGE);
  if (!TIMESTAMP.test(timestamp)) {
    throw refused('X-Spoke-Timestamp must be the time of signing in Unix seconds.');
  }
  if (Math.abs(Number(timestamp) - now.getTime() / 1000) > HOOK_TOLERANCE_SEC) {
    throw refused(
      'X-Spoke-Timestamp is more than 5 minutes away from the server’s clock: sign the call again with the current time.',
    );
  }
  const given = SIGNATURE.exec(signature)?.[1];
  const expected = hookSignature(secret, timestamp, body).slice('sha256='.length);
  if (!given || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) {
    throw refused('Wrong webhook signature.');
  }
  return given;
}

export type ReplayGuard = ReturnType<typeof createReplayGuard>;

/**
 * Each signed call is accepted once. An instance remembers what it accepted; the database
 * decides between instances (the first insert of a signature wins). A signature is kept as
 * long as its timestamp could still pass.
 */
export function createReplayGuard(db: Db) {
  const seen = new LRUCache<string, true>({ max: 100_000, ttl: 2 * HOOK_TOLERANCE_SEC * 1000 });
  let sweptAt = 0;

  return {
    /** Throws 409 when this agent has accepted the signature before. */
    async once(agentId: string, signature: string, now: Date): Promise<void> {
      const key = `${agentId} ${signature}`;
      const again = () =>
        new AppError(409, ErrorCode.CONFLICT, {
          message: 'This signed call was received before: sign each call anew.',
        });
      if (seen.get(key)) throw again();
      seen.set(key, true);
      const expiresAt = new Date(now.getTime() + 2 * HOOK_TOLERANCE_SEC * 1000);
      const inserted = await db
        .insert(webhookDeliveriesSeen)
        .values({ agentId, signature, expiresAt })
        .onConflictDoNothing()
        .returning({ signature: webhookDeliveriesSeen.signature });
      if (!inserted.length) throw again();
      if (now.getTime() - sweptAt > SWEEP_EVERY_MS) {
        sweptAt = now.getTime();
        await db.delete(webhookDeliveriesSeen).where(lt(webhookDeliveriesSeen.expiresAt, now));
      }
    },
  };
}

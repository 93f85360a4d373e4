import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { ErrorCode, type AgentSpec } from '@spoke/shared';
import type { Db } from '../../db/client.ts';
import { agents } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { CryptoBox } from '../../lib/crypto-box.ts';
import { hasHook, type AgentRow } from './agent-json.ts';

const hookContext = (agentId: string) => `webhook:${agentId}`;
const newHookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;
// Outgoing webhooks are signed with a secret of their own: a receiver of the agent's webhooks
// learns nothing that lets it call the agent's inbound hook.
const signingContext = (agentId: string) => `webhook-signing:${agentId}`;
const newSigningSecret = () => `whsig_${randomBytes(32).toString('base64url')}`;

/** Agents that send webhooks: their deliveries are signed. */
export const sendsWebhooks = (spec: AgentSpec) => spec.integrations.some((i) => i.id === 'webhook');

export type AgentSecrets = ReturnType<typeof createAgentSecrets>;

/** An agent's webhook secrets, kept sealed with SECRETS_KEY: the inbound one and the signing one. */
export function createAgentSecrets(db: Db, box: CryptoBox) {
  /** A new inbound secret for the agent, sealed. */
  const sealNewHookSecret = (agentId: string) => box.seal(newHookSecret(), hookContext(agentId));

  return {
    sealNewHookSecret,

    /**
     * The webhook secret, or null when there is none or it cannot be opened (SECRETS_KEY
     * changed): the agent then answers without it, hook calls are refused, and rotating makes a
     * new one.
     */
    secretOf(row: AgentRow): string | null {
      if (!row.webhookSecret) return null;
      try {
        return box.open(row.webhookSecret, hookContext(row.id));
      } catch {
        return null;
      }
    },

    /** A webhook trigger, or an event delivered by webhook, needs a secret; others keep none. */
    hookSecretFor(id: string, spec: AgentSpec, current: string | null): string | null {
      if (!hasHook(spec)) return null;
      return current ?? sealNewHookSecret(id);
    },

    /**
     * The secret that signs the agent's outgoing webhooks, made on first need (agents from
     * before there was one, or whose sealed copy no longer opens). Compare-and-set: two runs
     * starting together agree on one.
     */
    async signingSecretOf(row: AgentRow): Promise<string> {
      const open = (sealed: string | null) => {
        if (!sealed) return null;
        try {
          return box.open(sealed, signingContext(row.id));
        } catch {
          return null;
        }
      };
      const kept = open(row.webhookSigningSecret);
      if (kept) return kept;
      const secret = newSigningSecret();
      const [stored] = await db
        .update(agents)
        .set({ webhookSigningSecret: box.seal(secret, signingContext(row.id)) })
        .where(
          and(
            eq(agents.id, row.id),
            row.webhookSigningSecret
              ? eq(agents.webhookSigningSecret, row.webhookSigningSecret)
              : sql`${agents.webhookSigningSecret} is null`,
          ),
        )
        .returning({ id: agents.id });
      if (stored) return secret;
      // Another request stored one first: that one signs.
      const [current] = await db
        .select({ sealed: agents.webhookSigningSecret })
        .from(agents)
        .where(eq(agents.id, row.id));
      const theirs = open(current?.sealed ?? null);
      if (!theirs) throw new AppError(404, ErrorCode.NOT_FOUND);
      return theirs;
    },
  };
}

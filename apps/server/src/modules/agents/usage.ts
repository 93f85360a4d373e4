import { and, eq, lt, lte, sql } from 'drizzle-orm';
import { ErrorCode, billingPeriod, planById, type Plan } from '@spoke/shared';
import type { Db } from '../../db/client.ts';
import { agents, usageDays, usagePeriods, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { LRUCache } from 'lru-cache';
import type { AgentListCache } from './list-cache.ts';

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const nextDay = (at: Date) =>
  dayOf(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1)));

type Account = { plan: Plan; period: { start: Date; end: Date } };

/** A refused run or tool call: which limit, and when it resets. */
function quotaError(message: string): AppError {
  return new AppError(429, ErrorCode.QUOTA_EXCEEDED, { message });
}

export type UsageService = ReturnType<typeof createUsageService>;

/**
 * Plan limits (spec section 9): every run is one message, every tool call one integration
 * credit. Counters go up with a conditional UPDATE, so concurrent runs can never pass a limit.
 */
export function createUsageService(db: Db, lists: AgentListCache) {
  // When an account was made never changes: its billing periods follow from it.
  const signedUp = new LRUCache<string, Date>({ max: 10_000, ttl: 60 * 60 * 1000 });

  async function account(userId: string, now: Date): Promise<Account> {
    const [row] = await db
      .select({ plan: users.plan, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) throw new AppError(404, ErrorCode.NOT_FOUND);
    return { plan: planById(row.plan), period: billingPeriod(row.createdAt, now) };
  }

  /** A monthly limit is reached: every agent of the user waits for the next period. */
  async function pauseUntil(userId: string, until: Date): Promise<void> {
    await db
      .update(agents)
      .set({ status: 'paused', pausedUntil: until, updatedAt: new Date() })
      // Agents the user paused stay paused after the period: only active ones are waited on.
      .where(and(eq(agents.userId, userId), eq(agents.status, 'active')));
    lists.forget(userId);
  }

  async function periodRow(userId: string, start: Date) {
    await db.insert(usagePeriods).values({ userId, periodStart: start }).onConflictDoNothing();
  }

  return {
    /** Counts one message for a run, or refuses it (429) when a limit is reached. */
    async reserveMessage(userId: string, now = new Date()): Promise<void> {
      const { plan, period } = await account(userId, now);
      const daily = plan.credits.dailyMessages;
      const monthly = plan.credits.monthlyMessages;
      const resumes = dayOf(period.end);
      if (daily !== undefined) {
        const day = dayOf(now);
        await db.insert(usageDays).values({ userId, day }).onConflictDoNothing();
        const counted = await db
          .update(usageDays)
          .set({ messages: sql`${usageDays.messages} + 1` })
          .where(
            and(
              eq(usageDays.userId, userId),
              eq(usageDays.day, day),
              lt(usageDays.messages, daily),
            ),
          )
          .returning({ messages: usageDays.messages });
        if (!counted.length) {
          throw quotaError(
            `Daily message limit reached (${daily} a day on the ${plan.name} plan). Runs resume tomorrow, ${nextDay(now)} (UTC).`,
          );
        }
      }
      await periodRow(userId, period.start);
      const counted = await db
        .update(usagePeriods)
        .set({ messages: sql`${usagePeriods.messages} + 1` })
        .where(
          and(
            eq(usagePeriods.userId, userId),
            eq(usagePeriods.periodStart, period.start),
            monthly === null ? undefined : lt(usagePeriods.messages, monthly),
          ),
        )
        .returning({ messages: usagePeriods.messages });
      if (!counted.length) {
        // Give back today's message: the run does not happen.
        if (daily !== undefined) {
          await db
            .update(usageDays)
            .set({ messages: sql`${usageDays.messages} - 1` })
            .where(and(eq(usageDays.userId, userId), eq(usageDays.day, dayOf(now))));
        }
        await pauseUntil(userId, period.end);
        throw quotaError(
          `Monthly message limit reached (${monthly} on the ${plan.name} plan). Runs resume on ${resumes}.`,
        );
      }
    },

    /** Counts one integration credit for a tool call, or refuses it and pauses the agents. */
    async useCredit(userId: string, now = new Date()): Promise<void> {
      const { plan, period } = await account(userId, now);
      const limit = plan.credits.integrationCredits;
      await periodRow(userId, period.start);
      const counted = await db
        .update(usagePeriods)
        .set({ credits: sql`${usagePeriods.credits} + 1` })
        .where(
          and(
            eq(usagePeriods.userId, userId),
            eq(usagePeriods.periodStart, period.start),
            limit === null ? undefined : lt(usagePeriods.credits, limit),
          ),
        )
        .returning({ credits: usagePeriods.credits });
      if (!counted.length) {
        await pauseUntil(userId, period.end);
        throw quotaError(
          `Monthly integration credit limit reached (${limit} on the ${plan.name} plan). Runs resume on ${dayOf(period.end)}.`,
        );
      }
    },

    /** The user's current billing period. */
    async periodOf(userId: string, now = new Date()): Promise<{ start: Date; end: Date }> {
      let createdAt = signedUp.get(userId);
      if (!createdAt) {
        const [row] = await db
          .select({ createdAt: users.createdAt })
          .from(users)
          .where(eq(users.id, userId));
        if (!row) throw new AppError(404, ErrorCode.NOT_FOUND);
        createdAt = row.createdAt;
        signedUp.set(userId, createdAt);
      }
      return billingPeriod(createdAt, now);
    },

    /** What the user used in this period and today. */
    async usageOf(userId: string, now = new Date()) {
      const { plan, period } = await account(userId, now);
      const [month] = await db
        .select()
        .from(usagePeriods)
        .where(and(eq(usagePeriods.userId, userId), eq(usagePeriods.periodStart, period.start)));
      const [today] = await db
        .select()
        .from(usageDays)
        .where(and(eq(usageDays.userId, userId), eq(usageDays.day, dayOf(now))));
      return {
        plan,
        period,
        messagesThisPeriod: month?.messages ?? 0,
        messagesToday: today?.messages ?? 0,
        creditsUsed: month?.credits ?? 0,
      };
    },

    /** Agents paused by a limit run again once their period is over. */
    async resumeExpired(now = new Date()) {
      const resumed = await db
        .update(agents)
        .set({ status: 'active', pausedUntil: null, updatedAt: now })
        .where(lte(agents.pausedUntil, now))
        .returning();
      for (const row of resumed) lists.forget(row.userId);
      return resumed;
    },
  };
}

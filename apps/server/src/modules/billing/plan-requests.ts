import { and, asc, desc, eq } from 'drizzle-orm';
import {
  ErrorCode,
  planById,
  type BillingPeriod,
  type PlanId,
  type PlanRequest,
  type User,
  isUuid,
} from '@spoke/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { planRequests, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Mailer } from '../../lib/mailer.ts';

type Row = typeof planRequests.$inferSelect;

function toJson(row: Row): PlanRequest {
  return {
    id: row.id,
    plan: row.plan,
    period: row.period,
    from_plan: row.fromPlan,
    status: row.status,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export type PlanRequestService = ReturnType<typeof createPlanRequestService>;

/**
 * Plan changes without online checkout: a user asks for a plan, an admin approves (the plan
 * changes) or declines, with an optional note; the user is told by e-mail and on the billing
 * page. A user has at most one pending request: a new one replaces it.
 */
export function createPlanRequestService(deps: {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  adminEmails: string[];
  log: FastifyBaseLogger;
  onPlanChanged: (userId: string) => void;
}) {
  const { db, mailer, appUrl, log } = deps;

  async function mail(to: string, subject: string, lines: string[]) {
    try {
      const { file } = await mailer.send({ to, subject, text: lines.join('\n') });
      if (file) log.info({ file }, 'plan request mail written to the outbox');
    } catch (err) {
      // The decision stands whether or not the mail went out; the billing page shows it too.
      log.warn({ err }, 'plan request mail failed');
    }
  }

  const planLine = (plan: string, period: BillingPeriod) =>
    plan === 'free' ? 'the Free plan' : `the ${planById(plan).name} plan, billed ${period}`;

  return {
    async planOf(userId: string): Promise<PlanId> {
      const [row] = await db.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
      return row?.plan ?? 'free';
    },

    /** The user's newest request, whatever became of it. */
    async latestOf(userId: string): Promise<PlanRequest | null> {
      const [row] = await db
        .select()
        .from(planRequests)
        .where(eq(planRequests.userId, userId))
        .orderBy(desc(planRequests.createdAt))
        .limit(1);
      return row ? toJson(row) : null;
    },

    async create(
      user: User,
      plan: PlanId,
      period: BillingPeriod,
    ): Promise<{ request: PlanRequest; replaced: PlanRequest | null }> {
      if (plan === 'enterprise') {
        throw new AppError(422, ErrorCode.VALIDATION_FAILED, {
          message: 'Enterprise is arranged with our sales team: contact us.',
          fields: { plan: 'Enterprise is arranged with our sales team' },
        });
      }
      const [account] = await db
        .select({ plan: users.plan })
        .from(users)
        .where(eq(users.id, user.id));
      if (!account) throw new AppError(401, ErrorCode.UNAUTHORIZED);
      if (account.plan === plan) {
        throw new AppError(422, ErrorCode.VALIDATION_FAILED, {
          message: `You are on the ${planById(plan).name} plan already.`,
          fields: { plan: 'This is your plan already' },
        });
      }
      const result = await db
        .transaction(async (tx) => {
          const [replaced] = await tx
            .update(planRequests)
            .set({ status: 'withdrawn', decidedAt: new Date() })
            .where(and(eq(planRequests.userId, user.id), eq(planRequests.status, 'pending')))
            .returning();
          const [row] = await tx
            .insert(planRequests)
            .values({
              userId: user.id,
              plan,
              period: plan === 'free' ? 'monthly' : period,
              fromPlan: account.plan,
            })
            .returning();
          return { request: toJson(row as Row), replaced: replaced ? toJson(replaced) : null };
        })
        .catch((err: unknown) => {
          // Two requests at the same moment: the index keeps one pending.
          if (isUniqueViolation(err)) {
            throw new AppError(409, ErrorCode.CONFLICT, {
              message: 'Another request of yours was being saved at the same moment: try again.',
            });
          }
          throw err;
        });
      for (const admin of deps.adminEmails) {
        await mail(admin, `Plan request: ${user.email} asks for ${planById(plan).name}`, [
          `${user.email} asks to move from the ${planById(account.plan).name} plan to ${planLine(plan, period)}.`,
          '',
          `Approve or decline it on the Admin page: ${appUrl}/app/admin?tab=plan-requests`,
        ]);
      }
      return result;
    },

    /** Withdraws the user's pending request (404 when there is none). */
    async withdraw(userId: string): Promise<PlanRequest> {
      const [row] = await db
        .update(planRequests)
        .set({ status: 'withdrawn', decidedAt: new Date() })
        .where(and(eq(planRequests.userId, userId), eq(planRequests.status, 'pending')))
        .returning();
      if (!row) {
        throw new AppError(404, ErrorCode.NOT_FOUND, { message: 'You have no pending request.' });
      }
      return toJson(row);
    },

    /** Pending requests, oldest first, with who asked. */
    async listPending(limit = 100) {
      const rows = await db
        .select({ request: planRequests, user: users })
        .from(planRequests)
        .innerJoin(users, eq(users.id, planRequests.userId))
        .where(eq(planRequests.status, 'pending'))
        .orderBy(asc(planRequests.createdAt))
        .limit(limit);
      return rows.map(({ request, user }) => ({
        ...toJson(request),
        user: {
          id: user.id,
          email: user.email,
          username: user.username,
          display_name: user.name || null,
          plan: user.plan,
        },
      }));
    },

    /**
     * An admin's decision on a pending request: approval changes the plan in the same
     * transaction. 404 for an unknown request, 409 for one no longer pending.
     */
    async decide(
      actor: User,
      id: string,
      decision: 'approved' | 'declined',
      note: string | undefined,
    ): Promise<PlanRequest> {
      if (!isUuid(id)) throw new AppError(404, ErrorCode.NOT_FOUND);
      const outcome = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(planRequests)
          .set({
            status: decision,
            note: note ? note : null,
            decidedBy: actor.id,
            decidedAt: new Date(),
          })
          .where(and(eq(planRequests.id, id), eq(planRequests.status, 'pending')))
          .returning();
        if (!row) {
          const [existing] = await tx
            .select({ status: planRequests.status })
            .from(planRequests)
            .where(eq(planRequests.id, id));
          if (!existing) throw new AppError(404, ErrorCode.NOT_FOUND);
          throw new AppError(409, ErrorCode.CONFLICT, {
            message: `This request is no longer pending (${existing.status}).`,
          });
        }
        if (decision === 'approved') {
          await tx
            .update(users)
            .set({ plan: row.plan, updatedAt: new Date() })
            .where(eq(users.id, row.userId));
        }
        const [owner] = await tx
          .select({ email: users.email, name: users.name })
          .from(users)
          .where(eq(users.id, row.userId));
        return { row, owner };
      });
      const { row, owner } = outcome;
      if (decision === 'approved') deps.onPlanChanged(row.userId);
      if (owner) {
        const what = planLine(row.plan, row.period);
        await mail(
          owner.email,
          decision === 'approved'
            ? `Your Spoke plan is now ${planById(row.plan).name}`
            : 'Your Spoke plan request was declined',
          [
            `Hello${owner.name ? ` ${owner.name}` : ''},`,
            '',
            decision === 'approved'
              ? `Your request for ${what} was approved: your account is on it now.`
              : `Your request for ${what} was declined; your plan stays as it was.`,
            ...(row.note ? ['', `Note from the administrator: ${row.note}`] : []),
            '',
            `Your plan and usage: ${appUrl}/app/billing`,
          ],
        );
      }
      return toJson(row);
    },
  };
}

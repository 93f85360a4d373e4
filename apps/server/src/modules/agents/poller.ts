import {
  POLL_LIMITS,
  comparePoll,
  pollItems,
  pollPlanOf,
  pollSourceKey,
  type IntegrationLookup,
} from '@spoke/agents';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { findUnstorable } from '../../lib/storable.ts';
import type { AgentRow } from './agent-json.ts';
import { readPollState, storePollState } from './poll-state.ts';
import type { RunService } from './runs.ts';

export type Poller = ReturnType<typeof createPoller>;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
const clip = (text: string) => text.slice(0, POLL_LIMITS.maxErrorChars);

/**
 * Polls the agents the scheduler hands it, a few at a time, in the background: the scheduler's
 * tick never waits for a slow server. One poll calls the trigger's tool through the same
 * connection path as runs (credentials, sandbox, network guards) and compares the items with
 * those seen before: the checks themselves are free (decision 017), the first poll only notes them,
 * later ones queue one run (trigger `event`) with what is new. Nothing new: no run. Whatever
 * fails is kept as the poll's `last_error`; the next interval tries again.
 */
export function createPoller(deps: {
  db: Db;
  runService: RunService;
  lookup?: IntegrationLookup;
  /** How long connecting and calling the tool may take together. */
  timeLimitMs: number;
  /** Polls at once on this instance. */
  concurrency: number;
  log: { warn: (obj: object, msg: string) => void };
}) {
  const { db } = deps;
  const queue: { agent: AgentRow; now: Date }[] = [];
  // Agents queued or polling here: an agent is never polled twice at once by one instance.
  const busy = new Set<string>();
  const running = new Set<Promise<void>>();
  let active = 0;
  let stopped = false;

  async function poll(agent: AgentRow, now: Date): Promise<void> {
    const plan = pollPlanOf(agent.spec.trigger, deps.lookup);
    if (!plan?.tool) return;
    const state = await readPollState(db, agent.id);
    // The trigger changed since the scheduler read the agent: its own poll comes.
    if (!state || state.source !== pollSourceKey(plan)) return;
    const fail = (message: string) => storePollState(db, state, { lastError: clip(message) });

    const { connect, secrets } = await deps.runService.connectorFor(agent);
    let items;
    try {
      items = await pollItems(
        connect,
        { ...plan, tool: plan.tool },
        { timeLimitMs: deps.timeLimitMs, secrets },
      );
    } catch (err) {
      return void (await fail(err instanceof Error ? err.message : String(err)));
    }
    const outcome = comparePoll(items, state.seen);
    // An item PostgreSQL cannot keep (NUL, a lone surrogate, absurd nesting) is skipped rather
    // than stopping every later poll on it.
    const fresh = outcome.fresh.filter((item) => !findUnstorable(item));
    const skipped = outcome.fresh.length - fresh.length;
    const polled = {
      seen: outcome.seen,
      lastPolledAt: now,
      lastError: skipped
        ? `${plural(skipped, 'new item')} of ${plan.tool} could not be stored (text with NUL or a lone surrogate, or nesting too deep) and ${skipped === 1 ? 'was' : 'were'} skipped.`
        : null,
    };
    if (fresh.length === 0) {
      await storePollState(db, state, polled);
      return;
    }
    const input = { event: plan.event, items: fresh };
    // The items count as seen before the run is queued, so that no other poll queues them too;
    // a run that is refused gives them back.
    if (!(await storePollState(db, state, polled))) return;
    try {
      await deps.runService.enqueue(agent, 'event', input);
    } catch (err) {
      const reason = err instanceof AppError ? err.message : 'The run could not be queued.';
      if (!(err instanceof AppError))
        deps.log.warn({ err, agentId: agent.id }, 'poll run not queued');
      await storePollState(
        db,
        { agentId: agent.id, version: state.version + 1 },
        {
          seen: state.seen,
          lastError: clip(
            `${reason} The ${plural(fresh.length, 'new item')} will be sent with the next poll.`,
          ),
        },
      );
    }
  }

  function pump(): void {
    while (!stopped && active < deps.concurrency && queue.length > 0) {
      const { agent, now } = queue.shift()!;
      active++;
      const work: Promise<void> = poll(agent, now)
        .catch((err: unknown) => deps.log.warn({ err, agentId: agent.id }, 'poll failed'))
        .finally(() => {
          active--;
          busy.delete(agent.id);
          running.delete(work);
          pump();
        });
      running.add(work);
    }
  }

  return {
    /**
     * Queues a poll of the agent as of `now`; false when this instance is already polling it
     * (the due time is then skipped: the poll under way reads the same list).
     */
    submit(agent: AgentRow, now: Date): boolean {
      if (stopped || busy.has(agent.id)) return false;
      busy.add(agent.id);
      queue.push({ agent, now });
      pump();
      return true;
    },

    /** For tests: resolves when no poll is queued or under way on this instance. */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },

    /** Takes no more polls and waits for those under way. */
    async stop(): Promise<void> {
      stopped = true;
      queue.length = 0;
      await Promise.allSettled([...running]);
    },
  };
}

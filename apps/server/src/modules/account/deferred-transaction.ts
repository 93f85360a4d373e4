import type { BetterAuthOptions } from 'better-auth';
import type { DBAdapter } from '@better-auth/core/db/adapter';

type AnyAdapter = DBAdapter<BetterAuthOptions>;
type AdapterFactory = (options: BetterAuthOptions) => AnyAdapter;
type Open = { trx: AnyAdapter; end: (error?: unknown) => void; settled: Promise<unknown> };

const READS = ['findOne', 'findMany', 'count'] as const;
const WRITES = [
  'create',
  'update',
  'updateMany',
  'delete',
  'deleteMany',
  'consumeOne',
  'incrementOne',
] as const;

/**
 * One better-auth transaction whose database transaction begins at its first write. better-auth
 * wraps a whole sign-up in a transaction, password hashing included: begun at once, it would
 * hold a pooled connection (or, with PGlite, the only one) for the length of a hash. Reads
 * before the first write go outside it; everything from the first write on goes inside, and it
 * commits when the callback returns (rolls back when it throws).
 */
async function deferred<R>(
  outer: AnyAdapter,
  callback: (trx: AnyAdapter) => Promise<R>,
): Promise<R> {
  let opened: Promise<Open> | undefined;
  const open = () =>
    (opened ??= new Promise<Open>((resolve, reject) => {
      let end: (error?: unknown) => void = () => {};
      const finished = new Promise<void>((done, fail) => {
        end = (error) => (error === undefined ? done() : fail(error));
      });
      const settled: Promise<unknown> = outer.transaction(async (trx) => {
        resolve({ trx: trx as AnyAdapter, end, settled });
        await finished;
      });
      // A transaction that could not begin fails the write that asked for it.
      settled.catch(reject);
    }));
  const lazy = { ...outer } as Record<string, unknown>;
  for (const name of READS) {
    lazy[name] = async (args: never) => {
      const target = opened ? (await opened).trx : outer;
      return (target[name] as (a: never) => unknown)(args);
    };
  }
  for (const name of WRITES) {
    lazy[name] = async (args: never) => ((await open()).trx[name] as (a: never) => unknown)(args);
  }
  lazy.transaction = (inner: (trx: AnyAdapter) => Promise<unknown>) => inner(lazy as AnyAdapter);
  let result: R;
  try {
    result = await callback(lazy as AnyAdapter);
  } catch (error) {
    const open = await opened?.catch(() => undefined);
    if (open) {
      open.end(error ?? new Error('rolled back'));
      await open.settled.catch(() => undefined);
    }
    throw error;
  }
  if (opened) {
    const { end, settled } = await opened;
    end();
    await settled;
  }
  return result;
}

/**
 * Makes a better-auth adapter's transactions begin at their first write (see {@link deferred}).
 * The adapter must have real transactions (`transaction: true` for Drizzle).
 */
export function deferredTransactions(factory: AdapterFactory): AdapterFactory {
  return (options) => {
    const adapter = factory(options);
    return {
      ...adapter,
      transaction: (callback) =>
        deferred(adapter, callback as unknown as (trx: AnyAdapter) => Promise<never>),
    };
  };
}

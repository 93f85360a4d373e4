import type { BetterAuthOptions } from 'better-auth';
import type { DBAdapter, Where } from '@better-auth/core/db/adapter';
import { hashSecret } from '../../lib/secret-hash.ts';

type AnyAdapter = DBAdapter<BetterAuthOptions>;
type AdapterFactory = (options: BetterAuthOptions) => AnyAdapter;

const isSession = (model: string) => model === 'session' || model === 'sessions';

function hashWhere(model: string, where: Where[] | undefined): Where[] | undefined {
  if (!where || !isSession(model)) return where;
  return where.map((w) => {
    if (w.field !== 'token') return w;
    const value = Array.isArray(w.value)
      ? (w.value as unknown[]).map((v) => (typeof v === 'string' ? hashSecret(v) : v))
      : typeof w.value === 'string'
        ? hashSecret(w.value)
        : w.value;
    return { ...w, value } as Where;
  });
}

function hashData<T extends Record<string, unknown>>(model: string, data: T): T {
  if (!isSession(model) || typeof data.token !== 'string') return data;
  return { ...data, token: hashSecret(data.token) };
}

/** The raw token a lookup was made with, so the row handed back carries it, not its hash. */
function rawTokenOf(model: string, where: Where[] | undefined): string | undefined {
  if (!isSession(model)) return undefined;
  const w = where?.find((x) => x.field === 'token' && (x.operator ?? 'eq') === 'eq');
  return typeof w?.value === 'string' ? w.value : undefined;
}

function withToken<R>(row: R, token: string | undefined): R {
  if (!token || !row || typeof row !== 'object') return row;
  return { ...row, token } as R;
}

function wrap(adapter: AnyAdapter): AnyAdapter {
  return {
    ...adapter,
    create: async <T extends Record<string, unknown>, R = T>(
      args: Parameters<AnyAdapter['create']>[0],
    ) => {
      const raw = isSession(args.model) ? (args.data as { token?: unknown }).token : undefined;
      const data = hashData(args.model, args.data) as Omit<T, 'id'>;
      const row = await adapter.create<T, R>({ ...args, data });
      return withToken(row, typeof raw === 'string' ? raw : undefined);
    },
    findOne: async (args) =>
      withToken(
        await adapter.findOne({ ...args, where: hashWhere(args.model, args.where) ?? [] }),
        rawTokenOf(args.model, args.where),
      ),
    findMany: (args) => adapter.findMany({ ...args, where: hashWhere(args.model, args.where) }),
    count: (args) => adapter.count({ ...args, where: hashWhere(args.model, args.where) }),
    update: async (args) =>
      withToken(
        await adapter.update({
          ...args,
          where: hashWhere(args.model, args.where) ?? [],
          update: hashData(args.model, args.update),
        }),
        rawTokenOf(args.model, args.where),
      ),
    updateMany: (args) =>
      adapter.updateMany({
        ...args,
        where: hashWhere(args.model, args.where) ?? [],
        update: hashData(args.model, args.update),
      }),
    delete: (args) => adapter.delete({ ...args, where: hashWhere(args.model, args.where) ?? [] }),
    deleteMany: (args) =>
      adapter.deleteMany({ ...args, where: hashWhere(args.model, args.where) ?? [] }),
    consumeOne: (args) =>
      adapter.consumeOne({ ...args, where: hashWhere(args.model, args.where) ?? [] }),
    incrementOne: (args) =>
      adapter.incrementOne({ ...args, where: hashWhere(args.model, args.where) ?? [] }),
    transaction: (callback) =>
      adapter.transaction((trx) => callback(wrap(trx as AnyAdapter) as typeof trx)),
  };
}

/**
 * Wraps a better-auth database adapter so session tokens are stored as SHA-256 hashes:
 * a copy of the database hands nobody a usable bearer token. better-auth has no such
 * option of its own (see docs/decisions/002-session-tokens-hashed-at-rest.md).
 */
export function hashedSessionTokens(factory: AdapterFactory): AdapterFactory {
  return (options) => wrap(factory(options));
}

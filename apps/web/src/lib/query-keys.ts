// Keys of the queries that one feature owns and another refreshes. Both take them from here, so
// renaming a key cannot leave a copy behind that quietly stops matching.

/** The plan, its period and its usage (billing). Runs use up the plan, so agents refresh it. */
export const billingQueryKey = ['account', 'billing'] as const;

/** The public registry's answers (workspace). Moderating a server (admin) changes all of them. */
export const registryKeys = {
  all: ['registry'] as const,
  servers: <Filters>(filters: Filters) => ['registry', 'servers', filters] as const,
  /** One version of a server; `null` is the latest. */
  server: (name: string, version: string | null) =>
    ['registry', 'server', name, version ?? 'latest'] as const,
  versions: (name: string) => ['registry', 'versions', name] as const,
  /** The servers the signed-in user published. */
  mine: () => ['registry', 'mine'] as const,
};

export type FreshDatabase = {
  url: string;
  name: string;
  drop: () => Promise<void>;
};
/**
 * A new, empty PostgreSQL database on the server of `baseUrl`, named `<prefix>_<random>`;
 * `drop` removes it again. Used by tests, browser tests and benchmarks alike.
 */
export declare function createFreshDatabase(
  baseUrl: string,
  prefix: string,
): Promise<FreshDatabase>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `value` has the shape of a UUID (any version, either case). Ids from addresses are
 * checked with it before they reach a query, where PostgreSQL would reject them with an error.
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

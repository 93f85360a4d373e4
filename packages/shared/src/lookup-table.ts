/**
 * A table to look words from outside up in: an object with no prototype, so that a key such as
 * `constructor`, `toString` or `__proto__` finds nothing instead of one of Object's own members.
 * Every table keyed by what a user wrote is made with it.
 */
export function lookupTable<T>(entries: Readonly<Record<string, T>> = {}): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, entries);
}

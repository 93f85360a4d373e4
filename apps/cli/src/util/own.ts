/**
 * `values[name]` when the object has it as its own, else undefined: a name that comes from
 * outside (a variable a server declares, a `--set` name, spoke.json) such as `constructor` or
 * `toString` is a name like any other, not one of Object's members.
 */
export const own = <T>(
  values: Readonly<Record<string, T>> | undefined,
  name: string,
): T | undefined =>
  values !== undefined && Object.hasOwn(values, name) ? values[name] : undefined;

import type { Check } from '../specs/types.ts';

/** Registry names: lower-case letters, digits and `-`, at most 32 characters. */
export const REGISTRY_NAME = /^[a-z0-9-]{1,32}$/;
/** Workspace names: 1–64 letters, digits, `-`, `_`, `.`. */
export const WORKSPACE_NAME = /^[A-Za-z0-9._-]{1,64}$/;
/** Reverse-DNS namespaces: lower-case labels separated by dots, at least two. */
export const NAMESPACE = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/;
/** Local server names; `_` is excluded so that `<server>__<tool>` is never ambiguous. */
export const LOCAL_NAME = /^[a-z0-9][a-z0-9.-]{0,63}$/;

export function wholeNumber(label: string, min: number, max: number): Check {
  return (value) =>
    /^-?\d+$/.test(value) && Number(value) >= min && Number(value) <= max
      ? null
      : `${label} must be a whole number from ${min} to ${max}, got "${value}"`;
}

export const registryName: Check = (value) =>
  REGISTRY_NAME.test(value)
    ? null
    : `invalid registry name "${value}": use lower-case letters, digits and -, at most 32 characters`;

export const scope: Check = (value) =>
  value === '*' || NAMESPACE.test(value)
    ? null
    : `invalid --scope "${value}": use * or a namespace such as com.acme`;

export const jsonObject =
  (label: string): Check =>
  (value) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch (err) {
      return `${label} is not valid JSON: ${(err as Error).message}`;
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      const kind = Array.isArray(parsed) ? 'an array' : parsed === null ? 'null' : typeof parsed;
      return `${label} must be a JSON object, got ${kind}`;
    }
    return null;
  };

export const nonEmpty =
  (label: string): Check =>
  (value) =>
    value.trim() ? null : `${label} must not be empty`;

/** `spoke install` takes a registry name (optionally `@version`) or a path. */
export const installTarget: Check = (value) => {
  if (/^(\.{1,2}(\/|$)|\/)/.test(value)) return null;
  return /^[A-Za-z0-9.-]+\/[A-Za-z0-9._-]+(@[^@\s]+)?$/.test(value)
    ? null
    : `"${value}" is neither a registry name (such as io.github.owner/server) nor a path (starting with ./, ../ or /)`;
};

/** `spoke info` takes a registry name (optionally `@version`) or an installed server's local name. */
export const infoTarget: Check = (value) =>
  LOCAL_NAME.test(value) || /^[A-Za-z0-9.-]+\/[A-Za-z0-9._-]+(@[^@\s]+)?$/.test(value)
    ? null
    : `"${value}" is neither a registry name (such as io.github.owner/server) nor a local server name`;

export const localName: Check = (value) =>
  LOCAL_NAME.test(value)
    ? null
    : `invalid server name "${value}": local names are lower-case letters, digits, - and ., at most 64 characters`;

export const createName: Check = (value) =>
  /^[a-z0-9-]{1,64}$/.test(value)
    ? null
    : `invalid project name "${value}": use lower-case letters, digits and -, at most 64 characters`;

export const workspaceName: Check = (value) =>
  WORKSPACE_NAME.test(value)
    ? null
    : `invalid workspace name "${value}": use 1-64 letters, digits, -, _ or .`;

/** The JWS algorithms a private key may sign an OAuth client assertion with (private_key_jwt). */
export const SIGNING_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
] as const;

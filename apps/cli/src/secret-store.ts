/**
 * Where secret values would be kept. This build has no secret store yet: nothing secret can be
 * stored, and commands that would store one refuse rather than write it to a plain file.
 */
export const SECRET_STORE = {
  kind: null,
  description: 'none in this build (secret values cannot be stored yet)',
} as const;

export function secretStoreUnavailable(what: string) {
  return {
    message: `cannot store ${what}: this build of spoke has no secret store yet, and secrets are never written to plain files`,
    hint: 'set it again with a build of spoke that has the secret store; nothing was written',
  };
}

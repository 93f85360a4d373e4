import { validateServerJson as problemsOf } from '@spoke/shared/server-json';

/** Problems with a server.json document, one line each naming its field; empty when valid. */
export function validateServerJson(document: unknown): string[] {
  return problemsOf(document).map((p) => `${p.path || 'server.json'}: ${p.message}`);
}

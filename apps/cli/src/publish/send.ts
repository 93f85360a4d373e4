import type { RegistryEntry } from '../config/global-schema.ts';
import { CliError, failure } from '../errors.ts';
import { postJson } from '../registry/http-post.ts';
import { withoutTrailingSlash } from '@spoke/shared/url';

type Answer = { status: number; body: unknown };

type Refusal = {
  error?: string | { message?: unknown; fields?: unknown };
  code?: unknown;
  fields?: unknown;
  detail?: unknown;
};

/**
 * The registry's reason: `{"error": "..."}` as the official registry writes it (Spoke adds
 * `fields` beside it), or the older `{"error": {"message", "fields"}}`.
 */
function messageOf(body: unknown): string | null {
  const answer = (body ?? {}) as Refusal;
  const error = answer.error;
  const message = typeof error === 'string' ? error : error?.message;
  const fieldMap = typeof error === 'string' ? answer.fields : (error?.fields ?? answer.fields);
  const fields =
    fieldMap && typeof fieldMap === 'object'
      ? Object.entries(fieldMap as Record<string, unknown>).map(
          ([path, why]) => `\n  ${path}: ${String(why)}`,
        )
      : [];
  if (typeof message === 'string') return message + fields.join('');
  return typeof answer.detail === 'string' ? answer.detail : null;
}

/** A version published already: 400 with code CONFLICT, as the official registry answers, or 409. */
const isDuplicate = (answer: Answer) =>
  answer.status === 409 || (answer.body as Refusal | null)?.code === 'CONFLICT';

/** What a refusal means for the user, by status. */
function refusal(registry: string, what: string, answer: Answer): CliError {
  const said = messageOf(answer.body);
  const refused = (why: string) => `${registry} refused ${what}: ${why} (${answer.status})`;
  switch (isDuplicate(answer) ? 409 : answer.status) {
    case 401:
      return new CliError(refused('not logged in, or the token was revoked'), {
        code: 'AUTH_REQUIRED',
        hint: `log in with a new token: spoke login --registry ${registry}`,
      });
    case 403:
      return new CliError(
        refused(said ?? 'the token lacks registry:publish, or the namespace is not yours'),
        {
          code: 'PUBLISH_REJECTED',
          hint: 'use a token with the scope registry:publish, and publish under a namespace you own',
        },
      );
    case 409:
      return new CliError(refused(said ?? 'this version is already published'), {
        code: 'CONFLICT',
        hint: 'versions are immutable; raise "version" in server.json and package.json',
      });
    default:
      return new CliError(refused(said ?? 'the registry did not accept it'), {
        code: 'PUBLISH_REJECTED',
        hint: 'fix server.json; spoke publish --dry-run checks it before sending',
      });
  }
}

/** POST <registry>/v0.1/publish with the stored token; the registry's answer on success. */
export async function sendToRegistry(
  registry: RegistryEntry,
  document: { name: string; version: string },
  token: string,
  timeoutMs: number,
): Promise<unknown> {
  const what = `${document.name} ${document.version}`;
  let answer;
  try {
    answer = await postJson(`${withoutTrailingSlash(registry.url)}/v0.1/publish`, document, {
      timeoutMs,
      headers: { authorization: `Bearer ${token}` },
    });
  } catch (err) {
    throw failure(
      'REGISTRY_UNAVAILABLE',
      `registry ${registry.name} did not answer (${(err as Error).message})`,
    );
  }
  if (answer.status >= 200 && answer.status < 300) return answer.body;
  throw refusal(registry.name, what, answer);
}

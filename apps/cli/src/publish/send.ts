import type { RegistryEntry } from '../config/global-schema.ts';
import { CliError, failure } from '../errors.ts';
import { postJson } from '../registry/http-post.ts';

type Answer = { status: number; body: unknown };

function messageOf(body: unknown): string | null {
  const error = (body as { error?: { message?: unknown; fields?: unknown } } | null)?.error;
  const fields =
    error?.fields && typeof error.fields === 'object'
      ? Object.entries(error.fields as Record<string, unknown>).map(
          ([path, why]) => `\n  ${path}: ${String(why)}`,
        )
      : [];
  if (typeof error?.message === 'string') return error.message + fields.join('');
  const detail = (body as { detail?: unknown } | null)?.detail;
  return typeof detail === 'string' ? detail : null;
}

/** What a refusal means for the user, by status. */
function refusal(registry: string, what: string, answer: Answer): CliError {
  const said = messageOf(answer.body);
  const refused = (why: string) => `${registry} refused ${what}: ${why} (${answer.status})`;
  switch (answer.status) {
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
    answer = await postJson(`${registry.url.replace(/\/+$/, '')}/v0.1/publish`, document, {
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

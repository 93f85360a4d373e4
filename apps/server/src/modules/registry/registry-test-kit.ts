import { SERVER_SCHEMA_URL } from '@spoke/shared';
import { bearer, type register, type TestApp } from '../../test/harness.ts';

type Registered = Awaited<ReturnType<typeof register>>;

/** A valid server.json in the user's own namespace. */
export function serverJson(
  user: { username: string },
  name: string,
  version = '1.0.0',
  overrides: Record<string, unknown> = {},
) {
  const namespace = `dev.spoke.${user.username.toLowerCase().replace(/_/g, '-')}`;
  return {
    $schema: SERVER_SCHEMA_URL,
    name: `${namespace}/${name}`,
    description: `The ${name} server`,
    version,
    packages: [
      {
        registryType: 'npm',
        identifier: `@${user.username.toLowerCase()}/${name}`,
        version,
        transport: { type: 'stdio' },
        environmentVariables: [
          { name: 'API_KEY', description: 'Key', isRequired: true, isSecret: true },
        ],
      },
    ],
    ...overrides,
  };
}

/** An API token of the user with the given scopes. */
export async function apiToken(t: TestApp, user: Registered, scopes = ['registry:publish']) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/account/tokens',
    headers: bearer(user.token),
    payload: { name: 'test', scopes },
  });
  if (res.statusCode !== 201) throw new Error(`token: ${res.statusCode} ${res.body}`);
  return res.json().data as { token: { id: string }; secret: string };
}

export const publish = (t: TestApp, secret: string | undefined, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/registry/v0.1/publish',
    headers: secret ? bearer(secret) : {},
    payload: body as object,
  });

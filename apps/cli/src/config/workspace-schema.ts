import * as z from 'zod/mini';
import { LOCAL_NAME, SIGNING_ALGORITHMS, WORKSPACE_NAME } from '../parse/values.ts';
import { TRUST_LEVELS } from '../policy/types.ts';

const text = z.string().check(z.minLength(1, 'must not be empty'));
const names = z.array(z.string(), { error: 'must be an array of variable names' });

/** `{NAME}`: a secret value of the server, by name; the value is in the secret store. */
export const SECRET_REFERENCE = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

const httpUrl = z.string().check(z.regex(/^https?:\/\/\S+$/, 'must be an http:// or https:// URL'));

/**
 * The company's identity provider of an enterprise-managed sign-in (cross-app access): where the
 * user's ID token is exchanged for an authorization grant, the client spoke is there (with its
 * secret when the identity provider authenticates it), and the ID token, the secrets as
 * references to the server's secret values.
 */
const IdentityProviderSchema = z.strictObject({
  issuer: httpUrl,
  tokenEndpoint: z.optional(httpUrl),
  clientId: text,
  clientSecret: z.optional(z.string({ error: 'must be a string' })),
  idToken: z.string({ error: 'must be a string' }),
});

/**
 * A remote server's machine sign-in: the client id, and a client secret or a private key given as
 * a reference to one of the server's secret values. Alone, the OAuth client-credentials grant;
 * with `identityProvider`, the JWT bearer grant of an authorization grant the identity provider
 * issued for the user (enterprise-managed authorization).
 */
const OAuthSchema = z.strictObject({
  clientId: text,
  clientSecret: z.optional(z.string({ error: 'must be a string' })),
  privateKey: z.optional(z.string({ error: 'must be a string' })),
  algorithm: z.optional(
    z.enum(SIGNING_ALGORITHMS, { error: `must be one of ${SIGNING_ALGORITHMS.join(', ')}` }),
  ),
  scope: z.optional(text),
  issuer: z.optional(httpUrl),
  identityProvider: z.optional(IdentityProviderSchema),
});

export type OAuthEntry = z.infer<typeof OAuthSchema>;

const ServerEntrySchema = z
  .strictObject({
    source: text,
    version: z.optional(text),
    registry: text,
    transport: z.enum(['stdio', 'streamable-http', 'sse']),
    command: z.optional(text),
    args: z.optional(z.array(z.string(), { error: 'must be an array of strings' })),
    url: z.optional(text),
    env: z.optional(z.record(z.string(), z.string({ error: 'must be a string' }))),
    secrets: z.optional(names),
    paths: z.optional(names),
    headers: z.optional(z.record(z.string(), z.string({ error: 'must be a string' }))),
    secretHeaders: z.optional(z.array(z.string(), { error: 'must be an array of header names' })),
    oauth: z.optional(OAuthSchema),
    // Only ever stricter than the policy: a server may be put in the sandbox, never taken out.
    sandbox: z.optional(
      z.literal(true, { error: 'can only be true (the policy decides the rest)' }),
    ),
  })
  .check(
    z.superRefine((entry, ctx) => {
      const missing = (field: string, why: string) =>
        ctx.issues.push({ code: 'custom', path: [field], message: why, input: entry });
      if (entry.transport === 'stdio' && !entry.command) {
        missing('command', 'must be set for a stdio server (the program that starts it)');
      }
      if (entry.transport !== 'stdio' && !entry.url) {
        missing('url', `must be set for a ${entry.transport} server (the server's address)`);
      }
      const oauth = entry.oauth;
      if (!oauth) return;
      // The messages say everything: a value that should have been a reference is not echoed.
      const wrong = (path: string[], why: string) =>
        ctx.issues.push({
          code: 'custom',
          path: ['oauth', ...path],
          message: why,
          input: entry,
          params: { complete: true },
        });
      if (entry.transport === 'stdio') {
        wrong([], 'applies to remote (streamable-http or sse) servers only');
        return;
      }
      if ((oauth.clientSecret === undefined) === (oauth.privateKey === undefined)) {
        wrong([], 'needs one of clientSecret and privateKey');
      }
      for (const field of ['clientSecret', 'privateKey'] as const) {
        const value = oauth[field];
        if (value !== undefined && !SECRET_REFERENCE.test(value)) {
          wrong(
            [field],
            'must name one of the server\'s secret values, such as "{CLIENT_SECRET}", never hold the secret itself',
          );
        }
      }
      if (oauth.privateKey !== undefined && !oauth.algorithm) {
        wrong(['algorithm'], `must be set with privateKey: ${SIGNING_ALGORITHMS.join(', ')}`);
      }
      const idp = oauth.identityProvider;
      if (idp && !SECRET_REFERENCE.test(idp.idToken)) {
        wrong(
          ['identityProvider', 'idToken'],
          'must name one of the server\'s secret values, such as "{IDP_ID_TOKEN}", never hold the token itself',
        );
      }
      if (idp?.clientSecret !== undefined && !SECRET_REFERENCE.test(idp.clientSecret)) {
        wrong(
          ['identityProvider', 'clientSecret'],
          'must name one of the server\'s secret values, such as "{IDP_CLIENT_SECRET}", never hold the secret itself',
        );
      }
      if (oauth.privateKey === undefined && oauth.algorithm) {
        wrong(['algorithm'], 'applies to privateKey only (a client secret is not a signing key)');
      }
    }),
  );

export type ServerEntry = z.infer<typeof ServerEntrySchema>;

/** spoke.json as written on disk. */
export const WorkspaceFileSchema = z.strictObject({
  workspace: z.strictObject({
    name: z.string().check(z.regex(WORKSPACE_NAME, 'must be 1-64 letters, digits, -, _ or .')),
    template: text,
    createdAt: text,
  }),
  development: z.optional(
    z.strictObject({ autoReload: z.optional(z.boolean()), verbose: z.optional(z.boolean()) }),
  ),
  servers: z.optional(
    z.record(
      z
        .string()
        .check(
          z.regex(
            LOCAL_NAME,
            'is not a valid local name: lower-case letters, digits, - and ., no _',
          ),
        ),
      ServerEntrySchema,
    ),
  ),
});

/**
 * What was installed: an npm package (pinned by integrity), a PyPI package or an OCI image (pinned
 * by version, fetched by their runtime), a local path, or a remote URL.
 */
const LockPackageSchema = z.discriminatedUnion('registryType', [
  z.looseObject({
    registryType: z.literal('npm'),
    identifier: text,
    version: text,
    resolved: text,
    integrity: z.string().check(z.regex(/^sha\d+-/, 'must be an integrity such as sha512-...')),
  }),
  z.looseObject({ registryType: z.literal('pypi'), identifier: text, version: text }),
  z.looseObject({ registryType: z.literal('oci'), identifier: text, version: text }),
  z.looseObject({ registryType: z.literal('path'), path: text }),
  z.looseObject({ registryType: z.literal('remote'), url: text }),
]);

const LockEntrySchema = z.looseObject({
  name: text,
  version: z.nullable(z.string()),
  registry: text,
  registryUrl: z.nullable(z.string()),
  trustLevel: z.enum(TRUST_LEVELS),
  license: z.nullable(z.string()),
  package: LockPackageSchema,
  toolsHash: text,
  toolCount: z.int({ error: 'must be a whole number' }),
  installedAt: text,
});

export type LockEntry = z.infer<typeof LockEntrySchema>;

/** spoke.lock.json. Entries keep fields a newer minor release may add. */
export const LockFileSchema = z.looseObject({
  lockfileVersion: z.literal(1),
  servers: z.record(z.string(), LockEntrySchema),
});

import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, isAPIError } from 'better-auth/api';
import { bearer, genericOAuth } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { schema } from '../../db/schema.ts';
import { deferredTransactions } from './deferred-transaction.ts';
import { hashedSessionTokens } from './session-token-hash.ts';
import { withoutTrailingSlash } from '@spoke/shared';

/** Sessions without "Remember me" last at most this long (better-auth's "don't remember me"). */
export const SHORT_SESSION_SECONDS = 24 * 60 * 60;
export const RESET_TOKEN_SECONDS = 60 * 60;

/** The code of the refusal of a Google sign-in whose address Google has not verified. */
export const GOOGLE_EMAIL_NOT_VERIFIED = 'GOOGLE_EMAIL_NOT_VERIFIED';

export type ResetMail = { email: string; name: string; token: string };

export type AuthDeps = {
  config: AppConfig;
  db: Db;
  secret: string;
  log: FastifyBaseLogger;
  sendResetPassword: (mail: ResetMail) => Promise<void>;
};

/** A username for an account that arrives without one (Google sign-in). */
function usernameFromEmail(email: string): string {
  const base =
    (email.split('@')[0] ?? 'user').replace(/[^A-Za-z0-9_-]/g, '').slice(0, 20) || 'user';
  return `${base.length >= 3 ? base : `${base}user`}-${randomBytes(3).toString('hex')}`;
}

export function createAuth({ config, db, secret, log, sendResetPassword }: AuthDeps) {
  const google = config.google;
  return betterAuth({
    appName: 'Spoke',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [config.appUrl],
    telemetry: { enabled: false },
    // Limits live in our own limiter (per IP and per account, shared through Redis when set).
    rateLimit: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message) => {
        // Its warnings are routine ("user not found" on a failed sign-in): keep them quiet.
        if (level === 'error') log.error({ source: 'auth' }, message);
        else log.debug({ source: 'auth' }, message);
      },
    },
    // A sign-up writes its user, account and session in one transaction, begun at the first
    // write so that the password hash is not computed inside it.
    database: hashedSessionTokens(
      deferredTransactions(
        drizzleAdapter(db as never, { provider: 'pg', schema, usePlural: true, transaction: true }),
      ),
    ),
    // Password reset tokens (and OAuth states) are kept as hashes: a copy of the database
    // hands nobody a working reset link.
    verification: { storeIdentifier: 'hashed' },
    advanced: {
      database: { generateId: 'uuid' },
      cookiePrefix: 'spoke',
      useSecureCookies: config.appUrl.startsWith('https://'),
    },
    session: {
      expiresIn: config.sessions.rememberedMaxSec,
      // Sessions keep the absolute lifetime they were given at sign-in (1 day, or
      // SESSION_REMEMBER_DAYS with "Remember me"); the idle timeout is the account service's.
      disableSessionRefresh: true,
      cookieCache: { enabled: false },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        // Sent in the background: the answer must not take longer when the account exists.
        void sendResetPassword({ email: user.email, name: user.name, token }).catch((err) =>
          log.error({ err }, 'password reset mail failed'),
        );
      },
    },
    user: {
      additionalFields: {
        username: { type: 'string', required: false, input: true },
        isAdmin: { type: 'boolean', required: false, input: false, defaultValue: false },
        role: { type: 'string', required: false, input: true },
        teamSize: { type: 'string', required: false, input: true },
        useCase: { type: 'string', required: false, input: true },
        newsletter: { type: 'boolean', required: false, input: true, defaultValue: false },
        termsAcceptedAt: { type: 'date', required: false, input: true },
        plan: { type: 'string', required: false, input: false, defaultValue: 'free' },
      },
    },
    account: {
      // Links a Google sign-in to an existing account only when both sides verified the e-mail
      // (Google's side is refused earlier when unverified; no provider is trusted blindly).
      accountLinking: { enabled: true, requireLocalEmailVerified: true, trustedProviders: [] },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            const u = user as typeof user & { username?: string | null };
            if (u.username) return { data: user };
            return { data: { ...user, username: usernameFromEmail(user.email) } };
          },
        },
      },
    },
    plugins: [
      bearer(),
      ...(google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  clientId: google.clientId,
                  clientSecret: google.clientSecret,
                  discoveryUrl: `${withoutTrailingSlash(google.issuer)}/.well-known/openid-configuration`,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  requireIdTokenVerification: true,
                  // The profile comes from the ID token alone. better-auth verifies its
                  // signature, issuer, audience and nonce before calling this, but when the
                  // token answer has no ID token it would read the userinfo endpoint instead,
                  // and nothing would then bind the sign-in to its nonce: refuse that.
                  getUserInfo: async ({ idToken }) => {
                    const payload = idToken?.split('.')[1];
                    if (!payload) return null;
                    try {
                      const claims = JSON.parse(
                        Buffer.from(payload, 'base64url').toString('utf8'),
                      ) as Record<string, unknown>;
                      if (typeof claims.sub !== 'string' || !claims.sub) return null;
                      // Only an address Google itself verified signs in (a boolean true: the
                      // string "false" is truthy). Refused before any account is made or linked.
                      if (claims.email_verified !== true) {
                        throw new APIError('FORBIDDEN', {
                          code: GOOGLE_EMAIL_NOT_VERIFIED,
                          message: 'Google has not verified this e-mail address.',
                        });
                      }
                      return {
                        ...claims,
                        sub: claims.sub,
                        email: typeof claims.email === 'string' ? claims.email : null,
                        emailVerified: claims.email_verified === true,
                        name: typeof claims.name === 'string' ? claims.name : '',
                        image: typeof claims.picture === 'string' ? claims.picture : undefined,
                      };
                    } catch (err) {
                      if (isAPIError(err)) throw err;
                      return null;
                    }
                  },
                  // Only a boolean true counts: `Boolean("false")` would be true.
                  mapProfileToUser: (profile) => ({
                    emailVerified: profile.email_verified === true,
                    name: typeof profile.name === 'string' ? profile.name : '',
                  }),
                },
              ],
            }),
          ]
        : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

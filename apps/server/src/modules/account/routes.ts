import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AuthResultSchema,
  ChangePasswordSchema,
  ErrorCode,
  ForgotPasswordSchema,
  GoogleExchangeSchema,
  LoginRequestSchema,
  MeResultSchema,
  OkSchema,
  RegisterRequestSchema,
  ResetPasswordSchema,
  SessionListSchema,
  UpdateProfileSchema,
  VerifyEmailSchema,
  envelope,
  isUuid,
} from '@spoke/shared';
import { AppError } from '../../errors.ts';
import { toHeaders } from '../../lib/http.ts';
import type { Limiter } from '../../lib/rate-limit.ts';
import { authenticated } from '../../lib/auth.ts';
import type { AccountService } from './service.ts';

export type AccountLimiters = {
  loginAccount: Limiter;
  loginIp: Limiter;
  registerIp: Limiter;
  forgotAccount: Limiter;
  forgotIp: Limiter;
};

/** The key password guesses of an account count under, whichever route they come through. */
const passwordGuessKey = (email: string) => email.trim().toLowerCase();

/** Takes a guess's point for the account and the address, or refuses with 429. */
async function reserveGuess(limiters: AccountLimiters, accountKey: string, ip: string) {
  await limiters.loginAccount.consume(accountKey);
  try {
    await limiters.loginIp.consume(ip);
  } catch (err) {
    await limiters.loginAccount.refund(accountKey);
    throw err;
  }
}

/** `/api/account/*` open to anyone: registration, sign-in, password reset, e-mail proof. */
export const accountRoutes: FastifyPluginAsyncZod<{
  service: AccountService;
  limiters: AccountLimiters;
}> = async (app, { service, limiters }) => {
  app.post(
    '/register',
    { schema: { body: RegisterRequestSchema, response: { 201: envelope(AuthResultSchema) } } },
    async (request, reply) => {
      await limiters.registerIp.consume(request.ip);
      const result = await service.register(request.body, toHeaders(request));
      return reply.status(201).send({ data: result });
    },
  );

  app.post(
    '/login',
    { schema: { body: LoginRequestSchema, response: { 200: envelope(AuthResultSchema) } } },
    async (request) => {
      const { email, password, remember } = request.body;
      const accountKey = passwordGuessKey(email);
      // Each guess takes its point before the password is checked (one atomic step in the
      // store), so a burst of parallel guesses gets no more checks than the limit allows.
      await reserveGuess(limiters, accountKey, request.ip);
      const result = await service
        .login(email, password, remember ?? false, toHeaders(request))
        .catch(async (err: unknown) => {
          // The password was not checked (busy, or the database away): not a guess.
          await Promise.all([
            limiters.loginAccount.refund(accountKey),
            limiters.loginIp.refund(request.ip),
          ]);
          throw err;
        });
      if (!result) throw new AppError(401, ErrorCode.INVALID_CREDENTIALS);
      await Promise.all([
        limiters.loginAccount.reset(accountKey),
        limiters.loginIp.refund(request.ip),
      ]);
      return { data: result };
    },
  );

  app.post(
    '/forgot-password',
    { schema: { body: ForgotPasswordSchema, response: { 200: envelope(OkSchema) } } },
    async (request) => {
      const email = request.body.email.toLowerCase();
      await limiters.forgotIp.consume(request.ip);
      await limiters.forgotAccount.consume(email);
      await service.requestPasswordReset(email);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/reset-password',
    { schema: { body: ResetPasswordSchema, response: { 200: envelope(OkSchema) } } },
    async (request) => {
      await service.resetPassword(request.body.token, request.body.password);
      return { data: { ok: true as const } };
    },
  );

  // The page a mailed link opens sends its token here; no session is needed (nor made).
  app.post(
    '/verify-email',
    { schema: { body: VerifyEmailSchema, response: { 200: envelope(MeResultSchema) } } },
    async (request) => ({ data: { user: await service.verifyEmail(request.body.token) } }),
  );

  app.post(
    '/google/exchange',
    { schema: { body: GoogleExchangeSchema, response: { 200: envelope(AuthResultSchema) } } },
    async (request) => ({ data: await service.exchangeLoginCode(request.body.code) }),
  );
};

/** `/api/account/*` of the signed-in user: their profile, password and sessions. */
export const ownAccountRoutes: FastifyPluginAsyncZod<{
  service: AccountService;
  limiters: AccountLimiters;
}> = async (app, { service, limiters }) => {
  app.get('/me', { schema: { response: { 200: envelope(MeResultSchema) } } }, async (request) => {
    const { user } = authenticated(request);
    return { data: { user } };
  });

  app.patch(
    '/me',
    { schema: { body: UpdateProfileSchema, response: { 200: envelope(MeResultSchema) } } },
    async (request) => {
      const { user } = authenticated(request);
      return { data: { user: await service.updateProfile(user.id, request.body) } };
    },
  );

  app.post('/logout', { schema: { response: { 200: envelope(OkSchema) } } }, async (request) => {
    await service.logout(toHeaders(request));
    return { data: { ok: true as const } };
  });

  app.post(
    '/password',
    { schema: { body: ChangePasswordSchema, response: { 200: envelope(AuthResultSchema) } } },
    async (request) => {
      const headers = toHeaders(request);
      const { user } = authenticated(request);
      const { currentPassword, newPassword } = request.body;
      // A guess of the current password counts against the account as a sign-in guess does.
      const accountKey = passwordGuessKey(user.email);
      await reserveGuess(limiters, accountKey, request.ip);
      const result = await service
        .changePassword(headers, currentPassword, newPassword)
        .catch(async (err: unknown) => {
          // Only a wrong current password was a guess; any other refusal gives the point back.
          if (!(err instanceof AppError && err.fields?.currentPassword)) {
            await Promise.all([
              limiters.loginAccount.refund(accountKey),
              limiters.loginIp.refund(request.ip),
            ]);
          }
          throw err;
        });
      await Promise.all([
        limiters.loginAccount.reset(accountKey),
        limiters.loginIp.refund(request.ip),
      ]);
      return { data: result };
    },
  );

  app.get(
    '/sessions',
    { schema: { response: { 200: envelope(SessionListSchema) } } },
    async (request) => {
      const { user, sessionId } = authenticated(request);
      return { data: { sessions: await service.listSessions(user.id, sessionId) } };
    },
  );

  app.delete(
    '/sessions/:id',
    {
      schema: {
        params: z.object({ id: z.string().max(64) }),
        response: { 200: envelope(OkSchema) },
      },
    },
    async (request) => {
      const { user } = authenticated(request);
      if (!isUuid(request.params.id)) throw new AppError(404, ErrorCode.NOT_FOUND);
      await service.revokeSession(user.id, request.params.id);
      return { data: { ok: true as const } };
    },
  );

  // A new link for the signed-in account: 3 an hour per account, 20 per address.
  app.post(
    '/verification-email',
    { schema: { response: { 200: envelope(OkSchema) } } },
    async (request) => {
      const { user } = authenticated(request);
      await limiters.forgotIp.consume(request.ip);
      await limiters.forgotAccount.consume(`verify:${user.id}`);
      await service.resendVerification(user.id);
      return { data: { ok: true as const } };
    },
  );
};

import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { ConcurrencyGate } from '../../lib/concurrency-gate.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { createAccountMail } from './account-mail.ts';
import { createAuth } from './auth.ts';
import { createAccountService } from './service.ts';

/**
 * Accounts: better-auth (`secret` signs its cookies and tokens) and the account service over
 * it, with the mails an account gets about itself (password reset, address proof). The app
 * registers `accountRoutes`, `ownAccountRoutes` and `googleRoutes`.
 */
export function createAccounts(deps: {
  config: AppConfig;
  db: Db;
  mailer: Mailer;
  secret: string;
  log: FastifyBaseLogger;
}) {
  const { config, db, mailer, secret, log } = deps;
  const accountMail = createAccountMail({ mailer, appUrl: config.appUrl, log });
  const auth = createAuth({
    config,
    db,
    secret,
    log,
    sendResetPassword: accountMail.sendResetPassword,
  });
  const accounts = createAccountService({
    auth,
    db,
    adminEmails: config.adminEmails,
    sessionCacheMs: config.sessionCacheMs,
    sessions: config.sessions,
    hashing: new ConcurrencyGate(config.passwordHashing),
    log,
    sendVerificationMail: accountMail.sendVerificationMail,
  });
  return { auth, accounts };
}

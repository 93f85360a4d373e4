import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode, type User } from '@spoke/shared';
import { AppError } from '../errors.ts';
import { toHeaders } from './http.ts';

/** A signed-in caller: the user and the session their token belongs to. */
export type SignedIn = { user: User; sessionId: string };

/** Finds the session a request's `Authorization` header names (the account service does). */
export type SessionLookup = { sessionOf: (headers: Headers) => Promise<SignedIn | null> };

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The caller, set by the access hook of the route's scope; null when anonymous or when no
     * hook looked. Behind `signedIn` or `admin`, read it with `authenticated`.
     */
    user: User | null;
    sessionId: string | null;
  }
}

/** Lets every request carry its caller; the hooks below fill it in where routes need it. */
export function decorateCaller(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
}

async function lookUp(sessions: SessionLookup, request: FastifyRequest): Promise<SignedIn> {
  const found = await sessions.sessionOf(toHeaders(request));
  if (!found) throw new AppError(401, ErrorCode.UNAUTHORIZED);
  request.user = found.user;
  request.sessionId = found.sessionId;
  return found;
}

/**
 * The hooks that decide who reaches a group of routes:
 * - `signedIn` (a `preHandler`): 401 without a session. Input is validated first, so a bad body
 *   is answered 400/422 whoever sends it.
 * - `admin` (an `onRequest`): 401 signed out, 403 not an admin, before the body or query is
 *   parsed, so a stranger learns nothing of what an admin route accepts.
 * - `identify` (a `preHandler`): the caller when a valid token is sent, anonymous otherwise.
 */
export function accessHooks(sessions: SessionLookup) {
  return {
    signedIn: async (request: FastifyRequest): Promise<void> => {
      await lookUp(sessions, request);
    },
    admin: async (request: FastifyRequest): Promise<void> => {
      const { user } = await lookUp(sessions, request);
      if (!user.is_admin) throw new AppError(403, ErrorCode.FORBIDDEN);
    },
    identify: async (request: FastifyRequest): Promise<void> => {
      if (!request.headers.authorization) return;
      const found = await sessions.sessionOf(toHeaders(request));
      request.user = found?.user ?? null;
      request.sessionId = found?.sessionId ?? null;
    },
  };
}

/**
 * The caller of a route behind the `signedIn` or `admin` hook. A route registered outside those
 * scopes by mistake refuses everyone rather than running without a caller.
 */
export function authenticated(request: FastifyRequest): SignedIn {
  const { user, sessionId } = request;
  if (!user || !sessionId) throw new AppError(401, ErrorCode.UNAUTHORIZED);
  return { user, sessionId };
}

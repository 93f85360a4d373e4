import { CLIENT_ERROR_MESSAGES, MeResultSchema, OkSchema } from '@spoke/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import {
  closedPortUrl,
  sampleUser,
  sendJson,
  sendRaw,
  startTestServer,
  type TestServer,
} from '#web/test/test-server.ts';
import { ApiError } from './api-error.ts';
import { createApiClient } from './client.ts';
import { setToken } from '../auth/token-store.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
  vi.restoreAllMocks();
});

function client() {
  return createApiClient({ baseUrl: server.url });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('successful answers', () => {
  it('returns the parsed data of the envelope', async () => {
    server.handle((_req, res) => sendJson(res, 200, { data: { user: sampleUser } }));
    await expect(client().get('/api/account/me', MeResultSchema)).resolves.toEqual({
      user: sampleUser,
    });
  });

  it('sends a JSON body with the method', async () => {
    server.handle((_req, res) => sendJson(res, 200, { data: { ok: true } }));
    await client().post('/api/account/logout', OkSchema, { all: false });
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({ all: false });
  });

  it('sends the stored token as a Bearer header', async () => {
    server.handle((_req, res) => sendJson(res, 200, { data: { ok: true } }));
    setToken('abc.def');
    await client().get('/x', OkSchema);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer abc.def');
  });

  it('sends no Authorization header without a stored token', async () => {
    server.handle((_req, res) => sendJson(res, 200, { data: { ok: true } }));
    await client().get('/x', OkSchema);
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('asks the browser to send cookies', async () => {
    server.handle((_req, res) => sendJson(res, 200, { data: { ok: true } }));
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    await client().get('/x', OkSchema);
    expect(fetchSpy.mock.calls[0]?.[1]?.credentials).toBe('include');
    expect(server.requests).toHaveLength(1);
  });
});

describe('error catalogue by status', () => {
  it.each([
    [400, 'BAD_REQUEST', 'Invalid request. Please check your input and try again.'],
    [401, 'UNAUTHORIZED', 'Invalid credentials. Please check your email and password.'],
    [403, 'FORBIDDEN', "Access denied. You don't have permission to perform this action."],
    [404, 'NOT_FOUND', 'The requested resource was not found.'],
    [409, 'CONFLICT', 'This information is already in use. Please try different details.'],
    [422, 'VALIDATION_FAILED', 'Validation failed. Please check your input and try again.'],
    [429, 'RATE_LIMITED', 'Too many requests. Please wait a moment and try again.'],
    [500, 'INTERNAL_ERROR', 'Server error. Please try again later.'],
    [502, 'SERVICE_UNAVAILABLE', 'Service temporarily unavailable. Please try again later.'],
    [503, 'SERVICE_UNAVAILABLE', 'Service temporarily unavailable. Please try again later.'],
    [504, 'SERVICE_UNAVAILABLE', 'Service temporarily unavailable. Please try again later.'],
    [418, 'UNKNOWN_ERROR', 'An error occurred (418). Please try again.'],
  ])('maps an empty %i answer to its catalogue message', async (status, code, message) => {
    server.handle((_req, res) => sendRaw(res, status));
    const error = await failure(client().get('/x', OkSchema));
    expect({ status: error.status, code: error.code, message: error.message }).toEqual({
      status,
      code,
      message,
    });
  });

  it('uses the catalogue when the error body is not the envelope', async () => {
    server.handle((_req, res) => sendJson(res, 500, { message: 'stack trace here' }));
    const error = await failure(client().get('/x', OkSchema));
    expect(error.message).toBe('Server error. Please try again later.');
  });
});

describe("the server's own error", () => {
  it('passes its message, code and fields through', async () => {
    server.handle((_req, res) =>
      sendJson(res, 409, {
        error: {
          message: 'That e-mail is taken.',
          code: 'CONFLICT',
          fields: { email: 'Already registered' },
        },
      }),
    );
    const error = await failure(client().post('/api/account/register', OkSchema, {}));
    expect(error).toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'That e-mail is taken.',
      fields: { email: 'Already registered' },
    });
  });

  it('keeps a specific code such as INVALID_CREDENTIALS', async () => {
    server.handle((_req, res) =>
      sendJson(res, 401, {
        error: { message: 'Wrong e-mail or password.', code: 'INVALID_CREDENTIALS' },
      }),
    );
    const error = await failure(client().post('/api/account/login', OkSchema, {}));
    expect(error).toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'Wrong e-mail or password.',
    });
  });
});

describe('answers the client cannot use', () => {
  it('reports invalid JSON on a 200 as INVALID_RESPONSE', async () => {
    server.handle((_req, res) => sendRaw(res, 200, '<html>not json</html>'));
    const error = await failure(client().get('/x', OkSchema));
    expect(error).toMatchObject({
      status: undefined,
      code: 'INVALID_RESPONSE',
      message: CLIENT_ERROR_MESSAGES.INVALID_RESPONSE,
    });
  });

  it('reports a body that does not match the schema as INVALID_RESPONSE', async () => {
    server.handle((_req, res) => sendJson(res, 200, { data: { user: { id: 1 } } }));
    const error = await failure(client().get('/api/account/me', MeResultSchema));
    expect(error.code).toBe('INVALID_RESPONSE');
  });

  it('reports a refused connection as CONNECTION_ERROR', async () => {
    const error = await failure(
      createApiClient({ baseUrl: await closedPortUrl() }).get('/x', OkSchema),
    );
    expect(error).toMatchObject({
      status: undefined,
      code: 'CONNECTION_ERROR',
      message: CLIENT_ERROR_MESSAGES.CONNECTION_ERROR,
    });
  });

  it('reports anything else as UNKNOWN_ERROR', async () => {
    const error = await failure(client().post('/x', OkSchema, { big: 1n }));
    expect(error).toMatchObject({
      status: undefined,
      code: 'UNKNOWN_ERROR',
      message: CLIENT_ERROR_MESSAGES.UNKNOWN_ERROR,
    });
    expect(server.requests).toHaveLength(0);
  });

  it('lets an abort through untouched', async () => {
    server.handle(() => {
      // Never answers: the caller aborts first.
    });
    const controller = new AbortController();
    const pending = client().get('/x', z.unknown(), { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

import {
  ApiErrorBodySchema,
  CODE_FOR_STATUS,
  ErrorCode,
  envelope,
  messageForStatus,
} from '@spoke/shared';
import type * as z from 'zod/mini';
import { ApiError, clientError } from './api-error.ts';
import { getToken as getStoredToken } from '../auth/token-store.ts';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal | undefined;
  /**
   * false for answers without the `{data}` envelope: the public registry API speaks the official
   * registry's shapes (its errors still carry the platform's error body).
   */
  envelope?: boolean;
}

export interface ApiClientOptions {
  /** Origin the paths are resolved against; defaults to the page's own origin. */
  baseUrl?: string;
  getToken?: () => string | null;
}

export interface ApiClient {
  request<S extends z.ZodMiniType>(
    path: string,
    schema: S,
    options?: RequestOptions,
  ): Promise<z.output<S>>;
  get<S extends z.ZodMiniType>(
    path: string,
    schema: S,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<z.output<S>>;
  post<S extends z.ZodMiniType>(
    path: string,
    schema: S,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<z.output<S>>;
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof DOMException && error.name === 'AbortError');
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  const { status } = response;
  let body: unknown;
  try {
    body = JSON.parse(await response.text());
  } catch {
    body = undefined;
  }
  const parsed = ApiErrorBodySchema.safeParse(body);
  if (parsed.success && parsed.data.error.message.trim() !== '') {
    const { message, code, fields } = parsed.data.error;
    return new ApiError({ status, code, message, fields });
  }
  return new ApiError({
    status,
    code: CODE_FOR_STATUS[status] ?? ErrorCode.UNKNOWN_ERROR,
    message: messageForStatus(status),
  });
}

async function send(
  url: string,
  schema: z.ZodMiniType,
  { method = 'GET', body, signal, envelope: enveloped = true }: RequestOptions,
  token: string | null,
): Promise<unknown> {
  const headers = new Headers({ Accept: 'application/json' });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const init: RequestInit = { method, headers, credentials: 'include' };
  if (body !== undefined) init.body = JSON.stringify(body);
  if (signal) init.signal = signal;

  let response: Response;
  let text: string;
  try {
    response = await fetch(url, init);
    if (!response.ok) throw await errorFromResponse(response);
    text = await response.text();
  } catch (error) {
    if (error instanceof ApiError || isAbort(error, signal)) throw error;
    throw clientError('CONNECTION_ERROR', error);
  }

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw clientError('INVALID_RESPONSE', error);
  }
  if (!enveloped) {
    const bare = schema.safeParse(json);
    if (!bare.success) throw clientError('INVALID_RESPONSE', bare.error);
    return bare.data;
  }
  const parsed = envelope(schema).safeParse(json);
  if (!parsed.success) throw clientError('INVALID_RESPONSE', parsed.error);
  return parsed.data.data;
}

/** A JSON client that speaks the `{data}` / `{error}` envelope and the error catalogue. */
export function createApiClient({
  baseUrl,
  getToken = getStoredToken,
}: ApiClientOptions = {}): ApiClient {
  async function request<S extends z.ZodMiniType>(
    path: string,
    schema: S,
    options: RequestOptions = {},
  ): Promise<z.output<S>> {
    try {
      // Resolved per call: the page origin is only known in the browser.
      const url = new URL(path, baseUrl ?? window.location.origin).toString();
      return (await send(url, schema, options, getToken())) as z.output<S>;
    } catch (error) {
      if (error instanceof ApiError || isAbort(error, options.signal)) throw error;
      throw clientError('UNKNOWN_ERROR', error);
    }
  }

  return {
    request,
    get: (path, schema, options) => request(path, schema, { ...options, method: 'GET' }),
    post: (path, schema, body, options) =>
      request(path, schema, { ...options, method: 'POST', body }),
  };
}

/** The client the app uses: same origin, token from localStorage. */
export const api = createApiClient();

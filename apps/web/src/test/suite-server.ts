import { afterAll, afterEach, beforeAll } from 'vitest';
import { forgetQueryClients } from '../app/query-client-for-user.ts';
import { forgetSignInMethods } from '../features/auth/components/use-google-sign-in.ts';
import {
  type Handler,
  type RecordedRequest,
  sendRaw,
  setPageOrigin,
  startTestServer,
  type TestServer,
} from './test-server.ts';

/** The test server of one test file; usable from its hooks and tests, once it has started. */
export interface SuiteServer {
  readonly url: string;
  /** What the page sent during the current test. */
  readonly requests: RecordedRequest[];
  /** Replaces the handler until the end of the current test. */
  handle(handler: Handler): void;
}

/**
 * Serves a test file's API: starts a real HTTP server before its first test and points the page
 * at it, closes it after the last. After each test the recorded requests are dropped, `handler`
 * answers again and the app's query cache and its answer on sign-in methods are forgotten, so
 * that every test starts from the same place. Call it at the top level of the file.
 */
export function suiteServer(
  handler: Handler = (_request, response) => sendRaw(response, 404),
): SuiteServer {
  let server: TestServer | undefined;
  const started = (): TestServer => {
    if (!server) throw new Error('The test server starts before the first test of the file.');
    return server;
  };

  beforeAll(async () => {
    server = await startTestServer(handler);
    setPageOrigin(server.url);
  });
  afterAll(() => server?.close());
  afterEach(() => {
    const current = started();
    current.requests.length = 0;
    current.handle(handler);
    forgetQueryClients();
    forgetSignInMethods();
  });

  return {
    get url() {
      return started().url;
    },
    get requests() {
      return started().requests;
    },
    handle: (next) => started().handle(next),
  };
}

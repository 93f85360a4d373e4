import { describe, expect, it } from 'vitest';
import { suiteServer } from '#web/test/suite-server.ts';
import { sampleUser, sendJson, sendRaw } from '#web/test/test-server.ts';
import { fetchMeWithRetry } from './me.ts';

const server = suiteServer();

describe('fetchMeWithRetry', () => {
  it('tries again after a server error and returns the user', async () => {
    let calls = 0;
    server.handle((_req, res) => {
      calls += 1;
      if (calls < 3) return sendRaw(res, 503);
      sendJson(res, 200, { data: { user: sampleUser } });
    });
    await expect(
      fetchMeWithRetry(new AbortController().signal, { retryDelayMs: 1 }),
    ).resolves.toEqual(sampleUser);
    expect(calls).toBe(3);
  });

  it('gives up at once on a 401', async () => {
    server.handle((_req, res) =>
      sendJson(res, 401, { error: { message: 'Session expired.', code: 'INVALID_TOKEN' } }),
    );
    await expect(
      fetchMeWithRetry(new AbortController().signal, { retryDelayMs: 1 }),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(server.requests).toHaveLength(1);
  });

  it('gives up after three retries', async () => {
    server.handle((_req, res) => sendRaw(res, 500));
    await expect(
      fetchMeWithRetry(new AbortController().signal, { retryDelayMs: 1 }),
    ).rejects.toMatchObject({
      status: 500,
    });
    expect(server.requests).toHaveLength(4);
  });
});

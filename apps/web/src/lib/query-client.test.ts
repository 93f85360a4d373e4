import { QUERY_GC_TIME_MS, QUERY_STALE_TIME_MS } from '@spoke/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api/api-error.ts';
import { createQueryClient, retryQuery } from './query-client.ts';

const answer = (status: number) =>
  new ApiError({ status, code: 'X', message: `failed with ${status}` });
const noAnswer = () => new ApiError({ code: 'CONNECTION_ERROR', message: 'offline' });

async function attemptsUntilGivingUp(error: ApiError): Promise<number> {
  const queryClient = createQueryClient();
  let attempts = 0;
  await queryClient
    .fetchQuery({
      queryKey: ['attempts'],
      queryFn: () => {
        attempts += 1;
        throw error;
      },
      retryDelay: 0,
    })
    .catch(() => undefined);
  return attempts;
}

describe('query client', () => {
  it('uses the seed cache times', () => {
    const { queries } = createQueryClient().getDefaultOptions();
    expect(queries?.staleTime).toBe(QUERY_STALE_TIME_MS);
    expect(queries?.gcTime).toBe(QUERY_GC_TIME_MS);
  });

  it.each([400, 401, 403, 404, 409, 422, 429, 499])('never retries a %i', (status) => {
    expect(retryQuery(0, answer(status))).toBe(false);
  });

  it.each([500, 502, 503])('retries a %i up to three times', (status) => {
    expect([0, 1, 2, 3].map((count) => retryQuery(count, answer(status)))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('retries a failure without an answer, and errors that are not ApiErrors', () => {
    expect(retryQuery(0, noAnswer())).toBe(true);
    expect(retryQuery(2, new TypeError('boom'))).toBe(true);
    expect(retryQuery(3, noAnswer())).toBe(false);
  });

  it('runs a query once for a 4xx and four times for a 5xx', async () => {
    expect(await attemptsUntilGivingUp(answer(404))).toBe(1);
    expect(await attemptsUntilGivingUp(answer(503))).toBe(4);
  });
});

import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { ConcurrencyGate } from './concurrency-gate.ts';

/** Work that ends when the test says so. */
function held<T>(value: T) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { work: async () => (await done, value), release };
}

/** Lets pending promise callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('ConcurrencyGate', () => {
  it('runs so many at once, queues so many, and refuses the rest with 429 and Retry-After', async () => {
    const gate = new ConcurrencyGate({ concurrency: 2, queue: 1, maxWaitMs: 60_000 });
    const a = held('a');
    const b = held('b');
    const c = held('c');
    const started: string[] = [];
    const run = (name: string, w: () => Promise<string>) =>
      gate.run(() => (started.push(name), w()));
    const ra = run('a', a.work);
    const rb = run('b', b.work);
    const rc = run('c', c.work);
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect(gate.load).toEqual({ running: 2, waiting: 1 });

    const refused = await refusal(gate.run(async () => 'd'));
    expect(refused.status).toBe(429);
    expect(refused.code).toBe('RATE_LIMITED');
    expect(refused.message).toBe('Too many requests. Please wait a moment and try again.');
    expect(refused.retryAfterSec).toBeGreaterThanOrEqual(1);

    a.release();
    expect(await ra).toBe('a');
    // The freed turn went to the one waiting, in order of arrival.
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    b.release();
    c.release();
    expect([await rb, await rc]).toEqual(['b', 'c']);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses work that waited longer than allowed, and frees its place', async () => {
    const gate = new ConcurrencyGate({ concurrency: 1, queue: 5, maxWaitMs: 20 });
    const a = held('a');
    const ra = gate.run(a.work);
    const waited = await refusal(gate.run(async () => 'late'));
    expect(waited.status).toBe(429);
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    a.release();
    await ra;
    expect(await gate.run(async () => 'next')).toBe('next');
  });

  it('refuses at once work that could not get its turn in time, judged by the work before', async () => {
    const gate = new ConcurrencyGate({ concurrency: 1, queue: 5, maxWaitMs: 50 });
    const slow = held('slow');
    const ran = gate.run(slow.work);
    await new Promise((resolve) => setTimeout(resolve, 60));
    slow.release();
    await ran;
    // One operation took longer than anyone may wait: the next one waiting would wait as long.
    const busy = held('busy');
    const running = gate.run(busy.work);
    let refused = false;
    const asked = refusal(
      gate
        .run(async () => 'never')
        .catch((err: unknown) => {
          refused = true;
          throw err;
        }),
    );
    // Before any timer could fire: it was never queued.
    await settle();
    expect(refused).toBe(true);
    expect((await asked).status).toBe(429);
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    busy.release();
    await running;
  });

  it('gives the turn back when the work fails', async () => {
    const gate = new ConcurrencyGate({ concurrency: 1, queue: 0, maxWaitMs: 1000 });
    await expect(
      gate.run(async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
    expect(await gate.run(async () => 'ok')).toBe('ok');
  });

  it('with no queue, refuses at once while every turn is taken', async () => {
    const gate = new ConcurrencyGate({ concurrency: 1, queue: 0, maxWaitMs: 1000 });
    const a = held('a');
    const ra = gate.run(a.work);
    expect((await refusal(gate.run(async () => 'b'))).status).toBe(429);
    a.release();
    await ra;
  });
});

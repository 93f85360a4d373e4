import { afterEach, describe, expect, it } from 'vitest';
import {
  KillableWorkerPool,
  WorkBusyError,
  WorkError,
  WorkerFailedError,
  WorkTimeoutError,
} from './killable-worker.ts';

const pools: KillableWorkerPool<unknown, unknown>[] = [];
function pool(size = 1, maxQueue = 4) {
  const created = new KillableWorkerPool<unknown, unknown>({
    script: new URL('./test-worker.ts', import.meta.url),
    size,
    maxQueue,
    maxWaitMs: 20_000,
    startTimeoutMs: 20_000,
    resourceLimits: { maxOldGenerationSizeMb: 64 },
  });
  pools.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('a pool of killable workers', () => {
  it('answers work and passes the work’s own errors on', async () => {
    const p = pool();
    expect(await p.run({ do: 'echo', value: [1, 'two'] }, 5000)).toMatchObject({
      value: [1, 'two'],
    });
    const failed = await p.run({ do: 'fail', message: 'no such thing' }, 5000).catch((e) => e);
    expect(failed).toBeInstanceOf(WorkError);
    expect(failed).toMatchObject({ message: 'no such thing', code: 'custom' });
    expect(p.started).toBe(1);
  }, 30_000);

  it('terminates a worker that overruns and serves the next work on a new one', async () => {
    const p = pool();
    await p.run({ do: 'echo', value: 1 }, 5000);
    await expect(p.run({ do: 'spin' }, 300)).rejects.toBeInstanceOf(WorkTimeoutError);
    expect(await p.run({ do: 'echo', value: 2 }, 5000)).toMatchObject({ value: 2 });
    expect(p.started).toBe(2);
  }, 30_000);

  it('survives a worker that exits or runs out of memory', async () => {
    const p = pool();
    await expect(p.run({ do: 'exit' }, 5000)).rejects.toBeInstanceOf(WorkerFailedError);
    const hog = await p.run({ do: 'hog' }, 20_000).catch((e: Error) => e);
    expect(hog).toBeInstanceOf(WorkerFailedError);
    expect((hog as Error).message).toMatch(/out of memory|stopped/);
    expect(await p.run({ do: 'echo', value: 3 }, 5000)).toMatchObject({ value: 3 });
  }, 60_000);

  it('queues work up to its limit and refuses the rest at once', async () => {
    const p = pool(1, 2);
    const spinning = p.run({ do: 'spin' }, 1500).catch((e: Error) => e);
    const queued = [
      p.run({ do: 'echo', value: 'a' }, 5000),
      p.run({ do: 'echo', value: 'b' }, 5000),
    ];
    await expect(p.run({ do: 'echo', value: 'c' }, 5000)).rejects.toBeInstanceOf(WorkBusyError);
    expect(await spinning).toBeInstanceOf(WorkTimeoutError);
    expect(await Promise.all(queued)).toMatchObject([{ value: 'a' }, { value: 'b' }]);
  }, 30_000);

  it('never runs keyed work on a worker that served another key', async () => {
    const p = pool(1);
    const first = (await p.run({ do: 'echo', value: 'x' }, 5000, 'agent-a')) as { value: string };
    expect(first.value).toBe('x');
    const startedBefore = p.started;
    await p.run({ do: 'echo', value: 'y' }, 5000, 'agent-a');
    expect(p.started).toBe(startedBefore);
    // Another key: the idle worker of agent-a is ended and a new one started.
    await p.run({ do: 'echo', value: 'z' }, 5000, 'agent-b');
    expect(p.started).toBe(startedBefore + 1);
    await p.run({ do: 'echo', value: 'w' }, 5000, 'agent-a');
    expect(p.started).toBe(startedBefore + 2);
  }, 30_000);
});

import { describe, expect, it } from 'vitest';
import { SingleFlight } from './single-flight.ts';

function deferred() {
  let resolve!: (value: string) => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('SingleFlight', () => {
  it('shares one load among callers of the same key and generation', async () => {
    const flights = new SingleFlight<string>();
    const pending = deferred();
    let loads = 0;
    const load = () => {
      loads++;
      return pending.promise;
    };
    const together = [flights.run('a', 0, load), flights.run('a', 0, load)];
    const other = flights.run('b', 0, async () => 'b');
    pending.resolve('a');
    expect(await Promise.all([...together, other])).toEqual(['a', 'a', 'b']);
    expect(loads).toBe(1);
    expect(flights.size).toBe(0);
    // Once landed, the next caller loads anew.
    expect(await flights.run('a', 0, async () => 'again')).toBe('again');
  });

  it('does not share a load begun before a change', async () => {
    const flights = new SingleFlight<string>();
    const before = deferred();
    const first = flights.run('a', 0, () => before.promise);
    const second = flights.run('a', 1, async () => 'after');
    before.resolve('before');
    expect(await Promise.all([first, second])).toEqual(['before', 'after']);
    expect(flights.size).toBe(0);
  });

  it('lets every caller see a failure, and forgets it', async () => {
    const flights = new SingleFlight<string>();
    const pending = deferred();
    const callers = [
      flights.run('a', 0, () => pending.promise),
      flights.run('a', 0, () => pending.promise),
    ];
    pending.reject(new Error('down'));
    for (const caller of callers) await expect(caller).rejects.toThrow('down');
    expect(flights.size).toBe(0);
    expect(await flights.run('a', 0, async () => 'up')).toBe('up');
  });
});

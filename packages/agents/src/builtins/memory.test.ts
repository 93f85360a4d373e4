import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InMemoryKeyValueStore, inMemoryKeyValueStores } from './memory-kv.ts';
import { connect, dataOf, testContext, textOf } from './test-support.ts';
import { MEMORY_LIMITS } from './types.ts';

describe('memory tools', () => {
  let kv: InMemoryKeyValueStore;
  let mcp: Awaited<ReturnType<typeof connect>>;

  beforeEach(async () => {
    kv = new InMemoryKeyValueStore();
    mcp = await connect('memory', testContext({ kv }).ctx);
  });
  afterEach(async () => mcp.close());

  it('stores, reads, lists and deletes JSON values', async () => {
    const value = { name: 'Ana', tags: ['vip'], score: 9.5, active: true, note: null };
    expect(dataOf(await mcp.call('memory_set', { key: 'customer:1', value }))).toMatchObject({
      key: 'customer:1',
      stored: true,
    });
    await mcp.call('memory_set', { key: 'customer:2', value: 'Bo' });
    await mcp.call('memory_set', { key: 'last_run', value: 1741082400 });

    const got = await mcp.call('memory_get', { key: 'customer:1' });
    expect(dataOf(got)).toEqual({ key: 'customer:1', found: true, value });
    expect(textOf(got)).toContain('"tags": [');

    expect(dataOf(await mcp.call('memory_list'))).toEqual({
      keys: ['customer:1', 'customer:2', 'last_run'],
      count: 3,
      truncated: false,
    });
    expect(dataOf(await mcp.call('memory_list', { prefix: 'customer:', limit: 1 }))).toEqual({
      keys: ['customer:1'],
      count: 1,
      truncated: true,
    });

    await mcp.call('memory_set', { key: 'customer:2', value: { replaced: true } });
    expect(await kv.get('customer:2')).toEqual({ replaced: true });

    expect(dataOf(await mcp.call('memory_delete', { key: 'customer:2' }))).toEqual({
      key: 'customer:2',
      deleted: true,
    });
    expect(dataOf(await mcp.call('memory_delete', { key: 'customer:2' }))).toMatchObject({
      deleted: false,
    });
    const missing = await mcp.call('memory_get', { key: 'customer:2' });
    expect(missing.isError).toBeFalsy();
    expect(dataOf(missing)).toEqual({ key: 'customer:2', found: false, value: null });
  });

  it('enforces the key and value limits', async () => {
    const longKey = await mcp.call('memory_set', { key: 'k'.repeat(201), value: 1 });
    expect(longKey.isError).toBe(true);
    expect(textOf(longKey)).toBe('the key is 201 characters; the limit is 200');
    const empty = await mcp.call('memory_get', { key: '' });
    expect(textOf(empty)).toBe('the key is empty');
    const control = await mcp.call('memory_set', { key: 'a\nb', value: 1 });
    expect(textOf(control)).toBe('the key contains control characters');
    const big = await mcp.call('memory_set', {
      key: 'big',
      value: 'x'.repeat(MEMORY_LIMITS.maxValueBytes),
    });
    expect(textOf(big)).toBe(
      `the value is ${MEMORY_LIMITS.maxValueBytes + 2} bytes of JSON; the limit is 65536 bytes`,
    );
    const noValue = await mcp.call('memory_set', { key: 'k' });
    expect(noValue.isError).toBe(true);
    expect(textOf(noValue)).toContain('give a value');
    expect(await kv.list()).toEqual([]);
  });

  it('refuses a new key when the agent holds 1000, and still replaces existing ones', async () => {
    for (let i = 0; i < MEMORY_LIMITS.maxKeys; i++)
      await kv.set(`k${String(i).padStart(4, '0')}`, i);
    const full = await mcp.call('memory_set', { key: 'one-more', value: 1 });
    expect(full.isError).toBe(true);
    expect(textOf(full)).toBe(
      'memory: memory is full (1000 keys); delete keys you no longer need first',
    );
    expect(dataOf(await mcp.call('memory_set', { key: 'k0000', value: 'new' }))).toMatchObject({
      stored: true,
    });
    expect(dataOf(await mcp.call('memory_list', { limit: 1000 }))).toMatchObject({
      count: 1000,
      truncated: false,
    });
  });

  it('reports a failing store as a tool error', async () => {
    const broken = testContext({
      kv: {
        get: () => Promise.reject(new Error('connection lost')),
        set: () => Promise.reject(new Error('connection lost')),
        delete: () => Promise.reject(new Error('connection lost')),
        list: () => Promise.reject(new Error('connection lost')),
      },
    });
    const other = await connect('memory', broken.ctx);
    const result = await other.call('memory_get', { key: 'a' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('memory: connection lost');
    await other.close();
  });
});

describe('InMemoryKeyValueStore', () => {
  it('keeps copies, sorts keys and applies its limits', async () => {
    const store = new InMemoryKeyValueStore({ maxKeys: 2, maxValueBytes: 10 });
    const value = { a: 1 };
    await store.set('b', value);
    value.a = 2;
    expect(await store.get('b')).toEqual({ a: 1 });
    await store.set('a', 'x');
    expect(await store.list()).toEqual(['a', 'b']);
    await expect(store.set('c', 1)).rejects.toThrow('memory is full (2 keys)');
    await expect(store.set('a', 'x'.repeat(20))).rejects.toThrow(
      'the value is 22 bytes of JSON; the limit is 10',
    );
    await expect(store.set('a', undefined)).rejects.toThrow('the value is not JSON');
    expect(await store.get('missing')).toBeUndefined();
  });

  it('gives each agent its own store', async () => {
    const forAgent = inMemoryKeyValueStores();
    await forAgent('agent-1').set('k', 1);
    expect(await forAgent('agent-1').get('k')).toBe(1);
    expect(await forAgent('agent-2').get('k')).toBeUndefined();
  });
});

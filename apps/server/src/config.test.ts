import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('load settings', () => {
  it('have defaults', () => {
    const config = loadConfig({});
    expect(config.passwordHashing).toEqual({
      concurrency: Math.max(1, Math.min(3, availableParallelism())),
      queue: 32,
      maxWaitMs: 5000,
    });
    expect(config.registryCacheMs).toBe(5000);
    expect(config.agentListCacheMs).toBe(60_000);
    const shared = loadConfig({ DATABASE_URL: 'postgres://localhost/spoke' });
    expect(shared.agentListCacheMs).toBe(1000);
  });

  it('are read from the environment, an empty value meaning the default', () => {
    const config = loadConfig({
      PASSWORD_HASH_CONCURRENCY: '6',
      PASSWORD_HASH_QUEUE: '0',
      PASSWORD_HASH_MAX_WAIT_MS: '500',
      REGISTRY_CACHE_MS: '0',
      AGENT_LIST_CACHE_MS: '0',
    });
    expect(config.passwordHashing).toEqual({ concurrency: 6, queue: 0, maxWaitMs: 500 });
    expect(config.registryCacheMs).toBe(0);
    expect(config.agentListCacheMs).toBe(0);
    expect(loadConfig({ PASSWORD_HASH_CONCURRENCY: '' }).passwordHashing.concurrency).toBe(
      loadConfig({}).passwordHashing.concurrency,
    );
  });

  it('refuse values that cannot work, naming them', () => {
    for (const [name, value] of [
      ['PASSWORD_HASH_CONCURRENCY', '0'],
      ['PASSWORD_HASH_CONCURRENCY', 'many'],
      ['PASSWORD_HASH_QUEUE', '-1'],
      ['PASSWORD_HASH_MAX_WAIT_MS', '0'],
      ['REGISTRY_CACHE_MS', '1.5'],
      ['AGENT_LIST_CACHE_MS', '-5'],
    ] as const) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(
        new RegExp(`Invalid environment:[\\s\\S]*${name}`),
      );
    }
  });
});

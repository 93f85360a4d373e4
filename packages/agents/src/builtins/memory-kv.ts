import { MEMORY_LIMITS, type KeyValueStore } from './types.ts';

type Limits = { maxKeyLength: number; maxValueBytes: number; maxKeys: number };

/** Why a key cannot be stored, or null when it can. */
export function keyProblem(key: string, maxKeyLength: number = MEMORY_LIMITS.maxKeyLength) {
  if (key.length === 0) return 'the key is empty';
  if (key.length > maxKeyLength) {
    return `the key is ${key.length} characters; the limit is ${maxKeyLength}`;
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key)) return 'the key contains control characters';
  return null;
}

/**
 * One agent's key-value memory held in this process, with the platform's limits. Values are
 * kept as JSON text, so what comes back is a copy of what went in.
 */
export class InMemoryKeyValueStore implements KeyValueStore {
  readonly #entries = new Map<string, string>();
  readonly #limits: Limits;

  constructor(limits: Partial<Limits> = {}) {
    this.#limits = { ...MEMORY_LIMITS, ...limits };
  }

  async get(key: string): Promise<unknown> {
    const json = this.#entries.get(key);
    return json === undefined ? undefined : (JSON.parse(json) as unknown);
  }

  async set(key: string, value: unknown): Promise<void> {
    const problem = keyProblem(key, this.#limits.maxKeyLength);
    if (problem) throw new Error(problem);
    const json = JSON.stringify(value);
    if (json === undefined) throw new Error('the value is not JSON');
    const bytes = Buffer.byteLength(json);
    if (bytes > this.#limits.maxValueBytes) {
      throw new Error(
        `the value is ${bytes} bytes of JSON; the limit is ${this.#limits.maxValueBytes}`,
      );
    }
    if (!this.#entries.has(key) && this.#entries.size >= this.#limits.maxKeys) {
      throw new Error(
        `memory is full (${this.#limits.maxKeys} keys); delete keys you no longer need first`,
      );
    }
    this.#entries.set(key, json);
  }

  async delete(key: string): Promise<boolean> {
    return this.#entries.delete(key);
  }

  async list(prefix = '', limit: number = this.#limits.maxKeys): Promise<string[]> {
    return [...this.#entries.keys()]
      .filter((key) => key.startsWith(prefix))
      .sort()
      .slice(0, Math.max(0, limit));
  }
}

/** One {@link InMemoryKeyValueStore} per agent id, created on first use. */
export function inMemoryKeyValueStores(
  limits: Partial<Limits> = {},
): (agentId: string) => KeyValueStore {
  const stores = new Map<string, InMemoryKeyValueStore>();
  return (agentId) => {
    let store = stores.get(agentId);
    if (!store) {
      store = new InMemoryKeyValueStore(limits);
      stores.set(agentId, store);
    }
    return store;
  };
}

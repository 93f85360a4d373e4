import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const EXAMPLE = path.resolve(import.meta.dirname, '../../../.env.example');

/** The variables `loadConfig` reads from an environment that holds `given`. */
function variablesRead(given: Record<string, string>): Set<string> {
  const read = new Set<string>();
  const note = (key: string | symbol) => {
    if (typeof key === 'string' && /^[A-Z][A-Z0-9_]*$/.test(key)) read.add(key);
  };
  const env = new Proxy(given, {
    get: (target, key) => {
      note(key);
      return Reflect.get(target, key);
    },
    has: (target, key) => {
      note(key);
      return Reflect.has(target, key);
    },
  });
  try {
    loadConfig(env);
  } catch {
    // A half model configuration is refused, after its variables were read.
  }
  return read;
}

describe('.env.example', () => {
  it('lists every environment variable the server reads', () => {
    const listed = new Set(
      [...readFileSync(EXAMPLE, 'utf8').matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!),
    );
    const read = new Set([
      ...variablesRead({}),
      // The model's key variables are read only once a provider is chosen.
      ...variablesRead({ LLM_PROVIDER: 'openai' }),
      ...variablesRead({ LLM_PROVIDER: 'anthropic' }),
    ]);
    expect(read).toContain('PORT');
    expect(read).toContain('OPENAI_API_KEY');
    expect(read).toContain('ANTHROPIC_API_KEY');
    expect([...read].filter((name) => !listed.has(name)).sort()).toEqual([]);
  });
});

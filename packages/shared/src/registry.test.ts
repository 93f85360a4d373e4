import { describe, expect, it } from 'vitest';
import { RegistryListQuerySchema } from './registry.ts';

describe('RegistryListQuerySchema', () => {
  it('takes updated_since from year 1 on, with or without an offset', () => {
    for (const ok of [
      '2026-01-01T00:00:00Z',
      '0001-01-01T00:00:00Z',
      '2026-01-01T00:00:00+02:00',
    ]) {
      expect(RegistryListQuerySchema.safeParse({ updated_since: ok }).success, ok).toBe(true);
    }
  });

  it('refuses a time in year 0, which no database date can hold', () => {
    for (const bad of ['0000-01-01T00:00:00Z', '0001-01-01T00:30:00+01:00']) {
      expect(RegistryListQuerySchema.safeParse({ updated_since: bad }).success, bad).toBe(false);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { isUuid } from './uuid.ts';

describe('isUuid', () => {
  it('accepts UUIDs of any version and case', () => {
    expect(isUuid(crypto.randomUUID())).toBe(true);
    expect(isUuid('0190F2A4-7C1B-7D4E-9A3B-2C1D0E9F8A7B')).toBe(true);
    expect(isUuid('00000000-0000-0000-0000-000000000000')).toBe(true);
  });

  it('refuses anything else', () => {
    for (const value of [
      '',
      'not-a-uuid',
      '0190f2a4-7c1b-7d4e-9a3b-2c1d0e9f8a7',
      '0190f2a4-7c1b-7d4e-9a3b-2c1d0e9f8a7bc',
      '0190f2a47c1b7d4e9a3b2c1d0e9f8a7b',
      ' 0190f2a4-7c1b-7d4e-9a3b-2c1d0e9f8a7b',
      '0190f2a4-7c1b-7d4e-9a3b-2c1d0e9f8a7g',
    ]) {
      expect(isUuid(value), value).toBe(false);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { lookupTable } from './lookup-table.ts';

describe('lookupTable', () => {
  it('finds its own entries and nothing of Object’s', () => {
    const table = lookupTable({ day: 'one', week: 'seven' });
    expect(table.day).toBe('one');
    for (const key of [...Object.getOwnPropertyNames(Object.prototype), 'prototype']) {
      expect(table[key]).toBeUndefined();
      expect(key in table).toBe(false);
    }
    table.__proto__ = 'set';
    expect(Object.getPrototypeOf(table)).toBeNull();
    expect(table.__proto__).toBe('set');
  });
});

import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor.ts';

const ID = '0b6f3c2e-7d41-4a8e-9f15-6c3a2d8e4b71';
const raw = (text: string) => Buffer.from(text).toString('base64url');

describe('decodeCursor', () => {
  it('reads back what encodeCursor wrote', () => {
    const row = { createdAt: new Date('2026-11-21T09:02:11.418Z'), id: ID };
    expect(decodeCursor(encodeCursor(row))).toEqual(row);
  });

  it('refuses times PostgreSQL cannot read, and any other way of writing one', () => {
    for (const at of [
      '+275760-09-13T00:00:00.000Z',
      '0000-01-01T00:00:00.000Z',
      '-000001-01-01T00:00:00.000Z',
      '1',
      '2026-11-21',
      'Sat Nov 21 2026',
      '2026-11-21T09:02:11Z',
    ]) {
      expect(decodeCursor(raw(`${at}|${ID}`)), at).toBeUndefined();
    }
    expect(decodeCursor(raw(`2026-11-21T09:02:11.418Z|not-an-id`))).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './portfolio.paging.ts';

const crafted = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

describe('list cursors', () => {
  it('round-trips a real cursor', () => {
    const key = { createdAt: '2025-03-05T10:00:00.000000Z', position: 42 };
    expect(decodeCursor(encodeCursor(key))).toEqual(key);
  });

  it.each([
    ['year 0000', ['0000-01-01T00:00:00.000000Z', 1]],
    ['30 February', ['2026-02-30T00:00:00.000000Z', 1]],
    ['year 9999', ['9999-12-31T00:00:00.000000Z', 1]],
    ['a position past exact integers', ['2025-03-05T10:00:00.000000Z', 1e20]],
    ['a negative position', ['2025-03-05T10:00:00.000000Z', -1]],
  ])('refuses a made-up cursor with %s as "Invalid cursor" (PostgreSQL would refuse the time)', (_name, value) => {
    expect(() => decodeCursor(crafted(value))).toThrow('Invalid cursor');
  });
});

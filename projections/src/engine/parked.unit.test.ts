import { describe, expect, it } from 'vitest';
import { isParkable } from './parked.ts';

const withCode = (code: string) => Object.assign(new Error('failed'), { code });

describe('isParkable', () => {
  it('parks errors about the event or the projector code', () => {
    expect(isParkable(withCode('22008'))).toBe(true); // date/time field value out of range
    expect(isParkable(withCode('22003'))).toBe(true); // numeric value out of range
    expect(isParkable(withCode('22001'))).toBe(true); // string too long
    expect(isParkable(withCode('23505'))).toBe(true); // unique violation
    expect(isParkable(withCode('42703'))).toBe(true); // undefined column
    expect(isParkable(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(true);
  });

  it('never parks what the database state explains: connections, deadlocks, lock timeouts, shutdown', () => {
    for (const code of ['08006', '08003', '40001', '40P01', '53300', '55P03', '57P01', '57014', '58000', 'XX000']) {
      expect(isParkable(withCode(code)), code).toBe(false);
    }
    expect(isParkable(withCode('ECONNRESET'))).toBe(false);
    expect(isParkable(withCode('CONNECTION_CLOSED'))).toBe(false);
    expect(isParkable(Object.assign(new Error('read ECONNRESET'), { errno: -104, syscall: 'read' }))).toBe(false);
    expect(isParkable('not an error')).toBe(false);
  });
});

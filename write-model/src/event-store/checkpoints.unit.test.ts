import { describe, expect, it } from 'vitest';
import { compareCheckpoints } from './types.ts';

describe('compareCheckpoints', () => {
  it('orders by transaction id as a number, then by position, without parsing where the text says it', () => {
    const ids = ['0', '1', '9', '10', '99', '100', '18446744073709551615', '18446744073709551616', '007', '0010', '2', '20'];
    for (const a of ids) {
      for (const b of ids) {
        const expected = Math.sign(Number(BigInt(a) - BigInt(b)));
        expect(Math.sign(compareCheckpoints({ txId: a, globalPosition: 5 }, { txId: b, globalPosition: 5 })), `${a} vs ${b}`).toBe(
          expected,
        );
      }
    }
    expect(compareCheckpoints({ txId: '12', globalPosition: 3 }, { txId: '12', globalPosition: 7 })).toBeLessThan(0);
    expect(compareCheckpoints({ txId: '13', globalPosition: 3 }, { txId: '12', globalPosition: 7 })).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from 'vitest';
import { isUnpaidCode, UNPAID_CODE_LIST, UNPAID_CODES } from './unpaid-codes.ts';

describe('UNPAID_CODES', () => {
  it('suspends the mandate on 12, 26 and 60, flags 18 as deceased and counts 30–36 as disputes', () => {
    const byEffect = (effect: string | null) => UNPAID_CODE_LIST.filter((c) => UNPAID_CODES[c].effect === effect);
    expect(byEffect('suspend_mandate')).toEqual(['12', '26', '60']);
    expect(byEffect('deceased')).toEqual(['18']);
    expect(byEffect('dispute')).toEqual(['30', '32', '34', '36']);
    expect(byEffect(null)).toEqual(['02', '03', '04', '06', '08', '10', '14', '16', '22', '28', '56']);
  });

  it('gives each code its meaning', () => {
    expect(UNPAID_CODES['02'].meaning).toBe('Not provided for (insufficient funds)');
    expect(UNPAID_CODES['18'].meaning).toBe('Account holder deceased');
    expect(UNPAID_CODES['60'].meaning).toBe('Mandate blocked after consecutive unpaids');
    expect(Object.keys(UNPAID_CODES).sort()).toEqual([...UNPAID_CODE_LIST]);
  });

  it('knows only the listed codes', () => {
    expect(isUnpaidCode('02')).toBe(true);
    expect(isUnpaidCode('2')).toBe(false);
    expect(isUnpaidCode('99')).toBe(false);
    expect(isUnpaidCode('toString')).toBe(false);
  });
});

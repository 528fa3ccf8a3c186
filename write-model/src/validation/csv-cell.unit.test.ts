import { describe, expect, it } from 'vitest';
import { csvSafeCell } from './csv-cell.ts';

describe('csvSafeCell (CSV formula injection)', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","x")', `'=HYPERLINK("http://evil.example","x")`],
    ['+27 82 123 4567', `'+27 82 123 4567`],
    ['-2+3+cmd|" /C calc"!A0', `'-2+3+cmd|" /C calc"!A0`],
    ['@SUM(A1:A9)', `'@SUM(A1:A9)`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
    ['-', `'-`],
    ['-50.00abc', `'-50.00abc`],
  ])('neutralises %j', (cell, expected) => {
    expect(csvSafeCell(cell)).toBe(expected);
  });

  it('leaves plain numbers alone, negative ones included, so amounts still sum', () => {
    expect(csvSafeCell(-50)).toBe(-50);
    expect(csvSafeCell('-50.00')).toBe('-50.00');
    expect(csvSafeCell('250.50')).toBe('250.50');
    expect(csvSafeCell('0')).toBe('0');
  });

  it('leaves ordinary text alone and writes nothing for a missing value', () => {
    expect(csvSafeCell('Thandi Nkosi')).toBe('Thandi Nkosi');
    expect(csvSafeCell('a=b')).toBe('a=b');
    expect(csvSafeCell(null)).toBe('');
    expect(csvSafeCell(undefined)).toBe('');
  });
});

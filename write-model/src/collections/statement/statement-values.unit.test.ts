import { describe, expect, it } from 'vitest';
import { parseStatementAmount, parseStatementDate } from './statement-values.ts';

describe('parseStatementAmount', () => {
  it.each([
    ['150.00', 15_000],
    ['1 234.50', 123_450],
    ['1\u00a0234.50', 123_450],
    ['1,234.50', 123_450],
    ['12,345,678.9', 1_234_567_890],
    ['-150.00', -15_000],
    ['150.00-', -15_000],
    ['(150.00)', -15_000],
    ['150.00 Cr', 15_000],
    ['150.00 DR', -15_000],
    ['R 150.00', 15_000],
    ['R150', 15_000],
    ['-R 30,000.00', -3_000_000],
    ['R -30 000.00', -3_000_000],
    ['150,00', 15_000],
    ['-0.00', 0],
  ])('%s is %i cents', (text, cents) => expect(parseStatementAmount(text)).toBe(cents));
  it.each(['', 'abc', '1.234', '1,23,4.00', '-150.00 Cr', '--1', 'R', '150.00 USD', '1e5'])('%s is unreadable', (text) =>
    expect(parseStatementAmount(text)).toBeNull(),
  );
});

describe('parseStatementDate', () => {
  it('reads each format strictly', () => {
    expect(parseStatementDate('2026-11-05', 'YYYY-MM-DD')).toBe('2026-11-05');
    expect(parseStatementDate('2026/11/05', 'YYYY/MM/DD')).toBe('2026-11-05');
    expect(parseStatementDate('5/11/2026', 'DD/MM/YYYY')).toBe('2026-11-05');
    expect(parseStatementDate('05 Nov 2026', 'DD MMM YYYY')).toBe('2026-11-05');
    expect(parseStatementDate('29 feb 2028', 'DD MMM YYYY')).toBe('2028-02-29');
  });
  it('refuses another format and days the calendar has not got', () => {
    expect(parseStatementDate('2026-11-05', 'DD/MM/YYYY')).toBeNull();
    expect(parseStatementDate('11/30/2026', 'DD/MM/YYYY')).toBeNull();
    expect(parseStatementDate('29 Feb 2026', 'DD MMM YYYY')).toBeNull();
    expect(parseStatementDate('05 Noz 2026', 'DD MMM YYYY')).toBeNull();
    expect(parseStatementDate('2026-04-31', 'YYYY-MM-DD')).toBeNull();
  });
});

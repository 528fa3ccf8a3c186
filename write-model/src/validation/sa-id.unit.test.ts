import { describe, expect, it } from 'vitest';
import { luhnCheckDigit, passesLuhn } from './luhn.ts';
import { isValidSaId, saIdCitizenship, saIdDateOfBirth, saIdGender } from './sa-id.ts';

/** Independent of luhn.ts on purpose: the test must not trust the code it checks. */
function checkDigit(prefix12: string): string {
  const digits = prefix12.split('').map(Number);
  // Positions 1, 3, 5 ... (1-based) are added; positions 2, 4, 6 ... are doubled, digits summed.
  const odd = digits.filter((_, i) => i % 2 === 0).reduce((a, b) => a + b, 0);
  const evenNumber = Number(digits.filter((_, i) => i % 2 === 1).join('')) * 2;
  const even = String(evenNumber)
    .split('')
    .reduce((a, b) => a + Number(b), 0);
  return String((10 - ((odd + even) % 10)) % 10);
}
const sa = (prefix12: string) => prefix12 + checkDigit(prefix12);
const wrongDigit = (id: string) => id.slice(0, 12) + String((Number(id[12]) + 1) % 10);

describe('luhnCheckDigit', () => {
  it('gives the textbook check digits', () => {
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(luhnCheckDigit('800101500908')).toBe(7);
    expect(luhnCheckDigit('')).toBe(0);
  });
  it('agrees with the independent computation', () => {
    for (const prefix of ['800101500908', '930215012308', '000229600108', '751231499918']) {
      expect(String(luhnCheckDigit(prefix))).toBe(checkDigit(prefix));
    }
  });
  it('refuses non-digits rather than answer for garbage', () => {
    expect(() => luhnCheckDigit('12a4')).toThrow(TypeError);
  });
  it('passesLuhn checks the last digit', () => {
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
    expect(passesLuhn('7')).toBe(false);
  });
});

describe('isValidSaId', () => {
  const valid = [
    '8001015009087', // the well-known example: 1 Jan 1980, male, citizen
    sa('930215012308'), // 15 Feb 1993, female
    sa('000229600108'), // 29 Feb 2000: a leap day
    sa('751231499918'), // 31 Dec 1975
  ];

  it.each(valid)('accepts %s', (id) => {
    expect(isValidSaId(id)).toBe(true);
  });

  it.each(valid)('refuses %s with a wrong check digit', (id) => {
    expect(isValidSaId(wrongDigit(id))).toBe(false);
  });

  it.each([
    ['month 13', '801301500908'],
    ['month 00', '800001500908'],
    ['day 00', '800100500908'],
    ['31 April', '800431500908'],
    ['30 February', '800230500908'],
    ['29 February of a common year', '010229500908'],
  ])('refuses a bad date (%s) even with a correct check digit', (_, prefix) => {
    expect(isValidSaId(sa(prefix))).toBe(false);
  });

  it('refuses 12 and 14 digits, letters, spaces and non-strings', () => {
    expect(isValidSaId('800101500908')).toBe(false);
    expect(isValidSaId('80010150090870')).toBe(false);
    expect(isValidSaId('800101500908A')).toBe(false);
    expect(isValidSaId('80010150O9087')).toBe(false);
    expect(isValidSaId('800101 5009087')).toBe(false);
    expect(isValidSaId('')).toBe(false);
    expect(isValidSaId(8001015009087 as unknown as string)).toBe(false);
  });
});

describe('saIdDateOfBirth', () => {
  const today = new Date('2025-06-15T10:00:00Z');
  it('puts a date that would be in the future into the 1900s', () => {
    expect(saIdDateOfBirth('8001015009087', today)).toBe('1980-01-01');
    expect(saIdDateOfBirth(sa('250616500108'), today)).toBe('1925-06-16');
  });
  it('keeps 2000s dates up to today', () => {
    expect(saIdDateOfBirth(sa('000229600108'), today)).toBe('2000-02-29');
    expect(saIdDateOfBirth(sa('250615500108'), today)).toBe('2025-06-15');
  });
  it('gives null for an invalid ID', () => {
    expect(saIdDateOfBirth(wrongDigit('8001015009087'), today)).toBeNull();
  });
});

describe('saIdGender and saIdCitizenship', () => {
  it('reads digits 7-10 as the gender sequence', () => {
    expect(saIdGender('8001015009087')).toBe('male');
    expect(saIdGender(sa('800101499908'))).toBe('female');
    expect(saIdGender(sa('800101000008'))).toBe('female');
    expect(saIdGender(sa('800101999908'))).toBe('male');
  });
  it('reads digit 11 as citizenship', () => {
    expect(saIdCitizenship('8001015009087')).toBe('citizen');
    expect(saIdCitizenship(sa('800101500918'))).toBe('permanent_resident');
    expect(saIdCitizenship(sa('800101500928'))).toBeNull();
  });
  it('gives null for an invalid ID', () => {
    expect(saIdGender('123')).toBeNull();
    expect(saIdCitizenship('123')).toBeNull();
  });
});

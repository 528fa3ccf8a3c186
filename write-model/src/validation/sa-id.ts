import { daysInMonth, southAfricanDate } from './dates.ts';
import { passesLuhn } from './luhn.ts';

/** Web inputs cap SA ID fields at this many characters. */
export const SA_ID_LENGTH = 13;

const THIRTEEN_DIGITS = /^\d{13}$/;

/**
 * YYMMDD must be a real date. The century is unknown here, so the leap-year test uses 20YY: it
 * agrees with 19YY for every year except 00, where only 2000-02-29 exists (1900 was no leap year).
 */
function hasRealDate(id: string): boolean {
  const yy = Number(id.slice(0, 2));
  const mm = Number(id.slice(2, 4));
  const dd = Number(id.slice(4, 6));
  return dd >= 1 && dd <= daysInMonth(2000 + yy, mm);
}

/** 13 digits, a real birth date in the first six, and a valid Luhn check digit last. */
export function isValidSaId(value: string): boolean {
  return typeof value === 'string' && THIRTEEN_DIGITS.test(value) && hasRealDate(value) && passesLuhn(value);
}

/**
 * The holder's date of birth as YYYY-MM-DD, or null when the ID is not valid. The ID carries only
 * YY: a date that would lie after `today` in the 2000s belongs to the 1900s.
 */
export function saIdDateOfBirth(id: string, today: Date = new Date()): string | null {
  if (!isValidSaId(id)) return null;
  const mmdd = `${id.slice(2, 4)}-${id.slice(4, 6)}`;
  const in2000s = `20${id.slice(0, 2)}-${mmdd}`;
  // ISO dates compare correctly as strings.
  return in2000s > southAfricanDate(today) ? `19${id.slice(0, 2)}-${mmdd}` : in2000s;
}

export type SaIdGender = 'male' | 'female';

/** Digits 7–10 are a sequence number: 0000–4999 female, 5000–9999 male. Null for an invalid ID. */
export function saIdGender(id: string): SaIdGender | null {
  if (!isValidSaId(id)) return null;
  return Number(id.slice(6, 10)) >= 5000 ? 'male' : 'female';
}

export type SaIdCitizenship = 'citizen' | 'permanent_resident';

/**
 * Digit 11: 0 citizen, 1 permanent resident. Null for an invalid ID or another value (Home Affairs
 * has used 2 for refugees), which callers should treat as unknown rather than guess.
 */
export function saIdCitizenship(id: string): SaIdCitizenship | null {
  if (!isValidSaId(id)) return null;
  const digit = id.charAt(10);
  if (digit === '0') return 'citizen';
  if (digit === '1') return 'permanent_resident';
  return null;
}

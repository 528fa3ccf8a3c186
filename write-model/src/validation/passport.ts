export const PASSPORT_MIN_LENGTH = 6;

const LETTERS_AND_DIGITS = /^[A-Za-z0-9]+$/;

/** At least 6 characters, letters and digits only, surrounding whitespace ignored. */
export function isValidPassport(value: string): boolean {
  if (typeof value !== 'string') return false;
  const trimmed = value.trim();
  return trimmed.length >= PASSPORT_MIN_LENGTH && LETTERS_AND_DIGITS.test(trimmed);
}

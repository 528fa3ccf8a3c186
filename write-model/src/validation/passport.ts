export const PASSPORT_MIN_LENGTH = 6;
/** Passport numbers are 9 characters or so; 20 keeps the indexed identifier columns small. */
export const PASSPORT_MAX_LENGTH = 20;

const LETTERS_AND_DIGITS = /^[A-Za-z0-9]+$/;

/** 6 to 20 characters, letters and digits only, surrounding whitespace ignored. */
export function isValidPassport(value: string): boolean {
  if (typeof value !== 'string') return false;
  const trimmed = value.trim();
  return trimmed.length >= PASSPORT_MIN_LENGTH && trimmed.length <= PASSPORT_MAX_LENGTH && LETTERS_AND_DIGITS.test(trimmed);
}

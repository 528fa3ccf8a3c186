const DIGITS = /^\d*$/;

/**
 * The Luhn (mod 10) check digit for a run of digits: the digit that, appended, makes the whole pass.
 * SA ID numbers carry it as their 13th digit. Throws on non-digits, because a silent answer for
 * garbage would let a caller "validate" it.
 */
export function luhnCheckDigit(digits: string): number {
  if (typeof digits !== 'string' || !DIGITS.test(digits)) {
    throw new TypeError('luhnCheckDigit expects a string of digits');
  }
  let sum = 0;
  // Walking from the right, the digit beside the (still missing) check digit is the first doubled.
  let double = true;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return (10 - (sum % 10)) % 10;
}

/** True when the last digit is the Luhn check digit of the ones before it. */
export function passesLuhn(digits: string): boolean {
  if (typeof digits !== 'string' || digits.length < 2 || !DIGITS.test(digits)) return false;
  return luhnCheckDigit(digits.slice(0, -1)) === Number(digits.slice(-1));
}

/** Example formats quoted in messages, so the hint and the rule cannot drift apart. */
export const SA_PHONE_EXAMPLES = ['0821234567', '+27821234567'] as const;

// +27 or a trunk 0, then an area/network code that never starts with 0, then 8 more digits.
const SA_PHONE = /^(?:\+27|0)[1-9]\d{8}$/;

/** The number with all whitespace removed: the form the rule checks and the form that is stored. */
export function normalizeSaPhone(value: string): string {
  return typeof value === 'string' ? value.replace(/\s+/g, '') : '';
}

/** A South African number, spaces ignored: +27 or 0, a non-zero digit, then 8 more digits. */
export function isValidSaPhone(value: string): boolean {
  return SA_PHONE.test(normalizeSaPhone(value));
}

import { z } from 'zod';

// zod's check: one @, a dotted domain with a 2+ letter top level, no leading, trailing or double dots.
// Strict enough to catch typos, loose enough for plus-addressing, apostrophes and .co.za domains.
const emailCheck = z.email();

/** A plausible e-mail address (surrounding whitespace ignored; at most 254 characters, per RFC 5321). */
export function isValidEmail(value: string): boolean {
  if (typeof value !== 'string') return false;
  const trimmed = value.trim();
  return trimmed.length <= 254 && emailCheck.safeParse(trimmed).success;
}

import type { z } from 'zod';
import { luhnCheckDigit } from './luhn.ts';

/** Test-only helpers (not exported from index.ts). */

/** Every message the schema gives for the input, in order; [] when it passes. */
export function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

/** The messages at one dotted path ('' for the form itself). */
export function messagesAt(schema: z.ZodType, input: unknown, path: string): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((i) => i.path.join('.') === path).map((i) => i.message);
}

/** A valid SA ID from a 12-digit prefix (the Luhn digit itself is tested in sa-id.unit.test.ts). */
export function saId(prefix12: string): string {
  return prefix12 + String(luhnCheckDigit(prefix12));
}

export const VALID_SA_ID = '8001015009087';
export const OTHER_SA_ID = saId('930215012308');
export const BAD_SA_ID = '8001015009088';

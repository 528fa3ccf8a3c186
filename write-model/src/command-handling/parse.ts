import type { z } from 'zod';
import { ValidationError } from '../errors.ts';
import { findUnsafeText } from '../validation/unsafe-text.ts';

/**
 * Parses a command's input with its zod schema (the same schema the web form uses), so a refusal
 * carries the same words the form shows: the first message as the answer, every issue beside it.
 */
export function parseInput<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  // NUL bytes and lone surrogates pass zod but not PostgreSQL: refused here, never appended.
  const unsafe = findUnsafeText(input);
  if (unsafe) throw new ValidationError(unsafe.message, [unsafe]);
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
    message: issue.message,
  }));
  throw new ValidationError(issues[0]?.message ?? 'Invalid input', issues);
}

/*
 * Text PostgreSQL cannot store or that only exists to deceive. PostgreSQL refuses U+0000 in text and
 * jsonb, and a lone UTF-16 surrogate is not Unicode at all: either would pass zod, reach the append,
 * and fail there (a 500, or worse a poison event a projector cannot apply). So every input is
 * checked for them before any schema sees it, and the caller gets a 400 naming the field.
 */

export const NUL_CHARACTER = 'Text must not contain NUL characters';
export const INVALID_UNICODE = 'Text must be valid Unicode (a lone surrogate was found)';
export const TOO_DEEPLY_NESTED = 'The input is nested too deeply';
/** Longer than any field of ours needs (names, notes, a question); a 1 MB name is refused, not stored. */
export const MAX_TEXT_LENGTH = 20_000;
export const TEXT_TOO_LONG = `Text must be at most ${MAX_TEXT_LENGTH.toLocaleString('en-US')} characters`;

/** Deeper than any form or payload of ours nests; deeper input is refused before anything walks it. */
export const MAX_INPUT_DEPTH = 32;

export type UnsafeText = { path: (string | number)[]; message: string };

/** The largest uploaded file taken as text (a collections file: a result file, a bank statement). */
export const MAX_FILE_TEXT_LENGTH = 20 * 1024 * 1024;

/**
 * The text of a file the server read from a request body (REST), as opposed to a field someone typed:
 * it may be as long as a file may be, and is still checked for NUL and lone surrogates. Only the
 * gateway's body readers make one; a JSON body or GraphQL variable is always plain text under
 * MAX_TEXT_LENGTH.
 */
export class FileText {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** A command input field that takes a file's text: a FileText from a body reader, or a plain string. */
export const fileTextOf = (value: unknown): unknown => (value instanceof FileText ? value.text : value);

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string cannot be taken (too long, a NUL, a lone surrogate), or null. */
export function unsafeTextMessage(text: string): string | null {
  if (text.length > MAX_TEXT_LENGTH) return TEXT_TOO_LONG;
  return unstorableText(text);
}

/**
 * Walks a parsed input (JSON body, GraphQL variables, query string values) without recursion, so a
 * 10,000-deep document cannot overflow the stack, and reports the first unsafe key or value.
 */
export function findUnsafeText(input: unknown, maxDepth = MAX_INPUT_DEPTH): UnsafeText | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      const message = unsafeTextMessage(value);
      if (message) return { path, message };
      continue;
    }
    if (value instanceof FileText) {
      const message = value.text.length > MAX_FILE_TEXT_LENGTH ? FILE_TOO_LONG : unstorableText(value.text);
      if (message) return { path, message };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= maxDepth) return { path, message: TOO_DEEPLY_NESTED };
    if (value instanceof URLSearchParams) {
      for (const [key, item] of value) stack.push({ value: key, path: [...path, key] }, { value: item, path: [...path, key] });
      continue;
    }
    const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, i) => [i, item]) : Object.entries(value);
    for (const [key, item] of entries) {
      if (typeof key === 'string') {
        const message = unsafeTextMessage(key);
        if (message) return { path: [...path, key], message };
      }
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return null;
}

const FILE_TOO_LONG = `The file must be at most ${MAX_FILE_TEXT_LENGTH / 1024 / 1024} MB`;

/** A NUL or a lone surrogate: text PostgreSQL cannot store, whatever its length. */
function unstorableText(text: string): string | null {
  if (text.includes('\u0000')) return NUL_CHARACTER;
  if (LONE_SURROGATE.test(text)) return INVALID_UNICODE;
  return null;
}

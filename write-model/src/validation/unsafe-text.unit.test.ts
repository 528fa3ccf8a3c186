import { describe, expect, it } from 'vitest';
import {
  FileText,
  findUnsafeText,
  INVALID_UNICODE,
  MAX_TEXT_LENGTH,
  NUL_CHARACTER,
  TEXT_TOO_LONG,
  TOO_DEEPLY_NESTED,
} from './unsafe-text.ts';

describe('findUnsafeText', () => {
  it('accepts ordinary and tricky-but-valid text (emoji, RTL override, zero-width)', () => {
    expect(findUnsafeText({ name: 'Thandi 😀 \u202Egnp.exe \u200B', list: ['a', 1, null, true] })).toBeNull();
  });
  it('finds a NUL byte in a nested value, with its path', () => {
    expect(findUnsafeText({ member: { names: ['ok', 'bad\u0000'] } })).toEqual({ path: ['member', 'names', 1], message: NUL_CHARACTER });
  });
  it('finds lone surrogates (high alone, low alone) but not a proper pair', () => {
    expect(findUnsafeText({ a: 'x\uD800y' })?.message).toBe(INVALID_UNICODE);
    expect(findUnsafeText({ a: '\uDC00' })?.message).toBe(INVALID_UNICODE);
    expect(findUnsafeText({ a: '\uD83D\uDE00' })).toBeNull();
  });
  it('refuses text longer than the limit, not at it', () => {
    expect(findUnsafeText({ a: 'x'.repeat(MAX_TEXT_LENGTH) })).toBeNull();
    expect(findUnsafeText({ a: 'x'.repeat(MAX_TEXT_LENGTH + 1) })?.message).toBe(TEXT_TOO_LONG);
  });
  it('checks keys too', () => {
    expect(findUnsafeText({ ['k\u0000']: 1 })?.message).toBe(NUL_CHARACTER);
  });
  it('refuses a 10,000-deep document without overflowing the stack', () => {
    const deep = JSON.parse('['.repeat(10_000) + ']'.repeat(10_000));
    expect(findUnsafeText(deep)?.message).toBe(TOO_DEEPLY_NESTED);
  });
  it('walks form parameters', () => {
    expect(findUnsafeText(new URLSearchParams('a=1&b=%00'))?.message).toBe(NUL_CHARACTER);
  });
  it("lets a file's text be longer than a typed field, and still refuses what PostgreSQL cannot store in it", () => {
    const long = 'x'.repeat(MAX_TEXT_LENGTH + 1);
    expect(findUnsafeText({ content: long })).toEqual({ path: ['content'], message: TEXT_TOO_LONG });
    expect(findUnsafeText({ content: new FileText(long) })).toBeNull();
    expect(findUnsafeText({ content: new FileText(`${long}\u0000`) })).toEqual({ path: ['content'], message: NUL_CHARACTER });
  });
});

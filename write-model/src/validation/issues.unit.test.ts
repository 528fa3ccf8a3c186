import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrors, firstMessage, formatIssues } from './issues.ts';

const schema = z
  .object({ a: z.string().min(2, 'A is short'), list: z.array(z.object({ b: z.string().min(1, 'B needed') })) })
  .refine(() => false, { error: 'Whole form' });

describe('issue helpers', () => {
  const error = schema.safeParse({ a: 'x', list: [{ b: '' }, { b: 'ok' }] }).error!;

  it('formats issues as path and message', () => {
    expect(formatIssues(error)).toEqual([
      { path: ['a'], message: 'A is short' },
      { path: ['list', 0, 'b'], message: 'B needed' },
      { path: [], message: 'Whole form' },
    ]);
  });
  it('gives the first message', () => {
    expect(firstMessage(error)).toBe('A is short');
    expect(firstMessage({ issues: [] })).toBe('Invalid input');
  });
  it('gives one message per dotted path, and drops duplicates', () => {
    expect(fieldErrors(error)).toEqual({ a: 'A is short', 'list.0.b': 'B needed', '': 'Whole form' });
    const twice = {
      issues: [
        { path: ['x'], message: 'm' },
        { path: ['x'], message: 'm' },
        { path: ['x'], message: 'n' },
      ],
    };
    expect(formatIssues(twice)).toEqual([
      { path: ['x'], message: 'm' },
      { path: ['x'], message: 'n' },
    ]);
    expect(fieldErrors(twice)).toEqual({ x: 'm' });
  });
});

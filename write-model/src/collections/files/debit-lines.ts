import { ValidationError } from '../../errors.ts';
import { isIsoDate } from '../../validation/dates.ts';
import { ACCOUNT_TYPES, type DebitLine } from './debit-file.types.ts';
import { CollectionFileError } from './file-error.ts';

/** The largest amount an ACB amount field (11 digits of cents) holds: R999,999,999.99. */
export const MAX_DEBIT_CENTS = 99_999_999_999;

/** What is wrong with a debit, in a clerk's words, or null. */
export function debitLineProblem(l: DebitLine): string | null {
  if (l.mandateReference.trim() === '') return 'The mandate reference is empty.';
  if (l.accountHolder.trim() === '') return 'The account holder is empty.';
  if (!/^\d{6}$/.test(l.branchCode)) return `The branch code "${l.branchCode}" is not 6 digits.`;
  // ACB takes up to 20 digits (11 in the standard field, longer ones in the non-standard field).
  if (!/^\d{1,20}$/.test(l.accountNumber)) return `The account number "${l.accountNumber}" is not 1 to 20 digits.`;
  if (!(ACCOUNT_TYPES as readonly string[]).includes(l.accountType)) return `Unknown account type "${l.accountType}".`;
  if (!Number.isSafeInteger(l.amountCents) || l.amountCents <= 0 || l.amountCents > MAX_DEBIT_CENTS) {
    return `The amount "${l.amountCents}" is not a whole number of cents between 1 and ${MAX_DEBIT_CENTS}.`;
  }
  if (!isIsoDate(l.actionDate)) return `The action date "${l.actionDate}" is not a date (YYYY-MM-DD).`;
  if (l.userReference.trim() === '') return 'The user reference (policy number) is empty.';
  return null;
}

/**
 * Refuses a batch with a debit no bank would take. Writing (no `lineOf`): a ValidationError naming the
 * debit by its mandate reference, since the batch came from our own mandates. Reading a file back
 * (`lineOf` gives a debit's line): a CollectionFileError naming the line.
 */
export function checkDebitLines(lines: readonly DebitLine[], lineOf?: (index: number) => number): void {
  lines.forEach((l, index) => {
    const problem = debitLineProblem(l);
    if (problem === null) return;
    if (lineOf) throw new CollectionFileError(problem, lineOf(index));
    throw new ValidationError(`Debit ${index + 1} (mandate ${l.mandateReference}): ${problem}`, [
      { path: ['lines', index], message: problem },
    ]);
  });
}

export function debitTotals(lines: readonly DebitLine[]): { count: number; totalCents: number } {
  let totalCents = 0;
  for (const l of lines) totalCents += l.amountCents;
  return { count: lines.length, totalCents };
}

/**
 * Text as the ACB fields take it: uppercase ASCII (the banks' systems and many statement printers
 * know nothing else), accents stripped (É → E), anything else that is not printable ASCII dropped, runs
 * of spaces made one, cut to the field's width.
 */
export function acbText(value: string, width: number): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, width);
}

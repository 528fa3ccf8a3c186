import type { StatementColumns } from './statement-csv.ts';
import type { StatementDateFormat } from './statement-values.ts';

// Header names as the South African banks' exports write them (docs/collections-statements.md), in
// the order they are preferred: Capitec's "Posting Date" is when the money counted, not when it was sent.
const DATE = ['posting date', 'date', 'transaction date', 'value date', 'tran date'];
const DESCRIPTION = ['description', 'transaction description', 'details', 'narrative', 'description 1'];
const REFERENCE = ['reference', 'reference number', 'ref', 'customer reference', 'their reference'];
const AMOUNT = ['amount', 'transaction amount'];
const CREDIT = ['money in', 'credit', 'credits', 'credit amount', 'deposits', 'deposit'];
const DEBIT = ['money out', 'debit', 'debits', 'debit amount', 'payments', 'withdrawals'];

/** "Money In (R)", "MoneyIn(R)" and "money in" are one column name. */
const key = (header: string) =>
  header
    .toLowerCase()
    .replace(/\(r\)|\(zar\)/g, '')
    .replace(/[^a-z0-9]/g, '');

/**
 * A proposal for the mapping form, from the header row alone: the clerk confirms it (above all the
 * date format, which a header cannot show). Null when no date, description and amount columns are
 * recognised.
 */
export function guessStatementColumns(headerRow: string[]): StatementColumns | null {
  const find = (names: string[]) => {
    for (const name of names) {
      const found = headerRow.find((h) => key(h) === key(name));
      if (found !== undefined) return found;
    }
    return null;
  };
  const date = find(DATE);
  const description = find(DESCRIPTION);
  const amount = find(AMOUNT);
  const credit = amount === null ? find(CREDIT) : null;
  const debit = amount === null ? find(DEBIT) : null;
  if (date === null || description === null || (amount === null && credit === null)) return null;
  // Capitec's export (the one with Posting Date and Money In) writes ISO dates; FNB, ABSA, Nedbank and
  // Standard Bank write days first in their CSV downloads.
  const dateFormat: StatementDateFormat = key(date) === 'postingdate' ? 'YYYY-MM-DD' : 'DD/MM/YYYY';
  return { date, description, reference: find(REFERENCE), amount, credit, debit, dateFormat };
}

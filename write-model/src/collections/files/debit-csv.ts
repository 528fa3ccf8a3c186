import { csvSafeCell } from '../../validation/csv-cell.ts';
import { csvRows } from './csv-rows.ts';
import { checkDebitLines, debitTotals } from './debit-lines.ts';
import { ACCOUNT_TYPES, type AccountType, type DebitLine } from './debit-file.types.ts';
import { CollectionFileError } from './file-error.ts';
import { decodeCollectionFile } from './file-text.ts';

/** The columns of the debit CSV, in order (docs/collections-files.md). */
export const DEBIT_CSV_COLUMNS = [
  'mandate_reference',
  'account_holder',
  'branch_code',
  'account_number',
  'account_type',
  'amount_cents',
  'action_date',
  'user_reference',
] as const;

export const DEBIT_CSV_TRAILER = 'TRAILER';

/** A text cell as written: one line (see csvRows) and neutralised against formula injection. */
const textCell = (value: string) => csvSafeCell(value.replace(/[\r\n]+/g, ' '));

/** RFC 4180: a cell quoted only when it holds a comma, a quote, a line break or a byte-order mark, or starts or ends with a space. */
function csvCell(value: string | number): string {
  const text = String(value);
  return /[",\r\n\uFEFF]|^ | $/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (cells: readonly (string | number)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * The CSV a payment provider's bulk debit upload takes: the column names, one line per debit, and a
 * trailer `TRAILER,<count>,<total cents>` the provider can check the upload against. RFC 4180: CRLF line
 * ends, a cell quoted only when it needs it (csvCell).
 */
export function writeDebitCsv(lines: readonly DebitLine[]): string {
  checkDebitLines(lines);
  const data = lines.map((l) => [
    textCell(l.mandateReference),
    textCell(l.accountHolder),
    l.branchCode,
    l.accountNumber,
    l.accountType,
    l.amountCents,
    l.actionDate,
    textCell(l.userReference),
  ]);
  const { count, totalCents } = debitTotals(lines);
  return [DEBIT_CSV_COLUMNS, ...data, [DEBIT_CSV_TRAILER, count, totalCents]].map(csvLine).join('');
}

export type DebitCsv = { lines: DebitLine[]; count: number; totalCents: number };

/** A cell we neutralised on the way out ('=…' written as "'=…") read back as it was. */
const unneutralise = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** Reads a debit CSV back (tests, and the other formats' tests), refusing it whole at the first fault. */
export function readDebitCsv(text: string): DebitCsv {
  const rows = csvRows(decodeCollectionFile(text));
  const [head, ...rest] = rows;
  if (!head || head.cells.join(',') !== DEBIT_CSV_COLUMNS.join(',')) {
    throw new CollectionFileError(`The first line must be the column names ${DEBIT_CSV_COLUMNS.join(',')}.`, head?.line ?? 1);
  }
  const trailer = rest.pop();
  if (!trailer || trailer.cells[0] !== DEBIT_CSV_TRAILER || trailer.cells.length !== 3) {
    throw new CollectionFileError(
      `The last line must be the trailer ${DEBIT_CSV_TRAILER},<count>,<total cents>.`,
      trailer?.line ?? head.line,
    );
  }
  const lines = rest.map(({ line, cells }): DebitLine => {
    if (cells.length !== DEBIT_CSV_COLUMNS.length) {
      throw new CollectionFileError(`Has ${cells.length} values; the header names ${DEBIT_CSV_COLUMNS.length} columns.`, line);
    }
    const [mandateReference, accountHolder, branchCode, accountNumber, accountType, amount, actionDate, userReference] = cells as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (!(ACCOUNT_TYPES as readonly string[]).includes(accountType)) {
      throw new CollectionFileError(`Unknown account type "${accountType}" (expected ${ACCOUNT_TYPES.join(', ')}).`, line);
    }
    return {
      mandateReference: unneutralise(mandateReference),
      accountHolder: unneutralise(accountHolder),
      branchCode,
      accountNumber,
      accountType: accountType as AccountType,
      amountCents: /^\d+$/.test(amount) ? Number(amount) : Number.NaN,
      actionDate,
      userReference: unneutralise(userReference),
    };
  });
  checkDebitLines(lines, (index) => rest[index]!.line);
  const totals = debitTotals(lines);
  const [, count, total] = trailer.cells as [string, string, string];
  if (count !== String(totals.count) || total !== String(totals.totalCents)) {
    throw new CollectionFileError(
      `The trailer says ${count} debits totalling ${total} cents, but the file has ${totals.count} debits totalling ${totals.totalCents} cents.`,
      trailer.line,
    );
  }
  return { lines, ...totals };
}

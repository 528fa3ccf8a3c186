import { isIsoDate } from '../../validation/dates.ts';
import { csvRows } from './csv-rows.ts';
import { CollectionFileError } from './file-error.ts';
import { decodeCollectionFile } from './file-text.ts';
import { isUnpaidCode, type UnpaidCode } from './unpaid-codes.ts';

/** One line of a provider's result file, with its line in the file. */
export type ResultLine = {
  line: number;
  /** The mandate reference or the policy number the debit carried. */
  reference: string;
  amountCents: number;
  status: 'collected' | 'unpaid';
  unpaidCode: UnpaidCode | null;
  /** The action date, YYYY-MM-DD. */
  date: string;
};

export const RESULT_FILE_COLUMNS = ['reference', 'amount', 'status', 'unpaid_code', 'date'] as const;

/** The words providers use for each status (any case). */
const STATUSES: Record<string, ResultLine['status']> = {
  collected: 'collected',
  paid: 'collected',
  success: 'collected',
  unpaid: 'unpaid',
  failed: 'unpaid',
};

const columnList = RESULT_FILE_COLUMNS.join(',');

function checkHeader(cells: string[] | undefined, line: number): void {
  const names = (cells ?? []).map((c) => c.trim().toLowerCase());
  const unknown = names.find((n) => !(RESULT_FILE_COLUMNS as readonly string[]).includes(n));
  if (unknown !== undefined) {
    const what = unknown === '' ? 'an empty column name' : `the unknown column "${unknown}"`;
    throw new CollectionFileError(`The first line must be the column names ${columnList}; it has ${what}.`, line);
  }
  if (names.join(',') !== columnList)
    throw new CollectionFileError(`The first line must be the column names ${columnList}, in that order.`, line);
}

function amount(value: string, line: number): number {
  const text = value.trim();
  if (!/^\d+$/.test(text) || Number(text) === 0 || !Number.isSafeInteger(Number(text))) {
    throw new CollectionFileError(`The amount "${value}" must be a whole number of cents greater than zero (R12.50 is 1250).`, line);
  }
  return Number(text);
}

function unpaidCode(value: string, status: ResultLine['status'], line: number): UnpaidCode | null {
  const text = value.trim();
  if (status === 'collected') {
    if (text !== '') throw new CollectionFileError(`A collected line must have no unpaid code; it has "${value}".`, line);
    return null;
  }
  if (text === '') throw new CollectionFileError('An unpaid line must give its unpaid reason code (two digits, such as 02).', line);
  // A spreadsheet drops the leading zero of 02; one digit is read as the code it lost it from.
  const code = /^\d$/.test(text) ? `0${text}` : text;
  if (!isUnpaidCode(code)) throw new CollectionFileError(`"${value}" is not a known unpaid reason code.`, line);
  return code;
}

function resultLine(cells: string[], line: number): ResultLine {
  if (cells.length !== RESULT_FILE_COLUMNS.length) {
    throw new CollectionFileError(
      `The line has ${cells.length} values; the header names ${RESULT_FILE_COLUMNS.length} columns (${columnList}).`,
      line,
    );
  }
  const [reference, amountText, statusText, codeText, date] = cells.map((c) => c.trim()) as [string, string, string, string, string];
  if (reference === '') throw new CollectionFileError('The reference is empty.', line);
  const amountCents = amount(amountText, line);
  const status = STATUSES[statusText.toLowerCase()];
  if (!status) throw new CollectionFileError(`The status "${statusText}" is not one of collected, paid, success, unpaid or failed.`, line);
  const code = unpaidCode(codeText, status, line);
  if (!isIsoDate(date)) throw new CollectionFileError(`The date "${date}" is not a date written YYYY-MM-DD.`, line);
  return { line, reference, amountCents, status, unpaidCode: code, date };
}

/** `TRAILER,<count>,<total>`, allowing the empty cells a spreadsheet adds to fill the row out. */
function trailer(cells: string[], line: number): { count: number; totalCents: number } {
  const [, count = '', total = '', ...rest] = cells.map((c) => c.trim());
  if (!/^\d+$/.test(count) || !/^\d+$/.test(total) || rest.some((c) => c !== '')) {
    throw new CollectionFileError('The trailer must read TRAILER,<number of lines>,<total in cents>.', line);
  }
  return { count: Number(count), totalCents: Number(total) };
}

/**
 * A provider's result file, refused whole (CollectionFileError naming the line) at its first fault, so
 * nothing of a bad file is applied. The optional last line `TRAILER,<count>,<total cents>` must agree
 * with the lines above it: a file cut short in transit is refused rather than half-imported.
 */
export function parseResultFile(bytes: Uint8Array | string): ResultLine[] {
  const [head, ...rows] = csvRows(decodeCollectionFile(bytes));
  checkHeader(head?.cells, head?.line ?? 1);
  const isTrailer = (cells: string[]) => cells[0]?.trim().toUpperCase() === 'TRAILER';
  const last = rows.at(-1);
  const end = last && isTrailer(last.cells) ? { ...trailer(last.cells, last.line), line: last.line } : null;
  if (end) rows.pop();
  if (rows.length === 0) throw new CollectionFileError('The file has no result lines after the column names.', head?.line ?? 1);
  const lines = rows.map(({ cells, line }) => {
    if (isTrailer(cells)) throw new CollectionFileError('The trailer must be the last line of the file.', line);
    return resultLine(cells, line);
  });
  if (end) {
    const totalCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
    if (end.count !== lines.length || end.totalCents !== totalCents) {
      throw new CollectionFileError(
        `The trailer says ${end.count} lines totalling ${end.totalCents} cents, but the file has ${lines.length} lines totalling ${totalCents} cents. The file may be incomplete: ask the provider for it again.`,
        end.line,
      );
    }
  }
  return lines;
}

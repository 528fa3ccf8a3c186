import { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { CollectionFileError } from '../files/file-error.ts';
import { decodeCollectionFile } from '../files/file-text.ts';
import { parseStatementAmount, parseStatementDate, type StatementDateFormat } from './statement-values.ts';

/** Which column holds what: chosen once per company by the clerk. Column names as in the file's header row. */
export type StatementColumns = {
  date: string;
  description: string;
  reference: string | null;
  /** One signed amount column, or separate money-in / money-out columns. */
  amount: string | null;
  credit: string | null;
  debit: string | null;
  /** How dates are written: 'YYYY-MM-DD' | 'YYYY/MM/DD' | 'DD/MM/YYYY' | 'DD MMM YYYY' (e.g. 05 Nov 2026) */
  dateFormat: StatementDateFormat;
};

export type StatementLine = {
  /** The line of the file the row starts on (1-based, as an editor counts). */
  line: number;
  /** YYYY-MM-DD */
  date: string;
  description: string;
  reference: string;
  /** Positive = credit (money in), negative = debit. */
  amountCents: number;
};

type Row = { cells: string[]; line: number };

/**
 * The rows of a statement CSV with the line each starts on. Rows may have any number of cells (a
 * bank's preamble has fewer than its table), so the column count is checked here, not by the parser.
 */
function rows(text: string, lines: { from?: number; to?: number } = {}): Row[] {
  try {
    const records = parse(text, {
      info: true,
      raw: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      ...(lines.from === undefined ? {} : { from_line: lines.from }),
      ...(lines.to === undefined ? {} : { to_line: lines.to }),
    }) as unknown as { record: string[]; info: { lines: number }; raw: string }[];
    // info.lines is where a record ends; a quoted cell may span lines, and the clerk looks for its start.
    return records.map(({ record, info, raw }) => ({
      cells: record,
      line: info.lines - (raw.replace(/^[\r\n]+|[\r\n]+$/g, '').match(/\n/g)?.length ?? 0),
    }));
  } catch (error) {
    if (error instanceof CsvError) {
      const what = error.code === 'CSV_QUOTE_NOT_CLOSED' ? 'a quoted cell is never closed' : `the file is not readable CSV (${error.code})`;
      throw new CollectionFileError(what, typeof error.lines === 'number' ? error.lines : null);
    }
    throw error;
  }
}

/** Where a bank's preamble ends at the latest, as far as the quick path looks; a later header is still found. */
const HEADER_SEARCH_LINES = 50;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function mappedNames(columns: StatementColumns): string[] {
  const names = [columns.date, columns.description, columns.reference, columns.amount, columns.credit, columns.debit];
  return names.filter((n): n is string => n !== null && n.trim() !== '');
}

/**
 * The statement's lines, or the whole file refused naming the line at fault. Lines before the header
 * row (the account number, the period) are skipped: the header is the first row holding every mapped
 * column name. Rows with no cell filled in are skipped like blank lines.
 */
export function parseStatementCsv(bytes: Uint8Array | string, columns: StatementColumns): StatementLine[] {
  if ((columns.amount === null) === (columns.credit === null && columns.debit === null)) {
    throw new CollectionFileError('the column mapping needs either an amount column or money-in / money-out columns');
  }
  const text = decodeCollectionFile(bytes);
  const wanted = mappedNames(columns);
  const isHeader = (r: Row) => wanted.every((name) => r.cells.some((cell) => same(cell, name)));
  // csv-parse builds (and, relaxed, drops) an error object for every row whose length differs from
  // the first row's: started at the header, a 20,000-line file parses in half the time.
  const start = rows(text, { to: HEADER_SEARCH_LINES }).find(isHeader);
  const all = rows(text, start ? { from: start.line } : {});
  const headerAt = all.findIndex(isHeader);
  if (headerAt === -1) {
    throw new CollectionFileError(`no header row names the mapped columns (${wanted.join(', ')}); check the column mapping`);
  }
  const header = all[headerAt]!.cells;
  const at = (name: string | null) => (name === null ? -1 : header.findIndex((cell) => same(cell, name)));
  const index = {
    date: at(columns.date),
    description: at(columns.description),
    reference: at(columns.reference),
    amount: at(columns.amount),
    credit: at(columns.credit),
    debit: at(columns.debit),
  };
  const lines: StatementLine[] = [];
  for (const { cells, line } of all.slice(headerAt + 1)) {
    if (cells.every((cell) => cell === '')) continue;
    // Trailing empty cells are how spreadsheets pad a row; only a filled cell beyond the header is refused.
    if (cells.slice(header.length).some((cell) => cell !== '')) {
      throw new CollectionFileError(`the row has ${cells.length} cells but the header has ${header.length} (extra columns)`, line);
    }
    const cell = (i: number) => (i === -1 ? '' : (cells[i] ?? ''));
    const dateText = cell(index.date);
    const date = parseStatementDate(dateText, columns.dateFormat);
    if (date === null) throw new CollectionFileError(`the date '${dateText}' is not a date written ${columns.dateFormat}`, line);
    lines.push({
      line,
      date,
      description: cell(index.description),
      reference: cell(index.reference),
      amountCents: amountOf(cell, index, line),
    });
  }
  return lines;
}

function amountOf(cell: (i: number) => string, index: Record<'amount' | 'credit' | 'debit', number>, line: number): number {
  const read = (i: number, blank: number | null) => {
    const text = cell(i);
    if (text === '') return blank;
    const cents = parseStatementAmount(text);
    if (cents === null) throw new CollectionFileError(`the amount '${text}' is not an amount`, line);
    return cents;
  };
  if (index.amount !== -1) {
    const cents = read(index.amount, null);
    if (cents === null) throw new CollectionFileError('the amount is empty', line);
    return cents;
  }
  // Money out is written positive by some banks and negative by others (Capitec); either way it is a debit.
  const credit = Math.abs(read(index.credit, 0)!);
  const debit = Math.abs(read(index.debit, 0)!);
  if (credit !== 0 && debit !== 0) throw new CollectionFileError('the row has both money in and money out', line);
  return credit - debit;
}

/** The header row found (the first row of the first 50 with a date column), for the mapping form. */
export function statementHeaders(bytes: Uint8Array | string): string[] {
  const found = rows(decodeCollectionFile(bytes), { to: HEADER_SEARCH_LINES });
  const header = found.find((r) => r.cells.filter((c) => c !== '').length >= 3 && r.cells.some((c) => /date/i.test(c)));
  if (!header) throw new CollectionFileError('no header row with a date column in the first 50 lines');
  return header.cells;
}

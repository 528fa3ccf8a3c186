import { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { CollectionFileError } from './file-error.ts';

/** One row of a CSV file with the line it starts on (1-based, as a text editor counts). */
export type CsvRow = { line: number; cells: string[] };

/** What the clerk reads for csv-parse's refusals; the quotes are the only ones strict parsing raises here. */
const QUOTE_FAULTS: Partial<Record<string, string>> = {
  CSV_QUOTE_NOT_CLOSED: 'A quoted value is not closed (a " is missing).',
  INVALID_OPENING_QUOTE: 'A " is out of place: a value holding a " must be quoted whole, with that " written twice ("").',
  CSV_INVALID_CLOSING_QUOTE: 'A " is out of place: a value holding a " must be quoted whole, with that " written twice ("").',
};

/**
 * The file's non-blank rows. A cell spanning two lines is refused: no field of these files may hold a
 * line break. Blank lines are parsed as rows (and dropped here), so until such a cell every row is one
 * line and the n-th row is line n; refusing at the first one keeps every line number exact, a quote
 * fault's too (it is in the row after the last one read).
 */
export function csvRows(text: string): CsvRow[] {
  const rows: CsvRow[] = [];
  let line = 0;
  try {
    // Each row is taken as it is read (and none kept by the parser), so a fault stops the reading there.
    parse(text, {
      relax_column_count: true,
      on_record: (cells) => {
        line += 1;
        if (cells.some((cell) => /[\r\n]/.test(cell))) {
          throw new CollectionFileError('A value runs over more than one line; each line of the file must be one record.', line);
        }
        if (cells.length > 1 || cells[0]!.trim() !== '') rows.push({ line, cells });
        return null;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw new CollectionFileError(QUOTE_FAULTS[error.code] ?? `The file is not readable CSV (${error.code}).`, line + 1);
  }
  return rows;
}

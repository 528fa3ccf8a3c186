import Papa from 'papaparse';
import { COLLECTION_FILE_MAX_BYTES, CollectionFileError } from './file-error.ts';

/** One row of a CSV file with the line it starts on (1-based, as a text editor counts). */
export type CsvRow = { line: number; cells: string[] };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text of an uploaded collections file, or a refusal: too big (checked before decoding, so a huge
 * body costs nothing), not UTF-8 (a file saved as Windows-1252 by a spreadsheet would otherwise turn
 * names into mojibake silently), or empty. A byte-order mark, as Excel writes it, is dropped.
 */
export function decodeCollectionFile(input: Uint8Array | string): string {
  const bytes = typeof input === 'string' ? Buffer.byteLength(input, 'utf8') : input.byteLength;
  if (bytes > COLLECTION_FILE_MAX_BYTES) {
    throw new CollectionFileError(`The file is larger than ${COLLECTION_FILE_MAX_BYTES / 1024 / 1024} MB. Split it and upload the parts.`);
  }
  let text: string;
  if (typeof input === 'string') text = input;
  else {
    try {
      text = utf8.decode(input);
    } catch {
      throw new CollectionFileError('The file is not UTF-8 text. Save it from your spreadsheet as "CSV UTF-8" and upload it again.');
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') throw new CollectionFileError('The file is empty.');
  return text;
}

/**
 * The file's non-blank rows. A cell spanning two lines is refused: no field of these files may hold a
 * line break, and refusing at the first one keeps every line number before it exact (papaparse counts
 * rows, not lines).
 */
export function csvRows(text: string): CsvRow[] {
  const parsed = Papa.parse<string[]>(text, { delimiter: ',', skipEmptyLines: false });
  const quoteError = parsed.errors.find((e) => e.type === 'Quotes');
  if (quoteError) {
    throw new CollectionFileError('A quoted value is not closed (a " is missing).', (quoteError.row ?? 0) + 1);
  }
  const rows: CsvRow[] = [];
  parsed.data.forEach((cells, index) => {
    const line = index + 1;
    if (cells.some((cell) => /[\r\n]/.test(cell))) {
      throw new CollectionFileError('A value runs over more than one line; each line of the file must be one record.', line);
    }
    if (cells.length === 1 && cells[0]!.trim() === '') return;
    rows.push({ line, cells });
  });
  return rows;
}

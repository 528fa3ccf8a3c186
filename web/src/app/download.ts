import { csvSafeCell } from '@fpa/write-model/validation';
import Papa from 'papaparse';

/** Today as the user's calendar shows it (YYYY-MM-DD): file names say the day the user sees. */
export function localIsoDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A CSV text with a header row of `columns`, each row's values in the same order (papaparse quotes
 * what needs it); every cell neutralised against formula injection (csvSafeCell).
 */
export function toCsv<Column extends string>(columns: readonly Column[], rows: ReadonlyArray<Record<Column, string | number>>): string {
  return Papa.unparse({ fields: [...columns], data: rows.map((row) => columns.map((column) => csvSafeCell(row[column]))) });
}

/** Hands a text to the browser as a file download. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // Revoked on the next tick: the click has handed the blob to the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

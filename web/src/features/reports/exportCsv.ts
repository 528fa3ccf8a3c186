import { csvSafeCell } from '@fpa/write-model/validation';
import Papa from 'papaparse';
import type { Report } from './reports.operations';

/** The report as CSV: the columns' headings, then one line per row with the values as stored (formulas neutralised: csvSafeCell). */
export function reportCsv(report: Pick<Report, 'columns' | 'rows'>): string {
  return Papa.unparse({ fields: report.columns.map((c) => c.label), data: report.rows.map((r) => r.cells.map((v) => csvSafeCell(v))) });
}

/** '<type>-report-<YYYY-MM-DD>.csv', dated today where the user is. */
export function reportFileName(type: string, now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${type}-report-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.csv`;
}

/** Hands the text to the browser as a file download. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

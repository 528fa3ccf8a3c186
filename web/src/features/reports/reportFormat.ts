import { formatDate, formatRand } from '../../app/format';
import type { ReportColumn } from './reports.operations';

const count = new Intl.NumberFormat('en-ZA');

/** A stored status ('sent_to_underwriter') as words ('Sent to underwriter'). */
export function statusLabel(status: string): string {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A cell as the preview shows it; the CSV keeps the raw value. */
export function formatCell(kind: ReportColumn['kind'], value: string | null): string {
  if (value === null || value === '') return '—';
  switch (kind) {
    case 'money':
      return formatRand(value, value);
    case 'date':
      return formatDate(value);
    case 'number':
      return Number.isFinite(Number(value)) ? count.format(Number(value)) : value;
    case 'percent':
      return `${value}%`;
    case 'status':
      return statusLabel(value);
    case 'text':
      return value;
  }
}

/** A card's figure: rand for amounts, grouped digits for counts. */
export function formatCard(kind: 'count' | 'money', value: string): string {
  return kind === 'money' ? formatRand(value) : count.format(Number(value));
}

/** 'YYYY-MM' as 'Jun 2025' (chart axes). */
export function monthLabel(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? month : date.toLocaleDateString('en-ZA', { month: 'short', year: 'numeric', timeZone: 'UTC' });
}

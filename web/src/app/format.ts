// Display formats shared by the pages: the product shows money in rand, en-ZA (spec §9). The rand
// formatter is the write model's, so a message sent says an amount exactly as the screens do.
export { formatRand } from '@fpa/write-model/validation';

const oneDecimal = new Intl.NumberFormat('en-ZA', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const mediumDate = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeZone: 'UTC' });

/** A percentage with one decimal ('12,5%'), or the fallback when there is no figure. */
export function formatPercent(value: number | null | undefined, fallback = '0%'): string {
  if (value == null || !Number.isFinite(value)) return fallback;
  return `${oneDecimal.format(value)}%`;
}

/** A YYYY-MM-DD (or an ISO timestamp) as '04 Mar 2025'; what cannot be read is shown unchanged. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : mediumDate.format(date);
}

const FILE_SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/**
 * A byte count as the documents screens show it (spec part 2 §9): base 1024, Bytes to GB, at most
 * two decimals with trailing zeros dropped ('1.5 KB', '10 MB', '512 Bytes').
 */
export function formatFileSize(bytes: number | null | undefined): string {
  if (bytes == null || !Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const unit = Math.min(FILE_SIZE_UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = Number((bytes / 1024 ** unit).toFixed(2));
  return `${value} ${FILE_SIZE_UNITS[unit]}`;
}

const dateTime = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Johannesburg' });

/** An ISO timestamp as South African local date and time ('04 Mar 2025, 14:05'). */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date);
}

/** How a statement writes its dates; the clerk picks one when mapping the columns. */
export const STATEMENT_DATE_FORMATS = ['YYYY-MM-DD', 'YYYY/MM/DD', 'DD/MM/YYYY', 'DD MMM YYYY'] as const;
export type StatementDateFormat = (typeof STATEMENT_DATE_FORMATS)[number];

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const PATTERNS: Record<StatementDateFormat, RegExp> = {
  'YYYY-MM-DD': /^(?<y>\d{4})-(?<m>\d{1,2})-(?<d>\d{1,2})$/,
  'YYYY/MM/DD': /^(?<y>\d{4})\/(?<m>\d{1,2})\/(?<d>\d{1,2})$/,
  'DD/MM/YYYY': /^(?<d>\d{1,2})\/(?<m>\d{1,2})\/(?<y>\d{4})$/,
  'DD MMM YYYY': /^(?<d>\d{1,2})[ -](?<mon>[A-Za-z]{3})[ -](?<y>\d{4})$/,
};

/**
 * A statement date as YYYY-MM-DD, or null when it is not written in the chosen format or is no day
 * of the calendar (31/02/2026). Guessing between DD/MM and MM/DD is what the mapping avoids: 05/11 is
 * the 5th of November only because the clerk said the bank writes days first.
 */
export function parseStatementDate(text: string, format: StatementDateFormat): string | null {
  const groups = PATTERNS[format].exec(text.trim())?.groups;
  if (!groups) return null;
  const year = Number(groups.y);
  const month = groups.mon === undefined ? Number(groups.m) : MONTHS.indexOf(groups.mon.toLowerCase()) + 1;
  const day = Number(groups.d);
  if (month < 1 || month > 12 || day < 1) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

// Thousands grouped by comma ("1,234.50") or space (removed before this runs), or none; a decimal
// comma only with exactly two decimals ("150,00"), since "1,234" is a thousand and more.
const GROUPED = /^(?<whole>\d{1,3}(?:,\d{3})+|\d+)(?:\.(?<cents>\d{1,2}))?$/;
const DECIMAL_COMMA = /^(?<whole>\d+),(?<cents>\d{2})$/;

/**
 * An amount in cents as banks write it: "1 234.50", "1,234.50", "-150.00", "150.00 Cr", "150.00 Dr",
 * "R 150.00", "-R 30,000.00", "(150.00)". Null when unreadable, including a sign that contradicts
 * itself ("-150.00 Cr"). An empty cell is null too: the caller decides what a blank means.
 */
export function parseStatementAmount(text: string): number | null {
  let s = text.replace(/[\s\u00a0\u202f]+/g, '').toUpperCase();
  if (s === '') return null;
  let negative = false;
  let signs = 0;
  const suffix = /(CR|DR)$/.exec(s);
  if (suffix) {
    negative = suffix[1] === 'DR';
    signs++;
    s = s.slice(0, -2);
  }
  if (s.startsWith('(') && s.endsWith(')')) {
    negative = true;
    signs++;
    s = s.slice(1, -1);
  }
  if (s.startsWith('-') || s.endsWith('-')) {
    negative = true;
    signs++;
    s = s.startsWith('-') ? s.slice(1) : s.slice(0, -1);
  } else if (s.startsWith('+')) s = s.slice(1);
  if (s.startsWith('R')) s = s.slice(1);
  if (s.startsWith('-')) {
    negative = true;
    signs++;
    s = s.slice(1);
  }
  if (signs > 1) return null;
  const groups = (GROUPED.exec(s) ?? DECIMAL_COMMA.exec(s))?.groups;
  if (!groups) return null;
  const cents = Number(groups.whole!.replaceAll(',', '')) * 100 + Number((groups.cents ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return negative && cents !== 0 ? -cents : cents;
}

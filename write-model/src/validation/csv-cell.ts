/**
 * CSV formula injection (OWASP "CSV Injection"): a cell a spreadsheet opens as `=HYPERLINK(…)`,
 * `+cmd|…`, `-2+3`, `@SUM(…)`, or one starting with a tab or carriage return, is run as a formula.
 * Every CSV this product writes (reports, agents, new sales, the audit trail and company history)
 * passes its cells through this one function, which prefixes such a cell with a single quote, so
 * the spreadsheet shows it as text.
 *
 * Deliberate exception: a cell that is a plain number (a JS number, or text that is only an
 * optionally negative decimal such as "-50.00") is left as it is. OWASP lists '-' among the
 * dangerous first characters because of cells like "-2+3+cmd|…"; a pure number carries no formula,
 * and quoting it would turn refunds and negative balances into text that no longer sums.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function csvSafeCell(value: string | number | boolean | null | undefined): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  const text = String(value);
  if (PLAIN_NUMBER.test(text)) return text;
  return FORMULA_START.test(text) ? `'${text}` : text;
}

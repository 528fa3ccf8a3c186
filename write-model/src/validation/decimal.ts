/**
 * Money is carried as decimal strings ('1500', '299.99') and compared as integer cents, never as
 * floats, so 0.1 + 0.2 problems cannot reach a premium or a claim amount.
 */
const DECIMAL = /^(\d{1,15})(?:\.(\d{1,2}))?$/;

/**
 * The largest amount any field takes: just under R1 billion. Read models keep single amounts in
 * numeric(17,2) (plan prices in numeric(12,2)) and sums of them in numeric(20,2); with every amount
 * below 10^9, a sum of up to 10^9 of them still fits, so no projector meets a numeric overflow. No
 * funeral premium, cover, claim or payment comes near it.
 */
export const MAX_AMOUNT = '999999999.99';
export const MAX_AMOUNT_MESSAGE = 'Amount cannot be more than 999999999.99';

/** The largest value of a PostgreSQL integer column (int4). */
export const MAX_INTEGER = 2_147_483_647;

/** Digits with up to 2 decimals, no sign, no grouping ('1500', '1500.5', '0.99'). */
export function isDecimalString(value: string): boolean {
  return typeof value === 'string' && DECIMAL.test(value);
}

/** The amount in cents. Throws on a value that is not a decimal string. */
export function decimalToCents(value: string): bigint {
  const match = typeof value === 'string' ? DECIMAL.exec(value) : null;
  if (!match) throw new RangeError(`Not a decimal amount: ${String(value)}`);
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return BigInt(match[1] ?? '0') * 100n + BigInt(fraction);
}

/** Cents back to a decimal string with two places ('150050' → '1500.50'). */
export function centsToDecimal(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** -1, 0 or 1 as a is less than, equal to or greater than b. Both must be decimal strings. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const x = decimalToCents(a);
  const y = decimalToCents(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

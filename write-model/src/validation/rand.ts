import { isDecimalString } from './decimal.ts';

// The product shows money in rand, en-ZA (spec §9): one formatter for the screens and the messages sent.
const rand = new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'ZAR' });

/**
 * A decimal string ('12345.5') as rand ('R 12 345,50'), or the fallback when there is no amount.
 * The string goes to Intl as is: Intl formats numeric strings exactly, so an amount never passes
 * through a float on its way to the screen.
 */
export function formatRand(amount: string | null | undefined, fallback = 'R 0'): string {
  const value = amount?.trim() ?? '';
  if (!isDecimalString(value)) return fallback;
  return rand.format(value as `${number}`);
}

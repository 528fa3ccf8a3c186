import { centsToDecimal, decimalToCents } from './decimal.ts';

/** South African VAT, in percent (VAT Act s 7(1)). */
export const VAT_RATE_PERCENT = 15;

/**
 * A VAT-inclusive amount split into its parts, exactly, in cents: excl. = total × 100/115 rounded half up to
 * the cent, VAT = total − excl. (so the two always add up to what was paid).
 */
export function splitVatInclusive(total: string): { excl: string; vat: string; total: string } {
  const cents = decimalToCents(total);
  const divisor = BigInt(100 + VAT_RATE_PERCENT);
  // Half up: (2 · cents · 100 + divisor) / (2 · divisor), floored.
  const exclCents = (2n * cents * 100n + divisor) / (2n * divisor);
  return { excl: centsToDecimal(exclCents), vat: centsToDecimal(cents - exclCents), total: centsToDecimal(cents) };
}

/** A South African VAT registration number: ten digits, starting with 4. */
export const SA_VAT_NUMBER = /^4\d{9}$/;
export const VAT_NUMBER_INVALID = 'A VAT number is ten digits starting with 4';

import {
  centsToDecimal,
  decimalToCents,
  GROUP_PAYMENT_METHODS,
  isDecimalString,
  southAfricanDate,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type GroupPaymentMethod,
  type PaymentMethod,
} from '@fpa/write-model/validation';
import type { BadgeTone } from '../../ui/Badge';
import type { PaymentStatus } from './payments.operations';

export { GROUP_PAYMENT_METHODS, PAYMENT_METHODS, PAYMENT_STATUSES };

/** Readable names of every method either form offers (spec part 2 §9). */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod | GroupPaymentMethod, string> = {
  bank_transfer: 'Bank Transfer',
  debit_order: 'Debit Order',
  cash: 'Cash',
  credit_card: 'Credit Card',
  eft: 'EFT',
  mobile_money: 'Mobile Money',
};

/** A stored method as words; one this screen does not know is shown with its underscores as spaces. */
export function paymentMethodLabel(method: string): string {
  return PAYMENT_METHOD_LABELS[method as PaymentMethod] ?? method.replace(/_/g, ' ');
}

export const PAYMENT_METHOD_OPTIONS = PAYMENT_METHODS.map((id) => ({ id, label: PAYMENT_METHOD_LABELS[id] }));
export const GROUP_PAYMENT_METHOD_OPTIONS = GROUP_PAYMENT_METHODS.map((id) => ({ id, label: PAYMENT_METHOD_LABELS[id] }));

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
  refunded: 'Refunded',
};

export const PAYMENT_STATUS_TONES: Record<PaymentStatus, BadgeTone> = {
  pending: 'warning',
  completed: 'success',
  failed: 'dangerSoft',
  refunded: 'neutral',
};

export const PAYMENT_STATUS_OPTIONS = PAYMENT_STATUSES.map((id) => ({ id, label: PAYMENT_STATUS_LABELS[id] }));

/**
 * Today in South Africa (YYYY-MM-DD), the forms' default payment date: the server's today, whatever
 * the browser's time zone. Not toISOString: between midnight and 02:00 there that is still yesterday.
 */
export function todayIso(now: Date = new Date()): string {
  return southAfricanDate(now);
}

/**
 * What a group payment will come to (amount per member × members), in cents so no float rounding
 * reaches the figure; null while the amount typed is not yet an amount.
 */
export function groupPaymentTotal(amountPerMember: string, memberCount: number): string | null {
  const amount = amountPerMember.trim();
  if (!isDecimalString(amount) || !Number.isInteger(memberCount) || memberCount < 0) return null;
  return centsToDecimal(decimalToCents(amount) * BigInt(memberCount));
}

import { timingSafeEqual } from 'node:crypto';
import { ValidationError, type PaymentNotification, type StartedCheckout } from '@fpa/write-model';

/**
 * The payment-provider port: where a checkout sends the browser, and how the provider's
 * notification is verified. Adapters: PayFast (payfast.ts) and the built-in sandbox (sandbox.ts).
 * What a verified notification changes is decided by the write model (settleSubscriptionPayment),
 * which checks it against the pending checkout.
 */
export type ProviderId = 'payfast' | 'sandbox';

export type CheckoutUrls = {
  /** This server's public origin. */
  origin: string;
  returnUrl: string;
  cancelUrl: string;
  failureUrl: string;
  notifyUrl: string;
};

export type CheckoutRequest = StartedCheckout & { payer: { firstName: string; lastName: string; email: string } };

export type PaymentProvider = {
  id: ProviderId;
  /** The provider's payment page for this checkout, with its signed parameters. */
  redirectUrl(checkout: CheckoutRequest, urls: CheckoutUrls): string;
  /**
   * The notification's facts once its signature and merchant are verified; null for a status that
   * changes nothing yet (PENDING). A forged or malformed one throws a ValidationError (400).
   */
  verifyNotification(form: URLSearchParams): PaymentNotification | null;
};

export const INVALID_SIGNATURE = 'The notification signature is not valid.';
export const WRONG_MERCHANT = 'The notification is for another merchant account.';
export const INCOMPLETE_NOTIFICATION = 'The notification is missing the payment id, the checkout or the amount.';

export function sameHex(a: string | null, b: string): boolean {
  if (!a || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a.toLowerCase()), Buffer.from(b.toLowerCase()));
}

const STATUSES: Record<string, PaymentNotification['status']> = { COMPLETE: 'complete', FAILED: 'failed', CANCELLED: 'cancelled' };

/** The fields of a verified notification (PayFast's ITN names, which the sandbox uses too). */
export function notificationFacts(form: URLSearchParams, provider: ProviderId, merchantId: string): PaymentNotification | null {
  if (form.get('merchant_id') !== merchantId) throw new ValidationError(WRONG_MERCHANT);
  const checkoutId = form.get('m_payment_id')?.trim();
  const providerPaymentId = form.get('pf_payment_id')?.trim();
  const amount = form.get('amount_gross')?.trim();
  if (!checkoutId || !providerPaymentId || !amount) throw new ValidationError(INCOMPLETE_NOTIFICATION);
  const status = STATUSES[(form.get('payment_status') ?? '').trim().toUpperCase()];
  if (!status) return null;
  return { checkoutId, provider, providerPaymentId, status, amount };
}

export function checkoutDescription(checkout: CheckoutRequest): string {
  return `${checkout.planName}, one month, for ${checkout.companyName}`;
}

import { createHmac } from 'node:crypto';
import { ValidationError } from '@fpa/write-model';
import { checkoutPairs, notificationPairs, paramString, type Pair } from './payfast-signature.ts';
import { checkoutDescription, INVALID_SIGNATURE, notificationFacts, sameHex, type PaymentProvider } from './provider.ts';

/*
 * The built-in sandbox provider, used when no PayFast keys are configured. It behaves like a hosted
 * gateway that happens to live on this server: the checkout sends the browser to its page
 * (/api/billing/sandbox/checkout) with signed parameters in PayFast's names; its Pay and Fail buttons
 * post a signed notification to notify_url, like an ITN, and then send the browser back. Signatures
 * are HMAC-SHA256 with a server secret, so neither the page's parameters nor a notification can be
 * made up by a client.
 */

export const SANDBOX_MERCHANT_ID = 'sandbox';
export const SANDBOX_PAGE_PATH = '/api/billing/sandbox/checkout';

export function sandboxSignature(pairs: readonly Pair[], secret: string): string {
  return createHmac('sha256', secret).update(paramString(pairs)).digest('hex');
}

/** The pairs of a signed form or query (everything before `signature`), checked; a bad signature throws. */
export function verifiedSandboxPairs(form: URLSearchParams, secret: string): Pair[] {
  const { pairs, signature } = notificationPairs(form);
  if (!sameHex(signature, sandboxSignature(pairs, secret))) throw new ValidationError(INVALID_SIGNATURE);
  return pairs;
}

export function sandboxProvider(secret: string): PaymentProvider {
  return {
    id: 'sandbox',
    redirectUrl(checkout, urls) {
      const pairs: Pair[] = [
        ...checkoutPairs({
          merchant_id: SANDBOX_MERCHANT_ID,
          return_url: urls.returnUrl,
          cancel_url: urls.cancelUrl,
          notify_url: urls.notifyUrl,
          name_first: checkout.payer.firstName,
          name_last: checkout.payer.lastName,
          email_address: checkout.payer.email,
          m_payment_id: checkout.id,
          amount: checkout.amount,
          item_name: checkout.planName,
          item_description: checkoutDescription(checkout),
          custom_str1: checkout.companyName,
        }),
        // PayFast has no failure page of its own for the merchant; the sandbox returns there on Fail.
        ['failure_url', urls.failureUrl],
      ];
      return `${urls.origin}${SANDBOX_PAGE_PATH}?${paramString(pairs)}&signature=${sandboxSignature(pairs, secret)}`;
    },
    verifyNotification(form) {
      verifiedSandboxPairs(form, secret);
      return notificationFacts(form, 'sandbox', SANDBOX_MERCHANT_ID);
    },
  };
}

import { ValidationError } from '@fpa/write-model';
import type { BillingConfig } from './billing.config.ts';
import { checkoutPairs, notificationPairs, paramString, payfastSignature } from './payfast-signature.ts';
import { checkoutDescription, INVALID_SIGNATURE, notificationFacts, sameHex, type PaymentProvider } from './provider.ts';

export const PAYFAST_PROCESS_URL = 'https://www.payfast.co.za/eng/process';
export const PAYFAST_SANDBOX_PROCESS_URL = 'https://sandbox.payfast.co.za/eng/process';

type PayFastConfig = Extract<BillingConfig, { provider: 'payfast' }>;

/**
 * PayFast (South Africa's usual card gateway): the browser goes to its process URL with the signed
 * checkout variables; PayFast posts an ITN to notify_url. The ITN is trusted only when its signature
 * (with the passphrase) and merchant id are right; the amount is then checked against the pending
 * checkout and only COMPLETE upgrades. (PayFast also offers a server-to-server confirmation of an ITN
 * and a list of its source addresses; neither is needed for the signature to hold.)
 */
export function payfastProvider(config: PayFastConfig): PaymentProvider {
  return {
    id: 'payfast',
    redirectUrl(checkout, urls) {
      const pairs = checkoutPairs({
        merchant_id: config.merchantId,
        merchant_key: config.merchantKey,
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
      });
      const signature = payfastSignature(pairs, config.passphrase);
      const base = config.sandbox ? PAYFAST_SANDBOX_PROCESS_URL : PAYFAST_PROCESS_URL;
      return `${base}?${paramString(pairs)}&signature=${signature}`;
    },
    verifyNotification(form) {
      const { pairs, signature } = notificationPairs(form);
      if (!sameHex(signature, payfastSignature(pairs, config.passphrase))) throw new ValidationError(INVALID_SIGNATURE);
      return notificationFacts(form, 'payfast', config.merchantId);
    },
  };
}

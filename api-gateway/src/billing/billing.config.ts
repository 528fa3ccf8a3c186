import { randomBytes } from 'node:crypto';

/**
 * Which payment provider takes subscription payments:
 *  - PayFast when PAYFAST_MERCHANT_ID and PAYFAST_MERCHANT_KEY are set (PAYFAST_PASSPHRASE when the
 *    account has one; PAYFAST_SANDBOX=true sends payers to sandbox.payfast.co.za);
 *  - otherwise the built-in sandbox, which serves its own payment page on this server. It moves no
 *    money, so in production it runs only when PAYMENT_SANDBOX=on says so; without either, checkout
 *    is refused with a clear message rather than upgrading companies for free.
 */
export type BillingConfig =
  | { provider: 'payfast'; merchantId: string; merchantKey: string; passphrase: string | null; sandbox: boolean }
  | { provider: 'sandbox'; secret: string }
  | { provider: 'none' };

const TRUE = new Set(['1', 'true', 'yes', 'on']);

export function billingConfig(env: NodeJS.ProcessEnv, isProduction: boolean): BillingConfig {
  const merchantId = env.PAYFAST_MERCHANT_ID?.trim();
  const merchantKey = env.PAYFAST_MERCHANT_KEY?.trim();
  if (merchantId && merchantKey) {
    return {
      provider: 'payfast',
      merchantId,
      merchantKey,
      passphrase: env.PAYFAST_PASSPHRASE?.trim() || null,
      sandbox: TRUE.has((env.PAYFAST_SANDBOX ?? '').trim().toLowerCase()),
    };
  }
  if (merchantId || merchantKey) throw new Error('PayFast needs both PAYFAST_MERCHANT_ID and PAYFAST_MERCHANT_KEY.');
  if (isProduction && !TRUE.has((env.PAYMENT_SANDBOX ?? '').trim().toLowerCase())) return { provider: 'none' };
  // The key of the sandbox's notifications; random per start unless given (several processes must share one).
  return { provider: 'sandbox', secret: env.PAYMENT_SANDBOX_SECRET?.trim() || randomBytes(32).toString('hex') };
}

import type { BillingConfig } from './billing.config.ts';
import { payfastProvider } from './payfast.ts';
import type { PaymentProvider } from './provider.ts';
import { sandboxProvider } from './sandbox.ts';

/** The configured adapter; null when online payment is not set up (production without PayFast keys). */
export function paymentProvider(config: BillingConfig): PaymentProvider | null {
  switch (config.provider) {
    case 'payfast':
      return payfastProvider(config);
    case 'sandbox':
      return sandboxProvider(config.secret);
    case 'none':
      return null;
  }
}

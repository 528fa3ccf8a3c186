import { describe, expect, it } from 'vitest';
import { billingConfig } from './billing.config.ts';

describe('billing configuration', () => {
  it('uses PayFast when both merchant keys are set, with its passphrase and sandbox switch', () => {
    expect(
      billingConfig(
        { PAYFAST_MERCHANT_ID: '10000100', PAYFAST_MERCHANT_KEY: 'key', PAYFAST_PASSPHRASE: ' pass ', PAYFAST_SANDBOX: 'true' },
        true,
      ),
    ).toEqual({
      provider: 'payfast',
      merchantId: '10000100',
      merchantKey: 'key',
      passphrase: 'pass',
      sandbox: true,
    });
    expect(billingConfig({ PAYFAST_MERCHANT_ID: '1', PAYFAST_MERCHANT_KEY: 'k' }, false)).toMatchObject({
      passphrase: null,
      sandbox: false,
    });
    expect(() => billingConfig({ PAYFAST_MERCHANT_ID: '1' }, false)).toThrow(/PAYFAST_MERCHANT_KEY/);
  });

  it('defaults to the sandbox outside production; in production the sandbox must be asked for', () => {
    const sandbox = billingConfig({}, false);
    expect(sandbox.provider).toBe('sandbox');
    expect(sandbox.provider === 'sandbox' && sandbox.secret.length).toBe(64);
    expect(billingConfig({ PAYMENT_SANDBOX_SECRET: 's3cret' }, false)).toEqual({ provider: 'sandbox', secret: 's3cret' });
    expect(billingConfig({}, true)).toEqual({ provider: 'none' });
    expect(billingConfig({ PAYMENT_SANDBOX: 'on' }, true).provider).toBe('sandbox');
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DomainError, type StartedCheckout } from '@fpa/write-model';
import { payfastProvider, PAYFAST_SANDBOX_PROCESS_URL } from './payfast.ts';
import { checkoutPairs, paramString, payfastSignature, pfEncode } from './payfast-signature.ts';
import { INVALID_SIGNATURE, WRONG_MERCHANT } from './provider.ts';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

const config = {
  provider: 'payfast' as const,
  merchantId: '10000100',
  merchantKey: '46f0cd694581a',
  passphrase: 'jt7NOE43FZPn',
  sandbox: true,
};

describe('PayFast signature', () => {
  it('encodes values like PHP urlencode: upper-case escapes, spaces as +, and ! * ( ) ~ escaped too', () => {
    expect(pfEncode('https://a.co.za/x?y=1&z=2')).toBe('https%3A%2F%2Fa.co.za%2Fx%3Fy%3D1%26z%3D2');
    expect(pfEncode("Premium Plan (1 month)! *~'")).toBe('Premium+Plan+%281+month%29%21+%2A%7E%27');
    expect(pfEncode('Ndlovu & Sons-Funerals_2.0')).toBe('Ndlovu+%26+Sons-Funerals_2.0');
  });

  it('matches a vector worked out by hand: documented order, blanks left out, passphrase last, MD5 hex', () => {
    // Given out of order and with a blank field: the signature lists them in PayFast's order without it.
    const pairs = checkoutPairs({
      item_name: 'Premium Plan',
      amount: '299.00',
      m_payment_id: 'chk-1',
      notify_url: 'https://fpa.example.co.za/api/billing/payfast/notify',
      merchant_key: '46f0cd694581a',
      merchant_id: '10000100',
      name_last: '',
      name_first: 'Thandi',
      return_url: 'https://fpa.example.co.za/subscription/payment-success',
    });
    const byHand =
      'merchant_id=10000100&merchant_key=46f0cd694581a' +
      '&return_url=https%3A%2F%2Ffpa.example.co.za%2Fsubscription%2Fpayment-success' +
      '&notify_url=https%3A%2F%2Ffpa.example.co.za%2Fapi%2Fbilling%2Fpayfast%2Fnotify' +
      '&name_first=Thandi&m_payment_id=chk-1&amount=299.00&item_name=Premium+Plan';
    expect(paramString(pairs)).toBe(byHand);
    expect(payfastSignature(pairs, 'jt7NOE43FZPn')).toBe(md5(`${byHand}&passphrase=jt7NOE43FZPn`));
    expect(payfastSignature(pairs, null)).toBe(md5(byHand));
    // A passphrase with a space is encoded like the values.
    expect(payfastSignature(pairs, 'my pass')).toBe(md5(`${byHand}&passphrase=my+pass`));
  });

  it('sends the browser to the process URL with the signed variables', () => {
    const checkout: StartedCheckout & { payer: { firstName: string; lastName: string; email: string } } = {
      id: '5d2c1c43-5d8e-4b8f-9a1e-3c2f7f0a9b11',
      companyId: 'c1',
      tier: 'starter',
      amount: '299.00',
      provider: 'payfast',
      companyName: 'Ubuntu Funeral Cover',
      planName: 'Premium Plan',
      payer: { firstName: 'Thandi', lastName: 'Nkosi', email: 'thandi@example.co.za' },
    };
    const url = new URL(
      payfastProvider(config).redirectUrl(checkout, {
        origin: 'https://fpa.example.co.za',
        returnUrl: 'https://fpa.example.co.za/subscription/payment-success',
        cancelUrl: 'https://fpa.example.co.za/subscription/payment-cancel',
        failureUrl: 'https://fpa.example.co.za/subscription/payment-failure',
        notifyUrl: 'https://fpa.example.co.za/api/billing/payfast/notify',
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(PAYFAST_SANDBOX_PROCESS_URL);
    const params = [...url.searchParams];
    expect(params.map(([name]) => name)).toEqual([
      'merchant_id',
      'merchant_key',
      'return_url',
      'cancel_url',
      'notify_url',
      'name_first',
      'name_last',
      'email_address',
      'm_payment_id',
      'amount',
      'item_name',
      'item_description',
      'signature',
    ]);
    expect(url.searchParams.get('amount')).toBe('299.00');
    expect(url.searchParams.get('item_description')).toBe('Premium Plan, one month, for Ubuntu Funeral Cover');
    const unsigned = params.filter(([name]) => name !== 'signature');
    expect(url.searchParams.get('signature')).toBe(md5(`${paramString(unsigned)}&passphrase=jt7NOE43FZPn`));
  });
});

describe('PayFast ITN verification', () => {
  const provider = payfastProvider(config);
  // An ITN as PayFast posts it: blank fields included and signed, signature last.
  const itnPairs: [string, string][] = [
    ['m_payment_id', 'chk-1'],
    ['pf_payment_id', '1089250'],
    ['payment_status', 'COMPLETE'],
    ['item_name', 'Premium Plan'],
    ['item_description', ''],
    ['amount_gross', '299.00'],
    ['amount_fee', '-6.90'],
    ['amount_net', '292.10'],
    ['custom_str1', ''],
    ['name_first', 'Thandi'],
    ['email_address', 'thandi@example.co.za'],
    ['merchant_id', '10000100'],
  ];
  const signedBody = (pairs: [string, string][], passphrase = 'jt7NOE43FZPn') => {
    const byHand = pairs.map(([k, v]) => `${k}=${pfEncode(v)}`).join('&');
    return new URLSearchParams([...pairs, ['signature', md5(`${byHand}&passphrase=${passphrase}`)]]);
  };
  const refusal = (form: URLSearchParams) => {
    try {
      provider.verifyNotification(form);
    } catch (error) {
      return error instanceof DomainError ? [error.code, error.message] : error;
    }
    return 'accepted';
  };

  it('accepts a correctly signed ITN, blank fields included, and reads the checkout, payment id, status and amount', () => {
    expect(provider.verifyNotification(signedBody(itnPairs))).toEqual({
      checkoutId: 'chk-1',
      provider: 'payfast',
      providerPaymentId: '1089250',
      status: 'complete',
      amount: '299.00',
    });
  });

  it('maps FAILED and CANCELLED, and changes nothing for PENDING', () => {
    const withStatus = (status: string) => itnPairs.map(([k, v]) => [k, k === 'payment_status' ? status : v] as [string, string]);
    expect(provider.verifyNotification(signedBody(withStatus('FAILED')))?.status).toBe('failed');
    expect(provider.verifyNotification(signedBody(withStatus('CANCELLED')))?.status).toBe('cancelled');
    expect(provider.verifyNotification(signedBody(withStatus('PENDING')))).toBeNull();
  });

  it('refuses a changed amount, a wrong passphrase, a missing signature and another merchant', () => {
    const tampered = signedBody(itnPairs);
    tampered.set('amount_gross', '1.00');
    expect(refusal(tampered)).toEqual(['VALIDATION_FAILED', INVALID_SIGNATURE]);
    expect(refusal(signedBody(itnPairs, 'guessed'))).toEqual(['VALIDATION_FAILED', INVALID_SIGNATURE]);
    expect(refusal(new URLSearchParams(itnPairs))).toEqual(['VALIDATION_FAILED', INVALID_SIGNATURE]);
    const otherMerchant = itnPairs.map(([k, v]) => [k, k === 'merchant_id' ? '10000999' : v] as [string, string]);
    expect(refusal(signedBody(otherMerchant))).toEqual(['VALIDATION_FAILED', WRONG_MERCHANT]);
  });
});

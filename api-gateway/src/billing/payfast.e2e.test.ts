import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { registration, startTestApp, type TestApp } from '../testing.ts';
import { payfastItn, postForm } from '../subscription.testing.ts';
import type { Pair } from './payfast-signature.ts';

const PAYFAST = {
  PAYFAST_MERCHANT_ID: '10000100',
  PAYFAST_MERCHANT_KEY: '46f0cd694581a',
  PAYFAST_PASSPHRASE: 'jt7NOE43FZPn',
  PAYFAST_SANDBOX: 'true',
};
const NOTIFY = '/api/billing/payfast/notify';

describe.each(testDrivers())('PayFast checkout and ITN over HTTP on $name', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(driver, { publicUrl: 'https://fpa.example.co.za' }, PAYFAST);
  });
  afterAll(async () => t?.close());

  const itn = (checkoutId: string, overrides: Record<string, string> = {}): Pair[] =>
    Object.entries({
      m_payment_id: checkoutId,
      pf_payment_id: '1089250',
      payment_status: 'COMPLETE',
      item_name: 'Premium Plan',
      item_description: '',
      amount_gross: '299.00',
      amount_fee: '-6.90',
      amount_net: '292.10',
      name_first: 'Thandi',
      merchant_id: '10000100',
      ...overrides,
    });

  it('sends the payer to PayFast with a signed redirect and upgrades only on a verified COMPLETE ITN', async () => {
    const { token } = (await t.request('POST', '/api/register', registration())).body;
    const started = await t.request('POST', '/api/subscription/create-checkout', { tier: 'starter' }, { token });
    const url = new URL(started.body.redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe('https://sandbox.payfast.co.za/eng/process');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      merchant_id: '10000100',
      amount: '299.00',
      item_name: 'Premium Plan',
      m_payment_id: started.body.checkoutId,
      notify_url: 'https://fpa.example.co.za/api/billing/payfast/notify',
      return_url: `https://fpa.example.co.za/subscription/payment-success?checkout=${started.body.checkoutId}`,
      signature: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const tier = async () => (await t.request('GET', '/api/subscription', undefined, { token })).body.tier;

    const id = started.body.checkoutId as string;
    const refusals = [
      payfastItn('wrong passphrase', itn(id)),
      payfastItn(PAYFAST.PAYFAST_PASSPHRASE, itn(id, { merchant_id: '10000999' })),
      payfastItn(PAYFAST.PAYFAST_PASSPHRASE, itn(id, { amount_gross: '29.90' })),
    ];
    for (const body of refusals) expect((await postForm(t, NOTIFY, body)).status).toBe(400);
    const pending = await postForm(t, NOTIFY, payfastItn(PAYFAST.PAYFAST_PASSPHRASE, itn(id, { payment_status: 'PENDING' })));
    expect(pending.status).toBe(200);
    expect(await tier()).toBe('free');

    const complete = await postForm(t, NOTIFY, payfastItn(PAYFAST.PAYFAST_PASSPHRASE, itn(id)));
    expect([complete.status, complete.body]).toEqual([200, 'OK']);
    expect(await tier()).toBe('starter');
    const history = (await t.request('GET', '/api/subscription/billing-history', undefined, { token })).body;
    expect(history).toEqual([
      expect.objectContaining({ status: 'paid', provider: 'payfast', providerPaymentId: '1089250', amount: '299.00' }),
    ]);
    // The sandbox's page and notify endpoint are closed while PayFast is the provider.
    expect((await t.request('GET', '/api/billing/sandbox/checkout?m_payment_id=x')).status).toBe(404);
    expect((await postForm(t, '/api/billing/sandbox/notify', 'm_payment_id=x')).status).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { testDrivers } from '@fpa/write-model/testing';
import { PLATFORM_SETTINGS, southAfricanDate } from '@fpa/write-model/validation';
import { postForm, pressSandboxButton, sandboxNotification } from '../subscription.testing.ts';
import { registration, startTestApp, type TestApp } from '../testing.ts';
import { longDate } from './letterhead.ts';

/*
 * Issue #25: a paid subscription payment's invoice through HTTP. GET /api/subscription/billing-history/{id}/invoice.pdf
 * answers a PDF whose text says "Invoice" and that no VAT number is registered until the super admin sets
 * the platform's VAT number, then "Tax Invoice" with the VAT number and VAT at 15 % out of the amount paid;
 * its number is the platform's sequence, the same on every download; a failed payment has none; another
 * company's payment is a 404.
 */

async function pdfText(body: ArrayBuffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const OPERATOR = { SUPER_ADMIN_USERNAME: 'platform', SUPER_ADMIN_PASSWORD: 'Pl4tform!pass', SUPER_ADMIN_EMAIL: 'ops@example.com' };
const NOTIFY = '/api/billing/sandbox/notify';

describe.each(testDrivers())('the subscription tax invoice on $name', (driver) => {
  let t: TestApp;
  let op: string;
  const get = (path: string, token: string) =>
    t.app.handle(new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${token}` } }));
  const invoice = (token: string, id: string) => get(`/api/subscription/billing-history/${id}/invoice.pdf`, token);
  const history = async (token: string) =>
    (await t.request('GET', '/api/subscription/billing-history', undefined, { token })).body as {
      id: string;
      status: string;
      invoiceNumber: number | null;
    }[];

  /** A company that paid for the Premium Plan (R 299,00) on the sandbox, and its token. */
  async function paidCompany(companyName: string) {
    const input = registration({ companyName });
    const { token } = (await t.request('POST', '/api/register', input)).body as { token: string };
    await t.request(
      'PUT',
      '/api/company',
      { name: companyName, cipNumber: input.cipNumber, address: '12 Long Street', city: 'Cape Town', province: 'WC', postalCode: '8001' },
      { token },
    );
    const started = await t.request('POST', '/api/subscription/create-checkout', { tier: 'starter' }, { token });
    const checkoutId = started.body.checkoutId as string;
    const paid = await postForm(t, NOTIFY, sandboxNotification(secret, { checkoutId, paymentId: `pf-${companyName}` }));
    expect(paid.status).toBe(200);
    return { token, cipNumber: input.cipNumber };
  }

  let secret: string;

  beforeAll(async () => {
    t = await startTestApp(driver, {}, OPERATOR);
    if (t.config.billing.provider !== 'sandbox') throw new Error('the test app should default to the sandbox provider');
    secret = t.config.billing.secret;
    op = (await t.request('POST', '/api/login', { username: 'platform', password: 'Pl4tform!pass' })).body.token;
  });
  afterAll(() => t?.close());

  it('without a VAT number is an Invoice saying none is registered, never a made-up one', async () => {
    const { token, cipNumber } = await paidCompany('Sizwe Burial Society');
    const [payment] = await history(token);
    expect(payment).toMatchObject({ status: 'paid', invoiceNumber: expect.any(Number) });
    const answer = await invoice(token, payment!.id);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(await answer.arrayBuffer());
    expect(text).not.toContain('Tax Invoice');
    expect(text).toContain('Invoice');
    expect(text).toContain('No VAT number is registered');
    expect(text).not.toMatch(/VAT number 4\d{9}/);
    expect(text).not.toContain('VAT 15 %');
    expect(text).toContain('Funeral Policy Admin');
    expect(text).toContain('Sizwe Burial Society');
    expect(text).toMatch(/12 Long Street, Cape Town, .*8001/);
    expect(text).toContain(cipNumber);
    expect(text).toContain(`INV-${String(payment!.invoiceNumber).padStart(6, '0')}`);
    expect(text).toContain('R 299,00');
    expect(text).toContain(longDate(southAfricanDate(new Date())));
  });

  it('with the platform’s details set is a Tax Invoice with VAT at 15 %, numbered in sequence and the same each time', async () => {
    const settings: [string, string][] = [
      [PLATFORM_SETTINGS.name, 'Ubuntu Cover Platform (Pty) Ltd'],
      [PLATFORM_SETTINGS.address, '1 Adderley Street, Cape Town, 8000'],
      [PLATFORM_SETTINGS.vatNumber, '4123456789'],
    ];
    const badVat = await t.request(
      'POST',
      '/api/super-admin/settings',
      { key: PLATFORM_SETTINGS.vatNumber, value: '12345', category: 'billing' },
      { token: op },
    );
    expect([badVat.status, badVat.body.message]).toEqual([400, 'A VAT number is ten digits starting with 4']);
    for (const [key, value] of settings) {
      expect((await t.request('POST', '/api/super-admin/settings', { key, value, category: 'billing' }, { token: op })).status).toBe(201);
    }
    const first = await paidCompany('Amandla Funerals');
    const second = await paidCompany('Khaya Funeral Parlour');
    const [a] = await history(first.token);
    const [b] = await history(second.token);
    expect(b!.invoiceNumber).toBe(a!.invoiceNumber! + 1);

    const text = await pdfText(await (await invoice(second.token, b!.id)).arrayBuffer());
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('Ubuntu Cover Platform (Pty) Ltd');
    expect(text).toContain('1 Adderley Street, Cape Town, 8000');
    expect(text).toContain('VAT number 4123456789');
    expect(text).toContain('Khaya Funeral Parlour');
    // R 299,00 paid, VAT-inclusive: R 260,00 excl. and R 39,00 VAT.
    expect(text).toContain('Amount excl. VAT R 260,00');
    expect(text).toContain('VAT at 15 % R 39,00');
    expect(text).toContain('Total paid R 299,00');
    expect(text).toContain('Premium Plan: subscription for');
    const again = await pdfText(await (await invoice(second.token, b!.id)).arrayBuffer());
    expect(again).toBe(text);
  });

  it('is refused for a failed payment (422), another company’s payment (404), and a visitor (401)', async () => {
    const { token } = (await t.request('POST', '/api/register', registration())).body as { token: string };
    await pressSandboxButton(
      t,
      (await t.request('POST', '/api/subscription/create-checkout', { tier: 'starter' }, { token })).body.redirectUrl,
      'fail',
    );
    const [failed] = await history(token);
    expect(failed).toMatchObject({ status: 'failed', invoiceNumber: null });
    const refused = await invoice(token, failed!.id);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { message: string }).message).toBe('Only a paid subscription payment has an invoice.');
    const other = await paidCompany('Other Company');
    const [theirs] = await history(other.token);
    expect((await invoice(token, theirs!.id)).status).toBe(404);
    expect((await invoice(token, 'not-a-uuid')).status).toBe(404);
    expect((await t.app.handle(new Request(`http://localhost/api/subscription/billing-history/${theirs!.id}/invoice.pdf`))).status).toBe(
      401,
    );
  });
});

import { createHash } from 'node:crypto';
import { paramString, pfEncode, type Pair } from './billing/payfast-signature.ts';
import { sandboxSignature } from './billing/sandbox.ts';
import { registration, type Answer, type TestApp } from './testing.ts';

/** Test-only helpers for checkouts: follow the sandbox's page as a browser would, forge notifications. */

const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The hidden fields of the sandbox page's form, in page order. */
export function hiddenFields(html: string): [string, string][] {
  return [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((m) => [unescape(m[1]!), unescape(m[2]!)]);
}

/** The path and query of an absolute URL (the test app is driven through its fetch handler). */
export const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

export function postForm(t: TestApp, path: string, pairs: readonly Pair[] | string): Promise<Answer> {
  const body = typeof pairs === 'string' ? pairs : new URLSearchParams(pairs.map(([k, v]) => [k, v])).toString();
  return t.request('POST', path, body, { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

/** Opens the sandbox page of a checkout's redirect URL and presses a button; answers the page and the button's answer. */
export async function pressSandboxButton(t: TestApp, redirectUrl: string, action: 'pay' | 'cancel' | 'fail') {
  const page = await t.request('GET', pathOf(redirectUrl));
  const answer = await postForm(t, '/api/billing/sandbox/checkout', [...hiddenFields(page.body as string), ['action', action]]);
  return { page, answer };
}

/** The Premium Plan paid for in the sandbox, as an administrator pays for it (its members then get messages, issue #24). */
export async function payForPremium(t: TestApp, token: string): Promise<void> {
  const checkout = await t.request('POST', '/api/subscription/create-checkout', { tier: 'starter' }, { token });
  if (checkout.status !== 200) throw new Error(`checkout: ${checkout.status} ${JSON.stringify(checkout.body)}`);
  await pressSandboxButton(t, checkout.body.redirectUrl, 'pay');
}

/** A newly registered company on the paid Premium Plan with one policy type, Family 20k (R 120 a month, 6 months' wait). */
export async function premiumCompany(t: TestApp): Promise<{ admin: string; companyId: string; typeId: string }> {
  const registered = (await t.request('POST', '/api/register', registration())).body;
  await payForPremium(t, registered.token);
  const type = await t.request(
    'POST',
    '/api/policy-types',
    { name: 'Family 20k', coverageAmount: '20000', monthlyPremium: '120', waitingPeriod: 6 },
    { token: registered.token },
  );
  if (type.status !== 201) throw new Error(`policy type: ${type.status} ${JSON.stringify(type.body)}`);
  return { admin: registered.token, companyId: registered.user.companyId, typeId: type.body.id };
}

/** A sandbox notification as the sandbox gateway sends it, signed with `secret`. */
export function sandboxNotification(
  secret: string,
  fields: { checkoutId: string; paymentId: string; status?: string; amount?: string },
): string {
  const pairs: Pair[] = [
    ['m_payment_id', fields.checkoutId],
    ['pf_payment_id', fields.paymentId],
    ['payment_status', fields.status ?? 'COMPLETE'],
    ['item_name', 'Premium Plan'],
    ['amount_gross', fields.amount ?? '299.00'],
    ['merchant_id', 'sandbox'],
  ];
  return `${paramString(pairs)}&signature=${sandboxSignature(pairs, secret)}`;
}

/** A PayFast ITN signed the way PayFast signs it (pairs as posted, then the passphrase). */
export function payfastItn(passphrase: string, pairs: Pair[]): string {
  const base = pairs.map(([k, v]) => `${k}=${pfEncode(v)}`).join('&');
  return `${base}&signature=${createHash('md5')
    .update(`${base}&passphrase=${pfEncode(passphrase)}`)
    .digest('hex')}`;
}

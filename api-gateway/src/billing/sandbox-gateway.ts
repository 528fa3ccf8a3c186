import { randomUUID } from 'node:crypto';
import { paramString, type Pair } from './payfast-signature.ts';
import { SANDBOX_MERCHANT_ID, sandboxSignature, verifiedSandboxPairs } from './sandbox.ts';

/*
 * The gateway side of the sandbox: its hosted payment page and its buttons. It knows the checkout
 * only from the signed parameters it was sent with, like a real gateway, and reaches the merchant
 * only through notify_url.
 */

export type Deliver = (request: Request) => Promise<Response>;

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const valueOf = (pairs: readonly Pair[], name: string) => pairs.find(([key]) => key === name)?.[1] ?? '';

const STYLE = `body{font-family:system-ui,sans-serif;background:#f1f5f9;margin:0;padding:48px 16px;color:#0f172a}
main{max-width:460px;margin:0 auto;background:#fff;border-radius:12px;padding:32px;box-shadow:0 4px 24px #0f172a1a}
h1{font-size:1.4rem;margin:0 0 4px}.note{color:#b45309;background:#fef3c7;padding:8px 12px;border-radius:8px;font-size:.9rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:24px 0}dt{color:#475569}dd{margin:0;font-weight:600}
.actions{display:flex;gap:12px;flex-wrap:wrap}button{font:inherit;padding:10px 20px;border-radius:8px;border:1px solid #cbd5e1;background:#fff;cursor:pointer}
button[value=pay]{background:#16a34a;border-color:#16a34a;color:#fff}button[value=fail]{color:#b91c1c;border-color:#fca5a5}`;

function page(title: string, body: string, status = 200): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}

/** GET: the payment page for the signed checkout in the query; a tampered link gets an error page. */
export function sandboxCheckoutPage(query: URLSearchParams, secret: string): Response {
  let pairs: Pair[];
  try {
    pairs = verifiedSandboxPairs(query, secret);
  } catch {
    return page(
      'Invalid payment link',
      '<h1>Invalid payment link</h1><p>This payment link is not valid. Start the upgrade again from the Subscription page.</p>',
      400,
    );
  }
  const hidden = [...pairs, ['signature', query.get('signature') ?? ''] as const]
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('');
  const amount = `R${valueOf(pairs, 'amount')}`;
  return page(
    'Sandbox payment',
    `<h1>Sandbox payment</h1>
<p class="note">Test mode: no card is charged. Pay confirms the payment to the server like a real gateway would.</p>
<dl><dt>Company</dt><dd>${escape(valueOf(pairs, 'custom_str1'))}</dd><dt>Plan</dt><dd>${escape(valueOf(pairs, 'item_name'))}</dd>
<dt>Amount</dt><dd>${escape(amount)}</dd><dt>Payment method</dt><dd>Credit Card</dd></dl>
<form method="post" action="/api/billing/sandbox/checkout">${hidden}
<div class="actions"><button type="submit" name="action" value="pay">Pay</button><button type="submit" name="action" value="cancel">Cancel</button><button type="submit" name="action" value="fail">Fail</button></div></form>`,
  );
}

function redirect(location: string): Response {
  return new Response(null, { status: 303, headers: { location } });
}

/** POST: a button of the page. Pay and Fail notify the merchant first (signed), then send the browser back. */
export async function sandboxCheckoutAction(form: URLSearchParams, secret: string, deliver: Deliver): Promise<Response> {
  const action = form.get('action');
  const signed = new URLSearchParams([...form].filter(([name]) => name !== 'action'));
  let pairs: Pair[];
  try {
    pairs = verifiedSandboxPairs(signed, secret);
  } catch {
    return page(
      'Invalid payment',
      '<h1>Invalid payment</h1><p>This payment form is not valid. Start the upgrade again from the Subscription page.</p>',
      400,
    );
  }
  if (action === 'cancel') return redirect(valueOf(pairs, 'cancel_url'));
  if (action !== 'pay' && action !== 'fail') return page('Unknown action', '<h1>Unknown action</h1>', 400);
  const notification: Pair[] = [
    ['m_payment_id', valueOf(pairs, 'm_payment_id')],
    ['pf_payment_id', randomUUID()],
    ['payment_status', action === 'pay' ? 'COMPLETE' : 'FAILED'],
    ['item_name', valueOf(pairs, 'item_name')],
    ['amount_gross', valueOf(pairs, 'amount')],
    ['merchant_id', SANDBOX_MERCHANT_ID],
  ];
  const body = `${paramString(notification)}&signature=${sandboxSignature(notification, secret)}`;
  const answer = await deliver(
    new Request(valueOf(pairs, 'notify_url'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }),
  );
  // A merchant that refused the notification has not been paid, whatever the button said.
  return redirect(action === 'pay' && answer.ok ? valueOf(pairs, 'return_url') : valueOf(pairs, 'failure_url'));
}

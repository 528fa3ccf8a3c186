import { createHash } from 'node:crypto';

/*
 * PayFast's signature rules (developers.payfast.co.za, "Step 2: Signature"):
 *  - the variables as name=value pairs joined with '&', in the order PayFast documents them for a
 *    checkout (CHECKOUT_FIELDS), or in the order posted for an ITN (every pair before `signature`);
 *    a checkout leaves out blank values;
 *  - values URL-encoded the way PHP's urlencode does it (PayFast's own code is PHP): upper-case %XX,
 *    spaces as '+', and only A-Z a-z 0-9 - _ . left as they are;
 *  - '&passphrase=<encoded passphrase>' appended when the account has a passphrase;
 *  - the MD5 of that string, as lower-case hex.
 */

/** The checkout variables in PayFast's documented order; a signature lists them in this order only. */
export const CHECKOUT_FIELDS = [
  'merchant_id',
  'merchant_key',
  'return_url',
  'cancel_url',
  'notify_url',
  'name_first',
  'name_last',
  'email_address',
  'cell_number',
  'm_payment_id',
  'amount',
  'item_name',
  'item_description',
  'custom_int1',
  'custom_int2',
  'custom_int3',
  'custom_int4',
  'custom_int5',
  'custom_str1',
  'custom_str2',
  'custom_str3',
  'custom_str4',
  'custom_str5',
  'email_confirmation',
  'confirmation_address',
  'payment_method',
] as const;

export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];
export type Pair = readonly [name: string, value: string];

/** PHP's urlencode: encodeURIComponent also leaves ! ' ( ) * ~ alone, which PHP encodes. */
export function pfEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** A checkout's pairs in the documented order, blank values left out, values trimmed. */
export function checkoutPairs(fields: Partial<Record<CheckoutField, string>>): Pair[] {
  return CHECKOUT_FIELDS.flatMap((name) => {
    const value = fields[name]?.trim();
    return value ? [[name, value] as const] : [];
  });
}

export function paramString(pairs: readonly Pair[]): string {
  return pairs.map(([name, value]) => `${name}=${pfEncode(value)}`).join('&');
}

export function payfastSignature(pairs: readonly Pair[], passphrase: string | null): string {
  const base = paramString(pairs);
  const signed = passphrase ? `${base}&passphrase=${pfEncode(passphrase.trim())}` : base;
  return createHash('md5').update(signed).digest('hex');
}

/** An ITN's pairs as posted, up to (not including) its signature; blank values stay, as PayFast signs them. */
export function notificationPairs(form: URLSearchParams): { pairs: Pair[]; signature: string | null } {
  const pairs: Pair[] = [];
  for (const [name, value] of form) {
    if (name === 'signature') return { pairs, signature: value };
    pairs.push([name, value]);
  }
  return { pairs, signature: null };
}

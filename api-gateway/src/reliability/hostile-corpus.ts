/*
 * The hostile-input corpus: bodies, path segments and query strings meant to break a handler.
 * Test-only. Each entry names what it tries, so a finding reads as "route × entry → status".
 */

export type HostileBody = { name: string; body: string | Uint8Array; contentType?: string };

/** Field names our payloads use: a hostile value under each reaches whichever field a route reads. */
const FIELDS = [
  'username',
  'password',
  'email',
  'firstName',
  'lastName',
  'name',
  'companyName',
  'description',
  'status',
  'reason',
  'notes',
  'memberId',
  'policyId',
  'policyTypeId',
  'mainMemberId',
  'saId',
  'phone',
  'role',
  'question',
  'amount',
  'claimAmount',
  'coverageAmount',
  'monthlyPremium',
  'paymentDate',
  'dateOfBirth',
  'token',
  'newPassword',
  'currentPassword',
  'planId',
  'value',
];
const everyField = (value: unknown) => JSON.stringify(Object.fromEntries(FIELDS.map((field) => [field, value])));

export const NUL = 'Thandi\u0000Nkosi';
export const LONE_SURROGATE = 'Thandi\uD800';
export const HUGE = 'A'.repeat(1_048_576); // 1 MB: over MAX_BODY_BYTES, must be 413 before parsing
export const LARGE = 'B'.repeat(200_000); // under the body limit, over the text limit
export const SQL = "x'); delete from es_events; --";
export const SCRIPT = '<img src=x onerror=alert(1)><script>alert(1)</script>';
export const UNICODE_TRICKS = '\u202Egnp.exe\u200B\u200D\uFEFFＡｄｍｉｎ'; // RTL override, zero-width, BOM, full-width

/** Text a stored value must never contain (each must be refused with a 400 wherever it goes). */
export const REFUSED_TEXT = [NUL, LONE_SURROGATE, LARGE];

export const hostileBodies: HostileBody[] = [
  { name: 'array instead of object', body: '[]' },
  { name: 'string instead of object', body: '"hello"' },
  { name: 'number instead of object', body: '42' },
  { name: 'null', body: 'null' },
  { name: 'malformed JSON', body: '{"firstName": ' },
  { name: 'missing fields', body: '{}' },
  { name: 'wrong types (numbers)', body: everyField(12345) },
  { name: 'wrong types (arrays)', body: everyField([1, 'two', null]) },
  { name: 'wrong types (objects)', body: everyField({ $gt: '' }) },
  { name: 'wrong types (booleans)', body: everyField(true) },
  { name: 'huge numbers', body: everyField(1e308).replaceAll('1e+308', '1e309') },
  { name: 'NUL bytes', body: everyField(NUL) },
  { name: 'lone surrogates', body: everyField(LONE_SURROGATE).replaceAll('\\ud800', '\\uD800') },
  { name: 'RTL override and zero-width', body: everyField(UNICODE_TRICKS) },
  {
    name: 'overlong UTF-8',
    body: new Uint8Array([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0xe0, 0x80, 0xaf, 0x22, 0x7d]),
  },
  { name: 'invalid UTF-8 (encoded surrogate)', body: new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]) },
  { name: 'SQL injection', body: everyField(SQL) },
  { name: 'script injection', body: everyField(SCRIPT) },
  {
    name: 'prototype pollution',
    body: '{"__proto__":{"role":"administrator","isAdmin":true},"constructor":{"prototype":{"polluted":true}}}',
  },
  { name: 'deeply nested array (10,000)', body: '['.repeat(10_000) + ']'.repeat(10_000) },
  { name: 'deeply nested object (10,000)', body: '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000) },
  { name: '1 MB string', body: JSON.stringify({ firstName: HUGE, name: HUGE }) },
  { name: '200 KB strings', body: everyField(LARGE) },
  { name: 'form body to a JSON route', body: 'firstName=a&lastName=b', contentType: 'application/x-www-form-urlencoded' },
];

/** Form routes (payment notifications, sandbox buttons) get hostile forms too. */
export const hostileForms: HostileBody[] = [
  { name: 'empty form', body: '' },
  { name: 'NUL in form', body: 'm_payment_id=%00&payment_status=COMPLETE&signature=%00' },
  { name: 'invalid percent escape', body: 'm_payment_id=%E0%A4%A&x=%' },
  { name: 'SQL in form', body: `m_payment_id=${encodeURIComponent(SQL)}&amount_gross=1e309` },
  { name: 'huge form', body: `m_payment_id=${'9'.repeat(200_000)}` },
].map((form) => ({ ...form, contentType: 'application/x-www-form-urlencoded' }));

/** Values put in each :param of a route's path (already URL-encoded). */
export const hostileSegments: { name: string; segment: string }[] = [
  { name: 'SQL in id', segment: encodeURIComponent("1' or '1'='1") },
  { name: 'NUL in id', segment: '%00' },
  { name: 'path traversal', segment: '..%2F..%2Fetc%2Fpasswd' },
  { name: 'script in id', segment: encodeURIComponent(SCRIPT) },
  { name: 'long id', segment: 'x'.repeat(5_000) },
  { name: 'RTL override in id', segment: encodeURIComponent(UNICODE_TRICKS) },
  { name: 'invalid UTF-8 (encoded surrogate) in id', segment: '%ED%A0%80' },
  { name: 'broken percent escape', segment: '%E0%A4%A' },
  { name: 'negative number', segment: '-1' },
];

/** Query strings for GET routes (search, paging, filters). */
export const hostileQueries: { name: string; query: string }[] = [
  { name: 'SQL in search', query: `search=${encodeURIComponent(SQL)}&status=${encodeURIComponent("' or 1=1 --")}` },
  { name: 'NUL in search', query: 'search=%00&status=%00&type=%00' },
  { name: 'invalid UTF-8 (encoded surrogate) in search', query: 'search=%ED%A0%80' },
  { name: 'absurd paging', query: 'page=-1&limit=1e309&pageSize=99999999999&offset=-5' },
  { name: 'arrays and objects', query: 'page[$gt]=1&limit[]=2&status[]=a&status[]=b&from=not-a-date&to=9999-99-99' },
  { name: 'long search', query: `search=${'z'.repeat(30_000)}` },
];

/** A valid query `depth` levels deep: SchemeMember.familyMembers is the schema's one self-reference. */
export function deepGraphQLQuery(depth: number): string {
  return `query { schemeMembers(schemeId: "00000000-0000-4000-8000-000000000000") { ${'familyMembers { '.repeat(depth - 1)}id${' }'.repeat(depth - 1)} } }`;
}

export function aliasGraphQLQuery(aliases: number): string {
  return `query { ${Array.from({ length: aliases }, (_, i) => `a${i}: __typename`).join(' ')} }`;
}

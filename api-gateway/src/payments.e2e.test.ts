import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDrivers } from '@fpa/write-model/testing';
import { southAfricanDate } from '@fpa/write-model';
import { makeSaId, registration, startTestApp, type TestApp } from './testing.ts';
import { staffToken } from './role-sessions.testing.ts';

let sequence = 4000;
const nextSaId = () => makeSaId('720707', String(sequence++).padStart(4, '0'));
const today = () => southAfricanDate(new Date());
type Payment = { id: string; status: string; amount: string; policyNumber: string };

describe.each(testDrivers())('payments over HTTP on $name', (driver) => {
  let t: TestApp;
  let admin: string;
  let clerk: string;
  let other: string;
  let policy: { id: string; policyNumber: string };
  let otherPolicy: { id: string };

  async function memberWithPolicy(token: string, firstName: string) {
    const type = (
      await t.request(
        'POST',
        '/api/policy-types',
        { name: `Funeral ${firstName}`, coverageAmount: '20000', monthlyPremium: '120', waitingPeriod: 6 },
        { token },
      )
    ).body;
    const member = (
      await t.request(
        'POST',
        '/api/members',
        {
          firstName,
          lastName: 'Mthembu',
          saId: nextSaId(),
          phone: '0821234567',
          address: '3 Church Street',
          city: 'Pietermaritzburg',
          province: 'KZN',
          postalCode: '3201',
          isMainMember: true,
          policyTypeId: type.id,
        },
        { token },
      )
    ).body;
    return { id: member.policyId as string, policyNumber: member.policyNumber as string };
  }
  const pay = (token: string, body: Record<string, unknown>) => t.request('POST', '/api/payments', body, { token });
  const valid = (overrides: Record<string, unknown> = {}) => ({
    policyId: policy.id,
    amount: '150.5',
    paymentDate: today(),
    paymentMethod: 'eft',
    ...overrides,
  });
  const countRecorded = async () =>
    (await t.services.sql.query<{ n: number }>(`select count(*)::int as n from es_events where type = 'PaymentRecorded'`))[0]!.n;

  beforeAll(async () => {
    t = await startTestApp(driver);
    const registered = (await t.request('POST', '/api/register', registration())).body;
    admin = registered.token;
    other = (await t.request('POST', '/api/register', registration())).body.token;
    clerk = await staffToken(t, registered.user.companyId, 'billing_clerk');
    policy = await memberWithPolicy(admin, 'Themba');
    otherPolicy = await memberWithPolicy(other, 'Sipho');
  });
  afterAll(async () => t?.close());

  it('records a payment against a policy of the company, completed, and lists it with the table columns', async () => {
    const answer = await pay(clerk, valid({ reference: 'EFT-0001', notes: 'Paid at the branch' }));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      policyId: policy.id,
      policyNumber: policy.policyNumber,
      memberName: 'Themba Mthembu',
      amount: '150.50',
      paymentDate: today(),
      paymentMethod: 'eft',
      reference: 'EFT-0001',
      notes: 'Paid at the branch',
      status: 'completed',
      groupSchemeId: null,
      schemeName: null,
    });
    const list = await t.request('GET', '/api/payments', undefined, { token: clerk });
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({ id: answer.body.id, method: 'eft', paymentMethod: 'eft', createdAt: expect.any(String) });
    expect(list.headers.get('x-total-count')).toBe(String(list.body.length));
    const theirs = await t.request('GET', '/api/payments', undefined, { token: other });
    expect(theirs.body.map((p: Payment) => p.id)).not.toContain(answer.body.id);
  });

  it('refuses incomplete payments and other companies’ policies with the spec’s messages, appending nothing', async () => {
    const before = await countRecorded();
    const empty = await pay(clerk, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Policy selection is required');
    expect(empty.body.issues.map((i: { message: string }) => i.message)).toEqual(
      expect.arrayContaining([
        'Policy selection is required',
        'Amount is required',
        'Payment date is required',
        'Payment method is required',
      ]),
    );
    expect((await pay(clerk, valid({ amount: '0' }))).body.message).toBe('Amount must be greater than 0');
    expect((await pay(clerk, valid({ paymentMethod: 'mobile_money' }))).body.message).toBe('Payment method is required');
    for (const policyId of [otherPolicy.id, 'not-a-policy', crypto.randomUUID()]) {
      const refused = await pay(clerk, valid({ policyId }));
      expect([refused.status, refused.body.message, refused.body.issues[0]?.path]).toEqual([
        400,
        'No policy was found with that id.',
        ['policyId'],
      ]);
    }
    expect(await countRecorded()).toBe(before);
  });

  it('refuses payment dates PostgreSQL cannot hold or that cannot be meant (year 0000, 30 February, years ahead) with a 400 naming paymentDate', async () => {
    const before = await countRecorded();
    const nextYear = `${Number(today().slice(0, 4)) + 2}${today().slice(4)}`;
    for (const [paymentDate, message] of [
      ['0000-01-01', 'Payment date cannot be before 1900-01-01'],
      ['1899-12-31', 'Payment date cannot be before 1900-01-01'],
      ['2026-02-30', 'Payment date must be a valid date'],
      ['9999-12-31', expect.stringMatching(/^Payment date cannot be more than a year ahead \(after \d{4}-\d{2}-\d{2}\)$/)],
      [nextYear, expect.stringMatching(/^Payment date cannot be more than a year ahead/)],
    ] as const) {
      const refused = await pay(clerk, valid({ paymentDate }));
      expect([refused.status, refused.body.message, refused.body.issues[0]?.path]).toEqual([400, message, ['paymentDate']]);
    }
    expect(await countRecorded()).toBe(before);
  });

  it('refuses amounts the numeric(17,2) column and its sums cannot hold (1e20, a billion, NaN) with a 400 naming amount', async () => {
    const before = await countRecorded();
    for (const [amount, message] of [
      [1e20, 'Enter an amount in rand, e.g. 1500 or 1500.50'],
      ['1000000000', 'Amount cannot be more than 999999999.99'],
      ['999999999999999.99', 'Amount cannot be more than 999999999.99'],
      ['NaN', 'Enter an amount in rand, e.g. 1500 or 1500.50'],
      ['-1', 'Enter an amount in rand, e.g. 1500 or 1500.50'],
    ] as const) {
      const refused = await pay(clerk, valid({ amount }));
      expect([refused.status, refused.body.message, refused.body.issues[0]?.path]).toEqual([400, message, ['amount']]);
    }
    expect(await countRecorded()).toBe(before);
    expect((await pay(clerk, valid({ amount: '999999999.99' }))).status).toBe(201);
  });

  it('sets any status from any other, refuses the same status, and hides other companies’ payments', async () => {
    const { id } = (await pay(clerk, valid())).body;
    for (const status of ['refunded', 'pending', 'failed', 'completed']) {
      const changed = await t.request('PATCH', `/api/payments/${id}`, { status }, { token: clerk });
      expect([changed.status, changed.body.status]).toEqual([200, status]);
    }
    const listed = (await t.request('GET', `/api/payments?status=completed&policyId=${policy.id}`, undefined, { token: admin })).body;
    expect(listed.map((p: Payment) => p.id)).toContain(id);
    const same = await t.request('PATCH', `/api/payments/${id}`, { status: 'completed' }, { token: clerk });
    expect([same.status, same.body.message]).toEqual([409, 'The payment is already completed.']);
    const bad = await t.request('PATCH', `/api/payments/${id}`, { status: 'paid' }, { token: clerk });
    expect([bad.status, bad.body.message]).toEqual([400, 'Status must be pending, completed, failed or refunded']);
    for (const [token, paymentId] of [
      [other, id],
      [clerk, crypto.randomUUID()],
    ] as const) {
      const missing = await t.request('PATCH', `/api/payments/${paymentId}`, { status: 'failed' }, { token });
      expect([missing.status, missing.body.message]).toEqual([404, 'Payment not found']);
    }
  });

  it('pages the REST list with x-next-cursor', async () => {
    await pay(clerk, valid({ reference: 'PAGE-1' }));
    await pay(clerk, valid({ reference: 'PAGE-2' }));
    const first = await t.request('GET', '/api/payments?first=1&search=page-', undefined, { token: clerk });
    expect([first.body.map((p: { reference: string }) => p.reference), first.headers.get('x-total-count')]).toEqual([['PAGE-2'], '2']);
    const cursor = first.headers.get('x-next-cursor');
    const second = await t.request('GET', `/api/payments?first=1&search=page-&after=${cursor}`, undefined, { token: clerk });
    expect([second.body.map((p: { reference: string }) => p.reference), second.headers.get('x-next-cursor')]).toEqual([['PAGE-1'], null]);
    expect((await t.request('GET', '/api/payments?after=nonsense', undefined, { token: clerk })).body.message).toBe('Invalid cursor');
  });

  it('lets administrators and billing clerks in, and no one else', async () => {
    const companyId = (await t.request('GET', '/api/company', undefined, { token: admin })).body.id;
    for (const role of ['claim_admin', 'policy_admin', 'agent'] as const) {
      const token = await staffToken(t, companyId, role);
      expect((await t.request('GET', '/api/payments', undefined, { token })).status).toBe(403);
      expect((await pay(token, valid())).status).toBe(403);
    }
    expect((await t.request('GET', '/api/payments')).status).toBe(401);
    expect((await t.request('GET', '/api/payments', undefined, { token: admin })).status).toBe(200);
  });

  it('serves the same over GraphQL, with premiums collected per month and arrears', async () => {
    const recorded = await t.graphql(
      `mutation($i: RecordPaymentInput!) { recordPayment(input: $i) { id status amount memberName paymentMethod } }`,
      { i: { policyId: policy.id, amount: '99.99', paymentDate: today(), paymentMethod: 'cash', reference: 'GQL-1' } },
      clerk,
    );
    expect(recorded.body.errors).toBeUndefined();
    const payment = recorded.body.data.recordPayment;
    expect(payment).toMatchObject({ status: 'completed', amount: '99.99', memberName: 'Themba Mthembu', paymentMethod: 'cash' });
    const changed = await t.graphql(
      `mutation($id: ID!) { changePaymentStatus(id: $id, status: refunded) { status statusChangedAt statusChangedByName } }`,
      { id: payment.id },
      clerk,
    );
    expect(changed.body.data.changePaymentStatus).toMatchObject({
      status: 'refunded',
      statusChangedAt: expect.any(String),
      statusChangedByName: 'Staff billing_clerk',
    });

    const read = await t.graphql(
      `{ payments(search: "gql-", first: 5) { totalCount nodes { id status reference } pageInfo { hasNextPage } }
         all: payments(status: completed) { totalCount nodes { amount } }
         premiumsCollected(months: 2) { month amount paymentCount }
         policyArrears { totalCount nodes { policyNumber memberName monthsInArrears lastPaymentDate } } }`,
      {},
      clerk,
    );
    expect(read.body.errors).toBeUndefined();
    const data = read.body.data;
    expect(data.payments).toEqual({
      totalCount: 1,
      nodes: [{ id: payment.id, status: 'refunded', reference: 'GQL-1' }],
      pageInfo: { hasNextPage: false },
    });
    const completedCents = data.all.nodes.reduce((sum: number, p: { amount: string }) => sum + Math.round(Number(p.amount) * 100), 0);
    expect(data.premiumsCollected).toHaveLength(2);
    expect(data.premiumsCollected[1]).toEqual({
      month: today().slice(0, 7),
      amount: (completedCents / 100).toFixed(2),
      paymentCount: data.all.totalCount,
    });
    expect(data.policyArrears.nodes).toContainEqual({
      policyNumber: policy.policyNumber,
      memberName: 'Themba Mthembu',
      monthsInArrears: 0,
      lastPaymentDate: today(),
    });

    const refused = await t.graphql(
      `{ payments { totalCount } }`,
      {},
      await staffToken(t, (await t.request('GET', '/api/company', undefined, { token: admin })).body.id, 'claim_admin'),
    );
    expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});

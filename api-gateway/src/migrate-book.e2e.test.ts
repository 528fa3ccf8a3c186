import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingPolicy } from '@fpa/projections';
import { premiumLedger } from '@fpa/write-model';
import { testDrivers } from '@fpa/write-model/testing';
import { makeSaId, registration, startTestApp, type TestApp } from './testing.ts';
import { staffToken } from './role-sessions.testing.ts';

/*
 * Issue #20, migrating a book: the policy types' calendar rules, and a CSV import whose rows carry the
 * policy's inception date, its paid-up-to date in the old system and its debit day, the policy type by
 * name. A migrated policy behind today is in arrears at once, and the next daily run sends its notice.
 * The clock is services.now, at 10:00 South African time on 2026-06-15.
 */
let sequence = 4100;
const nextSaId = () => makeSaId('720303', String(sequence++).padStart(4, '0'));

const row = (overrides: Record<string, string>) => ({
  firstName: 'Nomsa',
  lastName: 'Zulu',
  identifierType: 'saId',
  saId: nextSaId(),
  phone: '0821234567',
  address: '14 Market Street',
  city: 'Polokwane',
  province: 'LP',
  postalCode: '0699',
  isMainMember: 'true',
  ...overrides,
});

const GRACE_15A = 'Grace period must be at least 15 days (Policyholder Protection Rules, rule 15A)';

describe.each(testDrivers())('migrating a book on $name', (driver) => {
  let t: TestApp;
  let admin: string;
  let companyId: string;
  const funeral = { name: 'Funeral Gold', coverageAmount: '20000', monthlyPremium: '100', waitingPeriod: 6 };

  beforeAll(async () => {
    t = await startTestApp(driver);
    const instant = new Date('2026-06-15T08:00:00Z');
    t.services.now = () => instant;
    const registered = (await t.request('POST', '/api/register', registration())).body;
    admin = registered.token;
    companyId = registered.user.companyId;
  });
  afterAll(async () => t?.close());

  it("a policy type keeps the calendar's rules; grace below 15 days is refused with rule 15A's words, and changes nothing", async () => {
    const refused = await t.request('POST', '/api/policy-types', { ...funeral, name: 'Short Grace', graceDays: 14 }, { token: admin });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(GRACE_15A);
    expect(refused.body.issues).toEqual([{ path: ['graceDays'], message: GRACE_15A }]);
    const viaGraphql = await t.graphql(
      `mutation($i: PolicyTypeInput!) { createPolicyType(input: $i) { id } }`,
      { i: { ...funeral, name: 'Short Grace', graceDays: 14 } },
      admin,
    );
    expect(viaGraphql.body.errors?.[0]?.message).toBe(GRACE_15A);
    expect((await t.request('GET', '/api/policy-types', undefined, { token: admin })).body).toEqual([]);

    const strict = await t.request(
      'POST',
      '/api/policy-types',
      { ...funeral, name: 'Lenient', graceDays: 30, lapseAfterMissed: 3, reinstatementMonths: 0 },
      { token: admin },
    );
    expect(strict.status).toBe(201);
    expect(strict.body).toMatchObject({ graceDays: 30, lapseAfterMissed: 3, reinstatementMonths: 0 });
    // A client older than the rules leaves them out: the type keeps its own.
    const edited = await t.request('PUT', `/api/policy-types/${strict.body.id}`, { ...funeral, name: 'Lenient Plus' }, { token: admin });
    expect(edited.body).toMatchObject({ name: 'Lenient Plus', graceDays: 30, lapseAfterMissed: 3, reinstatementMonths: 0 });
    const plain = await t.request('POST', '/api/policy-types', funeral, { token: admin });
    expect(plain.body).toMatchObject({ graceDays: 15, lapseAfterMissed: 1, reinstatementMonths: 3 });
    const listed = await t.graphql(`{ policyTypes { name graceDays lapseAfterMissed reinstatementMonths } }`, {}, admin);
    expect(listed.body.data.policyTypes).toEqual([
      { name: 'Lenient Plus', graceDays: 30, lapseAfterMissed: 3, reinstatementMonths: 0 },
      { name: 'Funeral Gold', graceDays: 15, lapseAfterMissed: 1, reinstatementMonths: 3 },
    ]);
  });

  it('imports a policy 8 months old paid up to 3 months back: in arrears at once, and the daily run sends its notice', async () => {
    const chunk = {
      importId: 'book-1',
      chunkIndex: 0,
      firstRowNumber: 2,
      rows: [
        row({ firstName: 'Migrated', policyTypeId: ' funeral GOLD ', inceptionDate: '2025-10-15', paidUpTo: '2026-03-15', debitDay: '5' }),
        row({ firstName: 'Backwards', policyTypeId: 'Funeral Gold', inceptionDate: '2025-10-15', paidUpTo: '2025-10-14' }),
        row({ firstName: 'Unknown', policyTypeId: 'Platinum Cover' }),
      ],
    };
    const imported = await t.request('POST', '/api/members/import', chunk, { token: admin });
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({
      imported: 1,
      skippedForLimit: 0,
      failed: [
        { rowNumber: 3, errors: ['Paid-up-to date cannot be before the inception date'] },
        { rowNumber: 4, errors: ['Unknown policy type "Platinum Cover": give the name or the ID of one of your policy types'] },
      ],
    });

    const policies = (await t.request('GET', '/api/policies', undefined, { token: admin })).body as {
      id: string;
      memberName: string;
      policyTypeName: string;
      startDate: string;
      debitDay: number;
    }[];
    expect(policies).toHaveLength(1);
    const policy = policies[0]!;
    expect(policy).toMatchObject({ memberName: 'Migrated Zulu', policyTypeName: 'Funeral Gold', startDate: '2025-10-15', debitDay: 5 });
    const viaGraphql = await t.graphql(`{ policies { nodes { id startDate debitDay } } }`, {}, admin);
    expect(viaGraphql.body.data.policies.nodes).toEqual([{ id: policy.id, startDate: '2025-10-15', debitDay: 5 }]);
    // No payment was invented for the months paid in the old system.
    expect((await t.request('GET', '/api/payments', undefined, { token: admin })).body).toEqual([]);

    // The statement's ledger: October (due at the start) to March paid before migration; April, May
    // and June (due on the 5th) in arrears.
    const billing = await billingPolicy(t.services.sql, companyId, policy.id);
    expect(billing).not.toBeNull();
    const ledger = premiumLedger(
      { ...billing!.calendar.terms, suspensions: billing!.calendar.suspensions },
      billing!.calendar.payments,
      '2026-06-15',
    );
    expect(ledger.periods.map((p) => [p.period, p.dueDate, p.state])).toEqual([
      ['2025-10', '2025-10-15', 'paid'],
      ['2025-11', '2025-11-05', 'paid'],
      ['2025-12', '2025-12-05', 'paid'],
      ['2026-01', '2026-01-05', 'paid'],
      ['2026-02', '2026-02-05', 'paid'],
      ['2026-03', '2026-03-05', 'paid'],
      ['2026-04', '2026-04-05', 'unpaid'],
      ['2026-05', '2026-05-05', 'unpaid'],
      ['2026-06', '2026-06-05', 'unpaid'],
    ]);
    expect([ledger.paidUpTo, ledger.monthsInArrears, ledger.balance]).toEqual(['2026-04-04', 3, '300.00']);

    const clerk = await staffToken(t, companyId, 'billing_clerk');
    const run = await t.request('POST', '/api/billing/daily-run', {}, { token: clerk });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ days: ['2026-06-15'], noticesIssued: 1, policiesLapsed: 0, failed: 0 });
    const notice = (await t.services.store.readStream(`policy-${policy.id}`)).events.find((e) => e.type === 'NonPaymentNoticeIssued');
    expect(notice?.data).toMatchObject({ issuedOn: '2026-06-15', arrears: '300.00', graceEndsOn: '2026-06-29' });
    expect((notice?.data.missed as { period: string }[]).map((m) => m.period)).toEqual(['2026-04', '2026-05', '2026-06']);
  });
});

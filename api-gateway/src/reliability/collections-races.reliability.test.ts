import { reliabilityRuns, reportFigures, testDrivers } from '@fpa/write-model/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainMemberBody, setDay } from '../calendar.testing.ts';
import { registration, startTestApp, type TestApp } from '../testing.ts';

/**
 * Area 3 of the reliability suite, for collections (issue #21): two tabs doing the same thing at once.
 * Each burst sends, concurrently, the same debit date's batch several times, the same result file
 * several times, the same bank statement several times, and one unmatched credit assigned several
 * times. Invariants: one batch per date, each premium in one batch, a file applied once, a credit paid once.
 */
const BURSTS = reliabilityRuns('collections-races', 6);
const AREA = '3 invariants under races';
const COPIES = 4;

describe.each(testDrivers())(`${AREA}: collections on $name`, (driver) => {
  let t: TestApp;
  let token: string;
  let companyId: string;
  const policies: { id: string; policyNumber: string }[] = [];

  beforeAll(async () => {
    t = await startTestApp(driver, { readYourWritesTimeoutMs: 60_000 });
    setDay(t, '2026-01-10');
    const registered = (await t.request('POST', '/api/register', registration())).body;
    token = registered.token;
    companyId = registered.user.companyId;
    const type = (
      await t.request(
        'POST',
        '/api/policy-types',
        { name: 'Funeral', coverageAmount: '20000', monthlyPremium: '100', waitingPeriod: 6 },
        { token },
      )
    ).body;
    for (let i = 0; i < 3; i++) {
      const member = (await t.request('POST', '/api/members', mainMemberBody(type.id, { lastName: `Race${i}` }), { token })).body;
      policies.push({ id: member.policyId, policyNumber: member.policyNumber });
      const mandate = {
        accountHolder: 'Race Holder',
        bank: 'fnb',
        branchCode: '250655',
        accountNumber: `6200000000${i}`,
        accountType: 'cheque',
        debitDay: 1,
        mandateReference: `RACE-${i}`,
      };
      expect((await t.request('PUT', `/api/policies/${member.policyId}/mandate`, mandate, { token })).status).toBe(200);
    }
  });
  afterAll(async () => t?.close());

  const count = async (query: string) => (await t.services.sql.query<{ n: number }>(query, [companyId]))[0]!.n;
  const all = <T>(make: () => Promise<T>) => Promise.all(Array.from({ length: COPIES }, make));

  it(`${BURSTS} bursts: one batch per date, each premium once, each file and credit applied once`, async () => {
    const startedAt = Date.now();
    const violations = { batchesPerDate: 0, premiumTwice: 0, resultApplied: 0, statementApplied: 0, creditPaid: 0, serverErrors: 0 };
    let requests = 0;
    for (let burst = 0; burst < BURSTS; burst++) {
      // Each burst a month further: its premiums are owed by the month's end. The small credit assigned each burst
      // (less than a premium in all) goes to the unpaid first month, so no month is paid ahead of its batch.
      const month = `2026-${String(burst + 2).padStart(2, '0')}`;
      setDay(t, `${month}-01`);
      const debitDate = `${month}-01`;
      const batches = await all(() => t.request('POST', '/api/collections/batches', { debitDate }, { token }));
      const ids = new Set(batches.filter((b) => b.status === 201).map((b) => b.body.id));
      if (ids.size !== 1) violations.batchesPerDate++;
      const paymentsBefore = await count(`select count(*)::int as n from es_events where company_id = $1 and type = 'PaymentRecorded'`);
      const file = ['reference,amount,status,unpaid_code,date', ...policies.map((_, i) => `RACE-${i},10000,collected,,${debitDate}`)].join(
        '\n',
      );
      const results = await all(() =>
        t.request('POST', '/api/collections/results', file, { token, headers: { 'content-type': 'text/csv' } }),
      );
      const collected = results.reduce((sum, r) => sum + (r.status === 200 ? r.body.collected : 0), 0);
      if (collected !== policies.length) violations.resultApplied++;
      const statement = ['Date,Description,Reference,Amount', `${debitDate},UNKNOWN ${burst},walk-in,${burst + 1}.00`].join('\n');
      const imports = await all(() =>
        t.request('POST', '/api/collections/statements', statement, { token, headers: { 'content-type': 'text/csv' } }),
      );
      const fresh = imports.filter((r) => r.status === 200 && r.body.unmatched === 1);
      if (fresh.length !== 1) violations.statementApplied++;
      const statementId = fresh[0]?.body.statementId;
      const assigns = await all(() =>
        t.request(
          'POST',
          `/api/collections/statements/${statementId}/assign`,
          { line: 2, allocations: [{ policyId: policies[0]!.id, amount: `${burst + 1}.00` }] },
          { token },
        ),
      );
      if (assigns.filter((a) => a.status === 200).length !== 1) violations.creditPaid++;
      const paymentsAfter = await count(`select count(*)::int as n from es_events where company_id = $1 and type = 'PaymentRecorded'`);
      if (paymentsAfter - paymentsBefore !== policies.length + 1) violations.resultApplied++;
      for (const answer of [...batches, ...results, ...imports, ...assigns]) if (answer.status >= 500) violations.serverErrors++;
      requests += COPIES * 4;
    }
    const taken = await count(
      `select count(*)::int as n from (select key from reservations where scope = 'collection-premium:' || $1 group by key having count(*) > 1) d`,
    );
    violations.premiumTwice += taken;
    const total = Object.values(violations).reduce((a, b) => a + b, 0);
    reportFigures(
      {
        area: AREA,
        test: 'collections: batches, result files, statements and assignments sent concurrently',
        runs: BURSTS,
        checked: requests,
        checkedWhat: 'concurrent requests',
        differences: total,
        details: Object.fromEntries(Object.entries(violations).filter(([, n]) => n > 0)),
        driver: driver.name,
      },
      startedAt,
    );
    expect(violations).toEqual({
      batchesPerDate: 0,
      premiumTwice: 0,
      resultApplied: 0,
      statementApplied: 0,
      creditPaid: 0,
      serverErrors: 0,
    });
  });
});

import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { runCleanups } from '../engine/engine.fixtures.ts';
import { explainGenericUnderWall, recordingSql } from '../engine/explain.fixtures.ts';
import { policyArrears } from './arrears.queries.ts';
import { openPaymentsBed } from './payments.fixtures.ts';
import { findPayment, listPayments, paymentCounts } from './payments.queries.ts';
import { premiumsCollected, totalPremiumsCollected } from './premiums.queries.ts';

const ids = (page: { nodes: { id: string }[] }) => page.nodes.map((n) => n.id);

describe.each(testDrivers())('payments read model on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));
  const setup = () => openPaymentsBed(driver, cleanups);

  it("lists a company's payments newest first with the table's columns, and never another company's", async () => {
    const bed = await setup();
    const [a, b] = [bed.company(), bed.company()];
    const clerk = await a.user('Zanele', 'Mthembu');
    const themba = await a.policy('Themba', 'Mthembu');
    const pieter = await a.policy('Pieter', 'van Wyk');
    const first = await a.pay(clerk, themba.policyId, { amount: '150.5', reference: 'JUN-001', notes: 'Cash at branch' });
    const second = await a.pay(clerk, pieter.policyId, { amount: '299', paymentDate: '2025-07-01' });
    const theirs = await b.pay(null, (await b.policy('Themba', 'Mthembu')).policyId);
    await bed.project();

    const list = await listPayments(bed.sql, a.companyId);
    expect(ids(list)).toEqual([second, first]);
    expect(list.totalCount).toBe(2);
    expect(list.nodes[1]).toMatchObject({
      policyId: themba.policyId,
      policyNumber: themba.policyNumber,
      memberName: 'Themba Mthembu',
      amount: '150.50',
      paymentDate: '2025-06-15',
      paymentMethod: 'debit_order',
      reference: 'JUN-001',
      notes: 'Cash at branch',
      status: 'completed',
      groupSchemeId: null,
      schemeName: null,
      recordedBy: 'Zanele Mthembu',
      statusChangedAt: null,
    });
    expect(list.nodes[1]?.createdAt).toBeInstanceOf(Date);
    expect(await findPayment(bed.sql, a.companyId, theirs)).toBeNull();
    expect(await findPayment(bed.sql, b.companyId, theirs)).toMatchObject({ memberName: 'Themba Mthembu' });
    expect(await findPayment(bed.sql, a.companyId, 'not-a-uuid')).toBeNull();

    expect(ids(await listPayments(bed.sql, a.companyId, { search: 'them' }))).toEqual([first]);
    expect(ids(await listPayments(bed.sql, a.companyId, { search: 'pieter van' }))).toEqual([second]);
    // Surnames too: the last word of the member's name.
    expect(ids(await listPayments(bed.sql, a.companyId, { search: 'mthem' }))).toEqual([first]);
    expect(ids(await listPayments(bed.sql, a.companyId, { search: 'jun-' }))).toEqual([first]);
    expect(ids(await listPayments(bed.sql, a.companyId, { search: 'jun_' }))).toEqual([]); // no LIKE wildcards
    expect(ids(await listPayments(bed.sql, a.companyId, { search: themba.policyNumber }))).toEqual([first]);
    expect(await listPayments(bed.sql, a.companyId, { policyId: pieter.policyId })).toMatchObject({ totalCount: 1 });
    expect((await listPayments(bed.sql, a.companyId, { policyId: 'nope' })).nodes).toEqual([]);

    const page1 = await listPayments(bed.sql, a.companyId, { first: 1 });
    expect([ids(page1), page1.pageInfo.hasNextPage, page1.totalCount]).toEqual([[second], true, 2]);
    const page2 = await listPayments(bed.sql, a.companyId, { first: 1, after: page1.pageInfo.endCursor });
    expect([ids(page2), page2.pageInfo.hasNextPage]).toEqual([[first], false]);
    await expect(listPayments(bed.sql, a.companyId, { after: 'garbage' })).rejects.toThrow('Invalid cursor');
  });

  it.runIf(driver.name === 'postgres')(
    'searches payments through their search indexes under the tenant wall (ADR 0003: lower() LIKE read every payment)',
    async () => {
      const bed = await setup();
      const a = bed.company();
      await a.pay(null, (await a.policy('Themba', 'Mthembu')).policyId, { reference: 'JUN-001' });
      await bed.project();
      // A company's 5,000 more payments, so a selective search is worth an index (on a few rows a scan is cheaper).
      await bed.sql.query(
        `insert into payments (id, company_id, policy_id, policy_number, member_id, member_name, amount, payment_date,
           payment_method, reference, status, position, created_at, updated_at)
         select gen_random_uuid(), $1, gen_random_uuid(), 'POL-B-' || g, gen_random_uuid(), 'Name' || g || ' Surname' || g, 100,
                '2025-01-01', 'cash', 'REF-' || g, 'completed', 1000 + g, now(), now() from generate_series(1, 5000) g`,
        [a.companyId],
      );
      await bed.sql.exec('analyze'); // payments is a view of the generation's table
      const recorder = recordingSql(bed.sql);
      expect(ids(await listPayments(recorder.sql, a.companyId, { search: 'Mthem' }))).toHaveLength(1);
      // The page and its count, each with the plan made once for any text (ADR 0003's amendment).
      const searched = recorder.sent.filter(({ text }) => text.includes('search_reference'));
      expect(searched).toHaveLength(2);
      const planMode = recorder.sent.find(({ text }) => text.includes('plan_cache_mode'))!;
      for (const statement of searched) {
        const plan = await explainGenericUnderWall(bed.sql, a.companyId, statement);
        for (const index of ['payments_policy_number', 'payments_member_name', 'payments_member_last_name', 'payments_reference'])
          expect(plan, plan).toContain(index);
        // Planned as the search plans it: never with parallel workers (a plan for any text assumes thousands of
        // matches; at 1.2 million payments two workers were started to count a policy's 24, 22 ms a search).
        expect(await explainGenericUnderWall(bed.sql, a.companyId, statement, planMode)).not.toMatch(/Gather|Parallel/);
      }
    },
  );

  it('moves counters, the month collected and the policy’s last payment with each status change, keeping who and when', async () => {
    const bed = await setup();
    const t = bed.company();
    const clerk = await t.user('Zanele', 'Mthembu');
    const policy = await t.policy('Themba', 'Mthembu');
    const may = await t.pay(clerk, policy.policyId, { amount: '100', paymentDate: '2025-05-10' });
    const june = await t.pay(clerk, policy.policyId, { amount: '200', paymentDate: '2025-06-15' });
    await bed.project();
    const now = new Date('2025-07-10T10:00:00Z');
    const months = async () =>
      (await premiumsCollected(bed.sql, t.companyId, { months: 4, now })).map((m) => `${m.month} ${m.amount} ${m.paymentCount}`);
    const arrears = async () => (await policyArrears(bed.sql, t.companyId, { today: '2025-09-20' })).nodes[0];

    expect(await paymentCounts(bed.sql, t.companyId)).toEqual({
      total: 2,
      pending: 0,
      completed: 2,
      failed: 0,
      refunded: 0,
      completedAmount: '300.00',
    });
    expect(await months()).toEqual(['2025-04 0.00 0', '2025-05 100.00 1', '2025-06 200.00 1', '2025-07 0.00 0']);
    expect(await arrears()).toMatchObject({ lastPaymentDate: '2025-06-15', monthsInArrears: 3 });

    await t.setStatus(clerk, june, 'refunded');
    await bed.project();
    expect(await paymentCounts(bed.sql, t.companyId)).toMatchObject({ total: 2, completed: 1, refunded: 1, completedAmount: '100.00' });
    expect(await months()).toEqual(['2025-04 0.00 0', '2025-05 100.00 1', '2025-06 0.00 0', '2025-07 0.00 0']);
    expect(await arrears()).toMatchObject({ lastPaymentDate: '2025-05-10', monthsInArrears: 4 });
    const refunded = await findPayment(bed.sql, t.companyId, june);
    expect(refunded).toMatchObject({ status: 'refunded', statusChangedByName: 'Zanele Mthembu' });
    expect(refunded?.statusChangedAt).toBeInstanceOf(Date);
    expect(await listPayments(bed.sql, t.companyId, { status: 'refunded' })).toMatchObject({ totalCount: 1, nodes: [{ id: june }] });

    await t.setStatus(clerk, june, 'completed');
    await t.setStatus(clerk, may, 'pending');
    await t.setStatus(clerk, may, 'failed');
    await bed.project();
    expect(await paymentCounts(bed.sql, t.companyId)).toMatchObject({
      completed: 1,
      pending: 0,
      failed: 1,
      refunded: 0,
      completedAmount: '200.00',
    });
    expect(await months()).toEqual(['2025-04 0.00 0', '2025-05 0.00 0', '2025-06 200.00 1', '2025-07 0.00 0']);
    expect(await arrears()).toMatchObject({ lastPaymentDate: '2025-06-15', monthsInArrears: 3 });

    await t.setStatus(clerk, june, 'failed');
    await bed.project();
    // No completed payment left: in arrears since the policy's start.
    expect(await arrears()).toMatchObject({ lastPaymentDate: null, startDate: '2025-03-01', monthsInArrears: 6 });
  });

  it('lists regular policies most in arrears first, by months, status and pages; group policies are not among them', async () => {
    const bed = await setup();
    const t = bed.company();
    const never = await t.policy('Themba', 'Mthembu');
    const recent = await t.policy('Pieter', 'van Wyk');
    const older = await t.policy('Lerato', 'Khumalo');
    await t.pay(null, recent.policyId, { paymentDate: '2025-08-25' });
    await t.pay(null, older.policyId, { paymentDate: '2025-07-19' });
    const scheme = await t.scheme('Mine Workers', [['Zanele', 1]]);
    await t.groupPay(null, scheme.schemeId, '100');
    await bed.project();
    const list = (args: { minMonths?: number; status?: 'active' | 'lapsed'; first?: number; after?: string | null } = {}) =>
      policyArrears(bed.sql, t.companyId, { today: '2025-09-20', ...args });

    const all = await list();
    expect(all.nodes.map((n) => [n.policyNumber, n.memberName, n.monthsInArrears, n.lastPaymentDate])).toEqual([
      [never.policyNumber, 'Themba Mthembu', 6, null],
      [older.policyNumber, 'Lerato Khumalo', 2, '2025-07-19'],
      [recent.policyNumber, 'Pieter van Wyk', 0, '2025-08-25'],
    ]);
    expect(all.totalCount).toBe(3);
    expect((await list({ minMonths: 2 })).nodes.map((n) => n.policyId)).toEqual([never.policyId, older.policyId]);
    expect((await list({ minMonths: 7 })).totalCount).toBe(0);

    await t.changePolicyStatus(never.policyId, 'active', 'lapsed');
    await bed.project();
    expect((await list({ status: 'lapsed' })).nodes.map((n) => [n.policyId, n.policyStatus])).toEqual([[never.policyId, 'lapsed']]);
    expect((await list({ status: 'active' })).totalCount).toBe(2);

    const page1 = await list({ first: 2 });
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const page2 = await list({ first: 2, after: page1.pageInfo.endCursor });
    expect([page2.nodes.map((n) => n.policyId), page2.pageInfo.hasNextPage]).toEqual([[recent.policyId], false]);
    await expect(list({ after: 'garbage' })).rejects.toThrow('Invalid cursor');
    expect((await policyArrears(bed.sql, bed.company().companyId, { today: '2025-09-20' })).totalCount).toBe(0);
  });

  it("sums premiums collected per month for a company and for the platform (every company's)", async () => {
    const bed = await setup();
    const [a, b] = [bed.company(), bed.company()];
    await a.pay(null, (await a.policy('Themba', 'Mthembu')).policyId, { amount: '100', paymentDate: '2025-06-30' });
    const bPolicy = (await b.policy('Sipho', 'Dlamini')).policyId;
    await b.pay(null, bPolicy, { amount: '50.25', paymentDate: '2025-06-01' });
    await b.pay(null, bPolicy, { amount: '70', paymentDate: '2025-07-01' });
    await bed.project();
    const now = new Date('2025-07-31T23:30:00Z'); // already 1 August in South Africa

    expect(await premiumsCollected(bed.sql, null, { months: 3, now })).toEqual([
      { month: '2025-06', amount: '150.25', paymentCount: 2 },
      { month: '2025-07', amount: '70.00', paymentCount: 1 },
      { month: '2025-08', amount: '0.00', paymentCount: 0 },
    ]);
    expect((await premiumsCollected(bed.sql, a.companyId, { months: 3, now })).map((m) => m.amount)).toEqual(['100.00', '0.00', '0.00']);
    expect(await totalPremiumsCollected(bed.sql, null)).toBe('220.25');
    expect(await totalPremiumsCollected(bed.sql, a.companyId)).toBe('100.00');
    await expect(premiumsCollected(bed.sql, null, { months: 0 })).rejects.toThrow('months must be a whole number from 1 to 120');
  });
});

import { testDrivers } from '@fpa/write-model/testing';
import { calendarSteps, premiumLedger, takeCalendarStep } from '@fpa/write-model';
import { afterEach, describe, expect, it } from 'vitest';
import { runCleanups } from '../engine/engine.fixtures.ts';
import { openBillingBed } from './billing.fixtures.ts';
import { stepCommand } from './daily-run.ts';
import { activeBillingCompanies, billingBook, billingPolicy, findBillingCompany } from './billing.queries.ts';

describe.each(testDrivers())('billing read model on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));

  it("holds a company's regular policies with their terms, rules, contact and completed payments, never another company's", async () => {
    const bed = await openBillingBed(driver, cleanups);
    const a = await bed.company('Ubuntu Funeral Cover');
    const b = await bed.company('Other Cover');
    const strict = await a.policyType({ graceDays: 20, lapseAfterMissed: 2, reinstatementMonths: 6 });
    const plain = await a.policyType();
    const p1 = await a.policy(strict, { startDate: '2026-01-15', debitDay: 25, phone: '0821234567', email: 'themba@example.co.za' });
    const p2 = await a.policy(plain, { startDate: '2026-02-01', phone: null, email: 'thandi@example.co.za' });
    const kept = await a.pay(p1.policyId, '120', '2026-01-25');
    const failed = await a.pay(p1.policyId, '120', '2026-02-25');
    await a.setPaymentStatus(failed, 'completed', 'failed');
    await a.pay(p2.policyId, '60.5', '2026-02-01', { groupSchemeId: 'f0000000-0000-4000-8000-000000000000' });
    await b.policy(await b.policyType(), { startDate: '2026-01-01' });
    await b.suspend();
    await bed.project();

    expect(await findBillingCompany(bed.sql, a.companyId)).toEqual({
      companyId: a.companyId,
      name: 'Ubuntu Funeral Cover',
      isActive: true,
    });
    expect((await activeBillingCompanies(bed.sql)).map((c) => c.companyId)).toEqual([a.companyId]);
    const book = await billingBook(bed.sql, a.companyId);
    expect(book.map((p) => p.policyId)).toEqual([p1.policyId, p2.policyId]);
    expect(book[0]).toMatchObject({
      memberId: p1.memberId,
      rules: { graceDays: 20, lapseAfterMissed: 2, reinstatementMonths: 6 },
      activations: 0,
      contact: { phone: '0821234567', email: 'themba@example.co.za' },
      diedOn: null,
      calendar: {
        status: 'active',
        terms: { startDate: '2026-01-15', monthlyPremium: '120.00', debitDay: 25, endDate: null },
        payments: [{ date: '2026-01-25', amount: '120.00' }],
        suspensions: [],
        notices: [],
        lapse: null,
      },
    });
    expect(book[0]?.calendar.payments).toHaveLength(1);
    void kept;
    // Defaults when the policy type names no rules; a group payment is not a regular policy's.
    expect(book[1]).toMatchObject({
      rules: { graceDays: 15, lapseAfterMissed: 1, reinstatementMonths: 3 },
      contact: { phone: null },
      calendar: { payments: [] },
    });
    expect(await billingPolicy(bed.sql, b.companyId, p1.policyId)).toBeNull();
    expect(await billingBook(bed.sql, b.companyId)).toHaveLength(1);

    // A statement reads premiumLedger over a policy of the read model.
    const policy = (await billingPolicy(bed.sql, a.companyId, p1.policyId))!;
    const statement = premiumLedger(
      { ...policy.calendar.terms, suspensions: policy.calendar.suspensions },
      policy.calendar.payments,
      '2026-03-01',
    );
    expect(statement).toMatchObject({ paidUpTo: '2026-02-24', balance: '120.00', monthsInArrears: 1 });
  });

  it('follows notices, the lapse and the reinstatement: suspended span, activations, notices since activation', async () => {
    const bed = await openBillingBed(driver, cleanups);
    const a = await bed.company();
    const p = await a.policy(await a.policyType(), { startDate: '2026-01-01' });
    await a.pay(p.policyId, '120', '2026-01-01');
    await bed.project();
    const stepOn = async (day: string) => {
      const policy = (await billingPolicy(bed.sql, a.companyId, p.policyId))!;
      const steps = calendarSteps(policy.calendar, policy.rules, day);
      for (const step of steps) await takeCalendarStep(bed.store, stepCommand(policy, step, day, a.companyId, 'Ubuntu'), a.ctx);
      await bed.project();
      return steps.map((s) => s.kind);
    };
    expect(await stepOn('2026-02-02')).toEqual(['notice']);
    const noticed = (await billingPolicy(bed.sql, a.companyId, p.policyId))!;
    expect(noticed.calendar.notices).toMatchObject([{ periods: ['2026-02'], issuedOn: '2026-02-02' }]);
    // The statement and the arrears list show each notice's grace end and channel (by SMS: the fixture's member has a phone).
    expect(noticed.notices).toEqual([{ periods: ['2026-02'], issuedOn: '2026-02-02', graceEndsOn: '2026-02-16', channel: 'sms' }]);
    expect(await stepOn('2026-02-17')).toEqual(['lapse']);
    expect((await billingPolicy(bed.sql, a.companyId, p.policyId))?.calendar).toMatchObject({
      status: 'lapsed',
      lapse: { on: '2026-02-17', nonPayment: true },
      suspensions: [{ from: '2026-02-17', to: null }],
    });
    await a.pay(p.policyId, '120', '2026-03-05');
    await bed.project();
    expect(await stepOn('2026-03-06')).toEqual(['reinstate']);
    expect(await billingPolicy(bed.sql, a.companyId, p.policyId)).toMatchObject({
      activations: 1,
      calendar: { status: 'active', lapse: null, notices: [], suspensions: [{ from: '2026-02-17', to: '2026-03-06' }] },
    });
    // March fell due while lapsed: not owed. April is.
    expect(await stepOn('2026-04-02')).toEqual(['notice']);
  });

  it('ends the book at the main member’s death (an approved or paid claim for the main member), not at a family member’s', async () => {
    const bed = await openBillingBed(driver, cleanups);
    const a = await bed.company();
    const type = await a.policyType();
    const died = await a.policy(type, { startDate: '2026-01-01' });
    const family = await a.policy(type, { startDate: '2026-01-01' });
    const pending = await a.policy(type, { startDate: '2026-01-01' });
    await a.claim(died.policyId, died.saId, '2026-02-10', 'paid');
    await a.claim(family.policyId, '8001015009087', '2026-02-10', 'approved');
    await a.claim(pending.policyId, pending.saId, '2026-02-10', 'submitted');
    await bed.project();
    const [one, two, three] = await billingBook(bed.sql, a.companyId);
    expect(one).toMatchObject({ diedOn: '2026-02-10', calendar: { status: 'ended', terms: { endDate: '2026-02-10' } } });
    expect(calendarSteps(one!.calendar, one!.rules, '2026-03-05')).toEqual([]);
    expect(two).toMatchObject({ diedOn: null, calendar: { status: 'active' } });
    expect(three).toMatchObject({ diedOn: null, calendar: { status: 'active' } });
  });

  it('a staff lapse suspends the book and is not reinstated by payment; staff reactivation starts afresh; a rebuild gives the same rows', async () => {
    const bed = await openBillingBed(driver, cleanups);
    const a = await bed.company();
    const p = await a.policy(await a.policyType(), { startDate: '2026-01-01' });
    await a.policyStatus(p.policyId, 'active', 'lapsed');
    await bed.project();
    const lapsed = (await billingPolicy(bed.sql, a.companyId, p.policyId))!;
    expect(lapsed.calendar).toMatchObject({ status: 'lapsed', lapse: { nonPayment: false } });
    expect(lapsed.calendar.suspensions).toHaveLength(1);
    await a.policyStatus(p.policyId, 'lapsed', 'active');
    await bed.project();
    const before = await billingBook(bed.sql, a.companyId);
    expect(before[0]).toMatchObject({ activations: 1, calendar: { status: 'active', lapse: null } });
    expect(before[0]?.calendar.suspensions[0]?.to).not.toBeNull();
    await bed.engine.rebuild('billing');
    expect(await billingBook(bed.sql, a.companyId)).toEqual(before);
  });
});

import { describe, expect, it } from 'vitest';
import { seededRandom } from '../testing/random.ts';
import { addDays } from '../validation/dates.ts';
import {
  dayBefore,
  dueDateIn,
  MAX_MONTHS_AHEAD,
  paidUpToOf,
  premiumLedger,
  type LedgerPayment,
  type LedgerTerms,
} from './premium-ledger.ts';

const terms = { startDate: '2026-01-15', monthlyPremium: '120' };

describe('the premium ledger', () => {
  it('puts a month past its end on its last day', () => {
    expect(dueDateIn({ year: 2026, month: 2 }, 31)).toBe('2026-02-28');
    expect(dueDateIn({ year: 2028, month: 2 }, 30)).toBe('2028-02-29');
    expect(dueDateIn({ year: 2026, month: 4 }, 31)).toBe('2026-04-30');
    expect(dueDateIn({ year: 2026, month: 5 }, 1)).toBe('2026-05-01');
  });

  it('owes a premium for each month from the start, the first on the start date when the debit day has passed', () => {
    const ledger = premiumLedger(terms, [], '2026-04-10');
    expect(ledger.periods.map((p) => [p.period, p.dueDate, p.state])).toEqual([
      ['2026-01', '2026-01-15', 'unpaid'],
      ['2026-02', '2026-02-01', 'unpaid'],
      ['2026-03', '2026-03-01', 'unpaid'],
      ['2026-04', '2026-04-01', 'unpaid'],
    ]);
    expect(ledger).toMatchObject({
      paidUpTo: null,
      balance: '480.00',
      monthsInArrears: 4,
      oldestUnpaidDueDate: '2026-01-15',
      credit: '0.00',
    });
  });

  it('uses the debit day, and the first month is due on it when it is still ahead', () => {
    const ledger = premiumLedger({ ...terms, debitDay: 25 }, [], '2026-03-24');
    expect(ledger.periods.map((p) => p.dueDate)).toEqual(['2026-01-25', '2026-02-25']);
  });

  it('allocates payments to the oldest month first; a partial payment leaves the rest of that month due', () => {
    const payments: LedgerPayment[] = [
      { date: '2026-03-20', amount: '200' },
      { date: '2026-01-20', amount: '100' },
    ];
    const ledger = premiumLedger(terms, payments, '2026-04-10');
    expect(ledger.periods.map((p) => [p.period, p.amountPaid, p.state])).toEqual([
      ['2026-01', '120.00', 'paid'],
      ['2026-02', '120.00', 'paid'],
      ['2026-03', '60.00', 'partial'],
      ['2026-04', '0.00', 'unpaid'],
    ]);
    expect(ledger).toMatchObject({ paidUpTo: '2026-02-28', balance: '180.00', monthsInArrears: 2, oldestUnpaidDueDate: '2026-03-01' });
  });

  it('pays months ahead with money beyond what has fallen due, and keeps the rest as credit past the limit', () => {
    const ahead = premiumLedger(terms, [{ date: '2026-01-15', amount: '360' }], '2026-01-20');
    expect(ahead.periods.map((p) => [p.period, p.state])).toEqual([
      ['2026-01', 'paid'],
      ['2026-02', 'paid_in_advance'],
      ['2026-03', 'paid_in_advance'],
    ]);
    expect(ahead).toMatchObject({ paidUpTo: '2026-03-31', balance: '0.00', monthsInArrears: 0, credit: '0.00' });
    const far = premiumLedger(terms, [{ date: '2026-01-15', amount: String(120 * (MAX_MONTHS_AHEAD + 3)) }], '2026-01-20');
    expect(far.periods).toHaveLength(MAX_MONTHS_AHEAD + 1);
    expect(far.credit).toBe('240.00');
  });

  it('counts no payment dated after the day it is read for', () => {
    const ledger = premiumLedger(terms, [{ date: '2026-02-02', amount: '120' }], '2026-02-01');
    expect(ledger).toMatchObject({ monthsInArrears: 2, balance: '240.00' });
  });

  it('owes nothing after the policy ended', () => {
    const ledger = premiumLedger({ ...terms, endDate: '2026-02-10' }, [{ date: '2026-01-15', amount: '240' }], '2026-06-01');
    expect(ledger.periods.map((p) => p.period)).toEqual(['2026-01', '2026-02']);
    expect(ledger).toMatchObject({ paidUpTo: '2026-02-10', balance: '0.00', monthsInArrears: 0 });
  });

  it('refuses a debit day outside 1 to 31', () => {
    expect(() => premiumLedger({ ...terms, debitDay: 0 }, [], '2026-02-01')).toThrow(RangeError);
    expect(() => premiumLedger({ ...terms, debitDay: 32 }, [], '2026-02-01')).toThrow(RangeError);
  });

  it('equals an independent calculation over random payment histories', () => {
    const random = seededRandom(2027);
    for (let run = 0; run < 400; run++) {
      const startDate = addDays('2024-01-01', Math.floor(random() * 700));
      const debitDay = 1 + Math.floor(random() * 31);
      const premiumCents = 5_000 + Math.floor(random() * 50_000);
      const monthlyPremium = (premiumCents / 100).toFixed(2);
      const asOf = addDays(startDate, Math.floor(random() * 420));
      const payments: LedgerPayment[] = Array.from({ length: Math.floor(random() * 16) }, () => ({
        date: addDays(startDate, Math.floor(random() * 450) - 10),
        // Missing, partial, whole and double premiums.
        amount: ((premiumCents * [0.5, 1, 1, 1, 2, 0.25][Math.floor(random() * 6)]!) / 100).toFixed(2),
      }));
      const ledger = premiumLedger({ startDate, monthlyPremium, debitDay }, payments, asOf);

      // Independently: the due dates (as many as can be paid ahead), the money received by asOf, oldest month first.
      const allDue: string[] = [];
      for (let y = Number(startDate.slice(0, 4)), m = Number(startDate.slice(5, 7)); allDue.length < 500; m === 12 ? (y++, (m = 1)) : m++) {
        const due = dueDateIn({ year: y, month: m }, debitDay);
        allDue.push(allDue.length === 0 && due < startDate ? startDate : due);
      }
      const dueDates = allDue.filter((due) => due <= asOf);
      const paid = payments.filter((p) => p.date <= asOf).reduce((sum, p) => sum + Math.round(Number(p.amount) * 100), 0);
      const arrears = Math.max(0, dueDates.length * premiumCents - paid);
      const paidMonths = Math.min(Math.floor(paid / premiumCents), dueDates.length + MAX_MONTHS_AHEAD);
      const context = JSON.stringify({ run, startDate, debitDay, monthlyPremium, asOf, payments });
      expect(Math.round(Number(ledger.balance) * 100), context).toBe(arrears);
      expect(ledger.monthsInArrears, context).toBe(Math.ceil(arrears / premiumCents));
      expect(ledger.oldestUnpaidDueDate, context).toBe(arrears > 0 ? dueDates[paidMonths]! : null);
      expect(ledger.paidUpTo, context).toBe(paidMonths === 0 ? null : dayBefore(allDue[paidMonths]!));
      // Every month fallen due is listed, in order, and no more money is allocated than was paid.
      expect(
        ledger.periods.filter((p) => p.dueDate <= asOf).map((p) => p.dueDate),
        context,
      ).toEqual(dueDates);
      const allocated =
        ledger.periods.reduce((sum, p) => sum + Math.round(Number(p.amountPaid) * 100), 0) + Math.round(Number(ledger.credit) * 100);
      expect(allocated, context).toBe(paid);
    }
  });
});

describe('the paid-up-to date alone (a receipt’s)', () => {
  it('is the ledger’s, over random terms with lapses, a migrated start, premium changes and an end', () => {
    const random = seededRandom(2028);
    const day = (from: string, span: number) => addDays(from, Math.floor(random() * span));
    for (let run = 0; run < 600; run++) {
      const startDate = day('2024-01-01', 700);
      const cents = () => 5_000 + Math.floor(random() * 50_000);
      const lapse = day(startDate, 500);
      const terms: LedgerTerms = {
        startDate,
        monthlyPremium: (cents() / 100).toFixed(2),
        debitDay: 1 + Math.floor(random() * 31),
        endDate: random() < 0.2 ? day(startDate, 600) : null,
        openingPaidUpTo: random() < 0.2 ? day(startDate, 200) : null,
        suspensions: random() < 0.3 ? [{ from: lapse, to: random() < 0.5 ? day(lapse, 120) : null }] : [],
        premiumChanges: random() < 0.3 ? [{ from: day(startDate, 400), monthlyPremium: (cents() / 100).toFixed(2) }] : [],
      };
      const payments: LedgerPayment[] = Array.from({ length: Math.floor(random() * 30) }, () => ({
        date: day(startDate, 600),
        amount: (cents() / 100).toFixed(2),
      }));
      const asOf = day(startDate, 800);
      expect(paidUpToOf(terms, payments, asOf), JSON.stringify({ run, terms, payments, asOf })).toBe(
        premiumLedger(terms, payments, asOf).paidUpTo,
      );
    }
  });
});

describe('a migrated policy: the opening paid-up-to date (issue #20)', () => {
  const migrated = { startDate: '2025-06-15', monthlyPremium: '100', debitDay: 1 };

  it('counts every month due on or before it as paid, without money in the pool, and the rest as arrears', () => {
    const ledger = premiumLedger({ ...migrated, openingPaidUpTo: '2025-10-31' }, [], '2026-02-10');
    expect(ledger.periods.map((p) => [p.period, p.state, p.amountPaid])).toEqual([
      ['2025-06', 'paid', '100.00'],
      ['2025-07', 'paid', '100.00'],
      ['2025-08', 'paid', '100.00'],
      ['2025-09', 'paid', '100.00'],
      ['2025-10', 'paid', '100.00'],
      ['2025-11', 'unpaid', '0.00'],
      ['2025-12', 'unpaid', '0.00'],
      ['2026-01', 'unpaid', '0.00'],
      ['2026-02', 'unpaid', '0.00'],
    ]);
    expect([ledger.paidUpTo, ledger.monthsInArrears, ledger.balance, ledger.credit]).toEqual(['2025-10-31', 4, '400.00', '0.00']);
  });

  it('a month due on the paid-up-to date counts as paid (the policyholder is not put in arrears for it)', () => {
    const ledger = premiumLedger({ ...migrated, openingPaidUpTo: '2025-10-01' }, [], '2025-11-20');
    expect([ledger.paidUpTo, ledger.monthsInArrears]).toEqual(['2025-10-31', 1]);
  });

  it('payments after migration pay the months after it, oldest first', () => {
    const ledger = premiumLedger({ ...migrated, openingPaidUpTo: '2025-10-31' }, [{ date: '2026-01-05', amount: '150' }], '2026-02-10');
    expect(ledger.periods.slice(5).map((p) => [p.period, p.state, p.amountPaid])).toEqual([
      ['2025-11', 'paid', '100.00'],
      ['2025-12', 'partial', '50.00'],
      ['2026-01', 'unpaid', '0.00'],
      ['2026-02', 'unpaid', '0.00'],
    ]);
    expect([ledger.paidUpTo, ledger.monthsInArrears, ledger.balance]).toEqual(['2025-11-30', 3, '250.00']);
  });

  it('a paid-up-to date ahead of today shows those months paid in advance', () => {
    const ledger = premiumLedger({ ...migrated, openingPaidUpTo: '2026-03-31' }, [], '2026-01-10');
    expect(ledger.periods.slice(-3).map((p) => [p.period, p.state])).toEqual([
      ['2026-01', 'paid'],
      ['2026-02', 'paid_in_advance'],
      ['2026-03', 'paid_in_advance'],
    ]);
    expect([ledger.paidUpTo, ledger.monthsInArrears]).toEqual(['2026-03-31', 0]);
  });

  it('without it, nothing is paid before issue (as before)', () => {
    expect(premiumLedger({ ...migrated, openingPaidUpTo: null }, [], '2025-08-10').monthsInArrears).toBe(3);
  });
});

describe('the premium ledger when the premium changes (issue #22: a life joins or leaves)', () => {
  const changing = {
    startDate: '2026-01-01',
    monthlyPremium: '100',
    premiumChanges: [
      { from: '2026-02-15', monthlyPremium: '150' },
      { from: '2026-04-10', monthlyPremium: '120' },
    ],
  };

  it('owes each month the premium in force on its due date', () => {
    const ledger = premiumLedger(changing, [], '2026-05-01');
    expect(ledger.periods.map((p) => [p.period, p.amountDue])).toEqual([
      ['2026-01', '100.00'],
      ['2026-02', '100.00'],
      ['2026-03', '150.00'],
      ['2026-04', '150.00'],
      ['2026-05', '120.00'],
    ]);
    expect(ledger.balance).toBe('620.00');
  });

  it('allocates payments oldest month first at each month’s own premium', () => {
    const ledger = premiumLedger(changing, [{ date: '2026-03-20', amount: '350' }], '2026-05-01');
    expect(ledger.periods.map((p) => p.state)).toEqual(['paid', 'paid', 'paid', 'unpaid', 'unpaid']);
    expect(ledger.paidUpTo).toBe('2026-03-31');
    expect(ledger.balance).toBe('270.00');
  });

  it('reads the premium now as the last change', async () => {
    const { currentPremium } = await import('./premium-ledger.ts');
    expect(currentPremium(changing)).toBe('120');
    expect(currentPremium({ monthlyPremium: '100' })).toBe('100');
  });
});

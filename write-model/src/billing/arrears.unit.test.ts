import { describe, expect, it } from 'vitest';
import { arrearsStanding, daysBetween, type ArrearsInput, type IssuedNotice } from './arrears.ts';
import { DEFAULT_CALENDAR_RULES, type PolicyCalendar } from './policy-calendar.ts';

const calendar = (over: Partial<PolicyCalendar> = {}): PolicyCalendar => ({
  status: 'active',
  terms: { startDate: '2026-01-10', monthlyPremium: '120', debitDay: 1 },
  payments: [{ date: '2026-01-10', amount: '120' }],
  suspensions: [],
  notices: [],
  lapse: null,
  ...over,
});
const notice = (issuedOn: string, periods: string[]): IssuedNotice => ({ issuedOn, periods, graceEndsOn: null, channel: 'sms' });
const input = (over: Partial<PolicyCalendar> = {}, notices: IssuedNotice[] = [], rules = DEFAULT_CALENDAR_RULES): ArrearsInput => ({
  calendar: calendar(over),
  rules,
  notices,
});

describe('arrearsStanding', () => {
  it('leaves a paid-up policy, and a premium due today, off the list', () => {
    expect(arrearsStanding(input(), '2026-01-31')).toBeNull();
    expect(arrearsStanding(input(), '2026-02-01')).toBeNull();
  });

  it('a missed premium awaits its notice, then is in grace with the days left, lapsing on the last day, grace ended after it', () => {
    expect(arrearsStanding(input(), '2026-02-02')).toMatchObject({ state: 'awaiting_notice', graceEndsOn: null, graceDaysLeft: null });
    const noticed = [notice('2026-02-02', ['2026-02'])];
    expect(arrearsStanding(input({}, noticed), '2026-02-02')).toMatchObject({
      state: 'in_grace',
      graceEndsOn: '2026-02-16',
      graceDaysLeft: 14,
      lastNotice: { issuedOn: '2026-02-02', channel: 'sms' },
      ledger: { balance: '120.00', monthsInArrears: 1, oldestUnpaidDueDate: '2026-02-01', paidUpTo: '2026-01-31' },
    });
    expect(arrearsStanding(input({}, noticed), '2026-02-16')).toMatchObject({ state: 'lapsing_today', graceDaysLeft: 0 });
    expect(arrearsStanding(input({}, noticed), '2026-02-17')).toMatchObject({ state: 'grace_ended', graceDaysLeft: 0 });
  });

  it('a late notice gives the whole grace after it (rule 15A)', () => {
    expect(arrearsStanding(input({}, [notice('2026-02-10', ['2026-02'])]), '2026-02-10')).toMatchObject({
      graceEndsOn: '2026-02-24',
      graceDaysLeft: 14,
    });
  });

  it('with a type that lapses after two missed premiums, the first one’s grace ending does not lapse it', () => {
    const rules = { ...DEFAULT_CALENDAR_RULES, lapseAfterMissed: 2 };
    const noticed = [notice('2026-02-02', ['2026-02'])];
    expect(arrearsStanding(input({}, noticed, rules), '2026-02-16')).toMatchObject({ state: 'in_grace', graceDaysLeft: 0 });
    expect(arrearsStanding(input({}, noticed, rules), '2026-02-20')).toMatchObject({ state: 'grace_ended' });
    const both = [...noticed, notice('2026-03-02', ['2026-03'])];
    expect(arrearsStanding(input({}, both, rules), '2026-03-16')).toMatchObject({
      state: 'lapsing_today',
      graceEndsOn: '2026-03-16',
      ledger: { monthsInArrears: 2, balance: '240.00' },
    });
  });

  it('a lapse shows this calendar month only, whoever lapsed it; other statuses are off the list', () => {
    const lapsed = {
      status: 'lapsed' as const,
      lapse: { on: '2026-02-17', nonPayment: true },
      suspensions: [{ from: '2026-02-17', to: null }],
    };
    expect(arrearsStanding(input(lapsed), '2026-02-28')).toMatchObject({
      state: 'lapsed_this_month',
      lapse: { on: '2026-02-17', nonPayment: true },
      ledger: { balance: '120.00', monthsInArrears: 1 },
    });
    expect(arrearsStanding(input(lapsed), '2026-03-01')).toBeNull();
    expect(arrearsStanding(input({ ...lapsed, lapse: { on: '2026-02-17', nonPayment: false } }), '2026-02-20')).toMatchObject({
      lapse: { nonPayment: false },
    });
    expect(arrearsStanding(input({ status: 'cancelled' }), '2026-03-01')).toBeNull();
  });

  it('counts days across months and years', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toBe(3);
    expect(daysBetween('2025-12-31', '2026-01-01')).toBe(1);
  });
});

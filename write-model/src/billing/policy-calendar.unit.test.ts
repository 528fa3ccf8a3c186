import { describe, expect, it } from 'vitest';
import { seededRandom } from '../testing/random.ts';
import { addDays, addMonths } from '../validation/dates.ts';
import {
  calendarSteps,
  DEFAULT_CALENDAR_RULES,
  graceEndsOn,
  missedPremiums,
  type CalendarRules,
  type CalendarStep,
  type PolicyCalendar,
} from './policy-calendar.ts';
import type { LedgerPayment } from './premium-ledger.ts';

const terms = { startDate: '2026-01-01', monthlyPremium: '100' };
const active = (payments: LedgerPayment[] = [], extra: Partial<PolicyCalendar> = {}): PolicyCalendar => ({
  status: 'active',
  terms,
  payments,
  suspensions: [],
  notices: [],
  lapse: null,
  ...extra,
});

/** Applies a day's steps as the events would: a notice is remembered, a lapse suspends, a reinstatement resumes. */
function apply(policy: PolicyCalendar, steps: CalendarStep[], day: string): PolicyCalendar {
  let next = policy;
  for (const step of steps) {
    if (step.kind === 'notice')
      next = { ...next, notices: [...next.notices, { periods: step.missed.map((m) => m.period), issuedOn: day }] };
    if (step.kind === 'lapse')
      next = {
        ...next,
        status: 'lapsed',
        lapse: { on: day, nonPayment: true },
        suspensions: [...next.suspensions, { from: day, to: null }],
      };
    if (step.kind === 'reinstate') {
      next = {
        ...next,
        status: 'active',
        lapse: null,
        notices: [],
        suspensions: next.suspensions.map((s) => (s.to === null ? { ...s, to: day } : s)),
      };
    }
  }
  return next;
}

/** Runs the calendar every day from `from` to `to` inclusive; returns each day's steps. */
function runDays(
  policy: PolicyCalendar,
  rules: CalendarRules,
  from: string,
  to: string,
  paymentsOn: (day: string) => LedgerPayment[] = () => [],
) {
  const log: { day: string; steps: CalendarStep[] }[] = [];
  let state = policy;
  for (let day = from; day <= to; day = addDays(day, 1)) {
    state = { ...state, payments: [...state.payments, ...paymentsOn(day)] };
    const steps = calendarSteps(state, rules, day);
    state = apply(state, steps, day);
    if (steps.length > 0) log.push({ day, steps });
  }
  return { state, log };
}

describe('the calendar of one policy', () => {
  it('sees a premium as missed only once its due date has passed unpaid', () => {
    expect(missedPremiums(active(), '2026-01-01')).toEqual([]);
    expect(missedPremiums(active(), '2026-01-02')).toEqual([{ period: '2026-01', dueDate: '2026-01-01', unpaid: '100.00' }]);
    expect(missedPremiums(active([{ date: '2026-01-01', amount: '100' }]), '2026-01-02')).toEqual([]);
    expect(missedPremiums(active([{ date: '2026-01-01', amount: '40' }]), '2026-01-02')).toEqual([
      { period: '2026-01', dueDate: '2026-01-01', unpaid: '60.00' },
    ]);
  });

  it('issues the non-payment notice on the first run after the due date, once', () => {
    const { log } = runDays(active(), DEFAULT_CALENDAR_RULES, '2026-01-01', '2026-01-10');
    expect(log).toEqual([
      {
        day: '2026-01-02',
        steps: [
          {
            kind: 'notice',
            missed: [{ period: '2026-01', dueDate: '2026-01-01', unpaid: '100.00' }],
            arrears: '100.00',
            graceEndsOn: '2026-01-16',
          },
        ],
      },
    ]);
  });

  it('keeps cover for the 15 days of grace and lapses on the first run after, never before (rule 15A)', () => {
    const { log, state } = runDays(active(), DEFAULT_CALENDAR_RULES, '2026-01-01', '2026-01-31');
    expect(log.map(({ day, steps }) => [day, steps.map((s) => s.kind)])).toEqual([
      ['2026-01-02', ['notice']],
      ['2026-01-17', ['lapse']],
    ]);
    expect(log[1]!.steps[0]).toEqual({ kind: 'lapse', period: '2026-01', missed: 1, arrears: '100.00', graceEndedOn: '2026-01-16' });
    expect(state.status).toBe('lapsed');
  });

  it('never lets grace be shorter than 15 days, whatever the policy type says', () => {
    expect(graceEndsOn('2026-01-01', '2026-01-02', 5)).toBe('2026-01-16');
    expect(graceEndsOn('2026-01-01', '2026-01-02', 30)).toBe('2026-01-31');
  });

  it('does not lapse while the payment arrives within grace, and a partial payment leaves the month missed', () => {
    const paid = runDays(active(), DEFAULT_CALENDAR_RULES, '2026-01-01', '2026-01-31', (day) =>
      day === '2026-01-10' ? [{ date: day, amount: '100' }] : [],
    );
    expect(paid.state.status).toBe('active');
    const partial = runDays(active(), DEFAULT_CALENDAR_RULES, '2026-01-01', '2026-01-31', (day) =>
      day === '2026-01-10' ? [{ date: day, amount: '99.99' }] : [],
    );
    expect(partial.state.status).toBe('lapsed');
  });

  it('lapses after N missed premiums when the policy type allows more than one', () => {
    const rules = { ...DEFAULT_CALENDAR_RULES, lapseAfterMissed: 2 };
    const { log } = runDays(active(), rules, '2026-01-01', '2026-03-31');
    expect(log.map(({ day, steps }) => [day, steps.map((s) => s.kind)])).toEqual([
      ['2026-01-02', ['notice']],
      ['2026-02-02', ['notice']],
      ['2026-02-17', ['lapse']],
    ]);
    expect(log[2]!.steps[0]).toMatchObject({ period: '2026-02', missed: 2, arrears: '200.00' });
  });

  it('gives a migrated book in arrears one notice for every missed month and the whole grace after it', () => {
    const migrated = active([{ date: '2026-01-01', amount: '100' }]);
    const day = '2026-05-20';
    const steps = calendarSteps(migrated, DEFAULT_CALENDAR_RULES, day);
    expect(steps).toEqual([
      {
        kind: 'notice',
        missed: ['2026-02', '2026-03', '2026-04', '2026-05'].map((period) => ({ period, dueDate: `${period}-01`, unpaid: '100.00' })),
        arrears: '400.00',
        graceEndsOn: '2026-06-03',
      },
    ]);
    const { log } = runDays(apply(migrated, steps, day), DEFAULT_CALENDAR_RULES, addDays(day, 1), '2026-06-30');
    expect(log.map(({ day: d, steps: s }) => [d, s.map((x) => x.kind)])).toEqual([
      ['2026-06-02', ['notice']],
      ['2026-06-04', ['lapse']],
    ]);
  });

  it('owes nothing while lapsed, and reinstates when the arrears are paid within the window (rule 2A.9)', () => {
    const { state: lapsed } = runDays(active(), DEFAULT_CALENDAR_RULES, '2026-01-01', '2026-01-20');
    expect(lapsed.status).toBe('lapsed');
    expect(missedPremiums(lapsed, '2026-03-10').map((m) => m.period)).toEqual(['2026-01']);
    const paid = { ...lapsed, payments: [{ date: '2026-03-10', amount: '100' }] };
    expect(calendarSteps(paid, DEFAULT_CALENDAR_RULES, '2026-03-10')).toEqual([{ kind: 'reinstate', lapsedOn: '2026-01-17' }]);
    const reinstated = apply(paid, [{ kind: 'reinstate', lapsedOn: '2026-01-17' }], '2026-03-10');
    // Premiums resume on the next debit day after the reinstatement; February and March were not owed.
    expect(missedPremiums(reinstated, '2026-04-02')).toEqual([{ period: '2026-04', dueDate: '2026-04-01', unpaid: '100.00' }]);
    // Paid after the window, the arrears no longer reinstate it.
    const late = { ...lapsed, payments: [{ date: '2026-04-10', amount: '100' }] };
    expect(calendarSteps(late, DEFAULT_CALENDAR_RULES, addMonths('2026-01-17', 3))).toHaveLength(1);
    expect(calendarSteps(late, DEFAULT_CALENDAR_RULES, addDays(addMonths('2026-01-17', 3), 1))).toEqual([]);
  });

  it('does nothing to a cancelled policy, a lapse decided by staff, or one whose main member died', () => {
    expect(calendarSteps(active([], { status: 'cancelled' }), DEFAULT_CALENDAR_RULES, '2026-03-01')).toEqual([]);
    expect(calendarSteps(active([], { status: 'ended' }), DEFAULT_CALENDAR_RULES, '2026-03-01')).toEqual([]);
    const byStaff = active([{ date: '2026-02-01', amount: '500' }], {
      status: 'lapsed',
      lapse: { on: '2026-01-10', nonPayment: false },
      suspensions: [{ from: '2026-01-10', to: null }],
    });
    expect(calendarSteps(byStaff, DEFAULT_CALENDAR_RULES, '2026-02-02')).toEqual([]);
  });
});

describe('over random payment histories (a year of months, partial, late and missing payments)', () => {
  const RUNS = 300;
  it(`keeps the rules on every day of ${RUNS} random years`, () => {
    const next = seededRandom(20);
    const seen = { notice: 0, lapse: 0, reinstate: 0 };
    const random = { next, int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) };
    for (let run = 0; run < RUNS; run++) {
      const rules: CalendarRules = {
        graceDays: 15 + random.int(0, 20),
        lapseAfterMissed: 1 + random.int(0, 2),
        reinstatementMonths: 1 + random.int(0, 5),
      };
      const startDate = addDays('2026-01-01', random.int(0, 60));
      const debitDay = 1 + random.int(0, 30);
      const premium = 50 + random.int(0, 200);
      const payDays = new Map<string, string>();
      for (let m = 0; m < 14; m++) {
        const chance = random.next();
        if (chance < 0.15) continue; // missed
        const day = addDays(addMonths(startDate, m), random.int(-5, 40));
        const amount = chance < 0.3 ? premium * random.next() : chance < 0.35 ? premium * (1 + random.int(1, 3)) : premium;
        payDays.set(day, (Number(payDays.get(day) ?? 0) + Math.round(amount * 100) / 100).toFixed(2));
      }
      const policy: PolicyCalendar = { ...active(), terms: { startDate, monthlyPremium: String(premium), debitDay } };
      const end = addMonths(startDate, 13);
      let state = policy;
      for (let day = startDate; day <= end; day = addDays(day, 1)) {
        const paidToday = payDays.get(day);
        if (paidToday) state = { ...state, payments: [...state.payments, { date: day, amount: paidToday }] };
        const steps = calendarSteps(state, rules, day);
        for (const step of steps) {
          seen[step.kind]++;
          if (step.kind === 'lapse') {
            const missed = missedPremiums(state, day);
            const deciding = missed[rules.lapseAfterMissed - 1];
            // No lapse before the due date + grace of the N-th missed premium, with N still unpaid…
            expect(deciding, `run ${run} ${day}`).toBeDefined();
            expect(day > addDays(deciding!.dueDate, rules.graceDays), `run ${run} ${day}`).toBe(true);
            // …and a notice of it always came first, on an earlier day.
            const notice = state.notices.find((n) => n.periods.includes(deciding!.period));
            expect(notice && notice.issuedOn < day, `run ${run} ${day}`).toBe(true);
          }
          if (step.kind === 'notice') {
            // Each missed premium is noticed by the first run after its due date (or the policy's reinstatement).
            for (const m of step.missed) expect(m.dueDate < day).toBe(true);
          }
        }
        state = apply(state, steps, day);
        // Running the same day again changes nothing.
        expect(calendarSteps(state, rules, day), `run ${run} ${day} twice`).toEqual([]);
      }
    }
    // The histories reach every rule, many times.
    expect(seen.notice).toBeGreaterThan(RUNS);
    expect(seen.lapse).toBeGreaterThan(RUNS / 10);
    expect(seen.reinstate).toBeGreaterThan(RUNS / 50);
  });
});

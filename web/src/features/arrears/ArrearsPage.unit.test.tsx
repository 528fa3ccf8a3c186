import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser, type GraphQLAnswer } from '../../test/graphql';
import { renderApp } from '../../test/render';
import type { ArrearsItem } from './arrears.operations';
import { graceLeftText } from './arrearsLabels';
import { runSummary } from './ArrearsPage';

const item = (over: Partial<ArrearsItem> = {}): ArrearsItem => ({
  policyId: 'p1',
  policyNumber: 'POL-000001',
  memberName: 'Themba Mthembu',
  memberPhone: '0821234567',
  monthlyPremium: '120.00',
  state: 'in_grace',
  arrears: '120.00',
  monthsInArrears: 1,
  oldestUnpaidDueDate: '2026-02-01',
  paidUpTo: '2026-01-31',
  graceEndsOn: '2026-02-16',
  graceDaysLeft: 14,
  lastNoticeOn: '2026-02-02',
  lastNoticeChannel: 'sms',
  lapsedOn: null,
  lapseReason: null,
  ...over,
});
const ITEMS = [
  item(),
  item({
    policyId: 'p2',
    policyNumber: 'POL-000002',
    memberName: 'Sipho Dlamini',
    state: 'lapsed_this_month',
    graceEndsOn: null,
    graceDaysLeft: null,
    lapsedOn: '2026-02-10',
    lapseReason: 'non_payment',
  }),
];

function arrearsAnswer(variables: Record<string, unknown>): GraphQLAnswer {
  const state = (variables.state as string | undefined) ?? 'all';
  const items = ITEMS.filter((i) => state === 'all' || i.state === state);
  const count = (s: string) => ITEMS.filter((i) => s === 'all' || i.state === s).length;
  return {
    data: {
      arrears: {
        __typename: 'ArrearsList',
        asOf: '2026-02-02',
        itemCount: items.length,
        totals: ['all', 'awaiting_notice', 'in_grace', 'lapsing_today', 'grace_ended', 'lapsed_this_month'].map((s) => ({
          __typename: 'ArrearsTotal',
          state: s,
          count: count(s),
          arrears: `${count(s) * 120}.00`,
        })),
        items: items.map((i) => ({ __typename: 'ArrearsItem', ...i })),
      },
    },
  };
}

function openArrears(role: string, run: () => GraphQLAnswer = () => ({ data: null })) {
  const runSpy = vi.fn(run);
  const calls: Record<string, unknown>[] = [];
  renderApp(
    '/arrears',
    sessionHandler(testUser({ role }), (name, variables) => {
      if (name === 'Arrears') {
        calls.push(variables);
        return arrearsAnswer(variables);
      }
      if (name === 'RunDailyBilling') return runSpy();
      if (name === 'PolicyStatement')
        return {
          data: {
            policyStatement: {
              __typename: 'PolicyStatement',
              policyId: 'p1',
              policyNumber: 'POL-000001',
              status: 'active',
              asOf: '2026-02-02',
              monthlyPremium: '120.00',
              debitDay: 1,
              paidUpTo: '2026-01-31',
              balance: '120.00',
              monthsInArrears: 1,
              credit: '0.00',
              periods: [
                {
                  __typename: 'StatementPeriod',
                  period: '2026-01',
                  dueDate: '2026-01-10',
                  amountDue: '120.00',
                  amountPaid: '120.00',
                  state: 'paid',
                },
                {
                  __typename: 'StatementPeriod',
                  period: '2026-02',
                  dueDate: '2026-02-01',
                  amountDue: '120.00',
                  amountPaid: '0.00',
                  state: 'unpaid',
                },
              ],
              notices: [
                { __typename: 'NonPaymentNotice', issuedOn: '2026-02-02', periods: ['2026-02'], graceEndsOn: '2026-02-16', channel: 'sms' },
              ],
              lapse: null,
            },
          },
        };
      return { data: null };
    }),
  );
  return { runSpy, calls };
}

describe('arrears labels', () => {
  it('says the grace left in words', () => {
    expect([graceLeftText(null), graceLeftText(0), graceLeftText(1), graceLeftText(9)]).toEqual([
      '—',
      'Last day',
      '1 day left',
      '9 days left',
    ]);
  });
  it('sums a run up', () => {
    const run = {
      days: ['2026-02-01', '2026-02-02'],
      daysRun: 2,
      lastDay: '2026-02-02',
      premiumsFallenDue: 3,
      noticesIssued: 1,
      policiesLapsed: 0,
      policiesReinstated: 0,
      failed: 0,
    };
    expect(runSummary(run)).toEqual([
      'Ran 2 days (2026-02-01 to 2026-02-02).',
      '3 premiums fell due, 1 non-payment notice issued, 0 policies lapsed, 0 reinstated.',
    ]);
    expect(runSummary({ ...run, days: [], daysRun: 0 })).toEqual(['Today (2026-02-02) was run already: nothing new to do.']);
  });
});

describe('/arrears', { timeout: 30_000 }, () => {
  it('shows the totals, the rows with their grace and notice, and filters by state', async () => {
    const { calls } = openArrears('billing_clerk');
    const totals = await screen.findByRole('region', { name: 'Arrears totals' });
    await waitFor(() => expect(within(totals).getByText(/R\s?240,00/)).toBeTruthy());
    const row = (await screen.findByText('POL-000001')).closest('tr')!;
    expect(within(row).getByText('In grace')).toBeTruthy();
    expect(within(row).getByText('14 days left')).toBeTruthy();
    expect(within(row).getByText('SMS')).toBeTruthy();
    expect(within((await screen.findByText('POL-000002')).closest('tr')!).getByText('Lapsed this month')).toBeTruthy();

    fireEvent.click(within(screen.getByRole('search')).getByRole('button'));
    fireEvent.click(await screen.findByRole('option', { name: 'Lapsed this month (1)' }));
    await waitFor(() => expect(screen.queryByText('POL-000001')).toBeNull());
    expect(calls.at(-1)).toMatchObject({ state: 'lapsed_this_month' });
  });

  it('runs the daily billing and says what it did, or why it failed', async () => {
    const { runSpy } = openArrears('administrator', () => ({
      data: {
        runDailyBilling: {
          __typename: 'DailyBillingRun',
          days: ['2026-02-02'],
          daysRun: 1,
          lastDay: '2026-02-02',
          premiumsFallenDue: 0,
          noticesIssued: 1,
          policiesLapsed: 2,
          policiesReinstated: 0,
          failed: 0,
        },
      },
    }));
    fireEvent.click(await screen.findByRole('button', { name: 'Run daily billing' }));
    expect(await screen.findByText('1 non-payment notice issued, 2 policies lapsed, 0 reinstated.', { exact: false })).toBeTruthy();
    expect(screen.getByText('Daily billing run done')).toBeTruthy();
    expect(runSpy).toHaveBeenCalledTimes(1);
  });

  it('shows a refused run as an alert', async () => {
    openArrears('billing_clerk', () => ({ errors: [{ message: 'You do not have permission', extensions: { code: 'FORBIDDEN' } }] }));
    fireEvent.click(await screen.findByRole('button', { name: 'Run daily billing' }));
    expect(await screen.findByText('The daily run failed')).toBeTruthy();
    expect(screen.getByText('You do not have permission')).toBeTruthy();
  });

  it('opens a policy’s statement with its months, paid-up-to date and notices', async () => {
    openArrears('billing_clerk');
    fireEvent.click(await screen.findByRole('button', { name: 'Statement of policy POL-000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Statement of policy POL-000001' });
    await waitFor(() => expect(within(dialog).getByText('Unpaid')).toBeTruthy());
    expect(within(within(dialog).getByText('2026-01').closest('tr')!).getByText('Paid')).toBeTruthy();
    expect(within(dialog).getByText(/2026-02 missed/)).toBeTruthy();
  });

  it('is not open to a role without payments:read', async () => {
    openArrears('claim_admin');
    expect(await screen.findByText("You don't have permission to access this page.")).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionHandler, testUser } from '../../test/graphql';
import { renderApp } from '../../test/render';
import { agentFigures, statFigures } from './stats';

// Intl writes en-ZA groups with no-break spaces; the tests compare with ordinary spaces.
const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

describe('dashboard figures', () => {
  it('formats revenue as en-ZA rand and growth with one decimal', () => {
    const figures = statFigures({ totalMembers: 1234, activePolicies: 56, monthlyRevenue: '12345.5', memberGrowth: 12.345 });
    expect(plain(figures.totalMembers)).toBe('1 234');
    expect(figures.activePolicies).toBe('56');
    expect(plain(figures.monthlyRevenue)).toBe('R 12 345,50');
    expect(figures.growthRate).toBe('12,3%');
  });

  it("falls back to 0, 'R 0' and '0%' without figures", () => {
    expect(statFigures(undefined)).toEqual({ totalMembers: '0', activePolicies: '0', monthlyRevenue: 'R 0', growthRate: '0%' });
  });

  it("shows '0%' growth when last month had no new members (null), and negative growth as it is", () => {
    const base = { totalMembers: 3, activePolicies: 2, monthlyRevenue: '598', memberGrowth: null };
    expect(statFigures(base).growthRate).toBe('0%');
    expect(statFigures({ ...base, memberGrowth: -25 }).growthRate).toBe('-25,0%');
    expect(plain(statFigures(base).monthlyRevenue)).toBe('R 598,00');
  });
});

describe('/ for staff', () => {
  it('shows the header and the four cards from dashboardStats', async () => {
    renderApp(
      '/',
      sessionHandler(testUser(), (name) =>
        name === 'DashboardStats'
          ? {
              data: {
                dashboardStats: {
                  __typename: 'DashboardStats',
                  totalMembers: 45,
                  activePolicies: 30,
                  monthlyRevenue: '8970',
                  memberGrowth: 50,
                },
              },
            }
          : name === 'WorkItems'
            ? {
                data: {
                  workItems: [
                    {
                      __typename: 'WorkItem',
                      kind: 'claims_to_decide',
                      count: 2,
                      label: '2 claims waiting for a decision',
                      href: '/claims',
                    },
                    {
                      __typename: 'WorkItem',
                      kind: 'policies_in_grace',
                      count: 5,
                      label: '5 policies in grace with a premium missed',
                      href: '/arrears',
                    },
                  ],
                },
              }
            : { data: null },
      ),
    );
    expect(await screen.findByPlaceholderText('Search members, policies...')).toBeTruthy();
    // The bell counts what waits for the role (issue #25), and lists each with its page.
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications (7)' }));
    const waiting = await screen.findByRole('menu');
    expect(waiting.getAttribute('aria-label')).toBe('Waiting for you');
    expect(within(waiting).getByRole('menuitem', { name: '2 claims waiting for a decision' }).getAttribute('href')).toBe('/claims');
    expect(within(waiting).getByRole('menuitem', { name: '5 policies in grace with a premium missed' })).toBeTruthy();
    fireEvent.keyDown(waiting, { key: 'Escape' });
    const figures = await screen.findByRole('region', { name: 'Company figures' });
    await waitFor(() => expect(within(figures).getByText('45')).toBeTruthy());
    const value = (label: string) => plain(within(figures).getByText(label).nextElementSibling?.textContent);
    expect(value('Total Members')).toBe('45');
    expect(value('Active Policies')).toBe('30');
    expect(value('Monthly Revenue')).toBe('R 8 970,00');
    expect(value('Growth Rate')).toBe('50,0%');
  });

  it('shows the claims decision clock: breaches, claims due soon and the most urgent (issue #23)', async () => {
    renderApp(
      '/',
      sessionHandler(testUser(), (name) =>
        name === 'ClaimDeadlines'
          ? {
              data: {
                claimDeadlines: {
                  __typename: 'ClaimDeadlines',
                  overdue: 1,
                  dueSoon: 1,
                  running: 3,
                  urgent: [
                    {
                      __typename: 'UrgentClaim',
                      id: 'k1',
                      claimNumber: 'CLM-000007',
                      memberId: 'm1',
                      memberName: 'Sipho Dlamini',
                      dueAt: '2026-11-26T08:00:00.000Z',
                      state: 'overdue',
                      businessMinutesLeft: -150,
                    },
                  ],
                },
              },
            }
          : { data: null },
      ),
    );
    const panel = await screen.findByRole('region', { name: 'Claim decisions due' });
    const cards = within(panel).getByRole('region', { name: 'Claims on the decision clock' });
    expect(within(cards).getByText('Past the Deadline').nextElementSibling?.textContent).toBe('1');
    expect(within(cards).getByText('Due Within 4 Business Hours').nextElementSibling?.textContent).toBe('1');
    expect(within(cards).getByText('On the Clock').nextElementSibling?.textContent).toBe('3');
    expect(within(panel).getByText('Overdue by 2 h 30 min')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Sipho Dlamini' }).getAttribute('href')).toBe('/members/m1');
  });

  it('shows the fallbacks when the figures cannot be loaded', async () => {
    renderApp(
      '/',
      sessionHandler(testUser(), () => ({ errors: [{ message: 'Not available' }] })),
    );
    const figures = await screen.findByRole('region', { name: 'Company figures' });
    await waitFor(() => expect(within(figures).getByText('R 0')).toBeTruthy());
    expect(within(figures).getByText('0%')).toBeTruthy();
  });

  it('agents keep their own dashboard', async () => {
    renderApp('/', sessionHandler(testUser({ role: 'agent' })));
    expect(await screen.findByRole('heading', { name: 'Welcome, Thandi' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Company figures' })).toBeNull();
  });
});

describe('/ for agents', () => {
  it("shows 'Welcome, {first name}' and Sales Target, Clients Onboarded and Total Commissions with the rate", async () => {
    const seen: string[] = [];
    renderApp(
      '/',
      sessionHandler(testUser({ role: 'agent', firstName: 'Lwazi' }), (name) => {
        seen.push(name);
        return name === 'AgentDashboard'
          ? {
              data: {
                agentDashboard: {
                  __typename: 'AgentDashboard',
                  salesTarget: 50000,
                  clientsOnboarded: 12,
                  totalCommissions: '1234.5',
                  commissionRate: 7.5,
                  commissionThisMonth: '300',
                },
              },
            }
          : { data: null };
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Welcome, Lwazi' })).toBeTruthy();
    const figures = await screen.findByRole('region', { name: 'Your figures' });
    await waitFor(() => expect(within(figures).getByText('12')).toBeTruthy());
    const value = (label: string) => plain(within(figures).getByText(label).nextElementSibling?.textContent);
    expect(value('Sales Target')).toBe('R 50 000,00');
    expect(value('Clients Onboarded')).toBe('12');
    expect(value('Total Commissions')).toBe('R 1 234,50');
    expect(within(figures).getByText('Rate: 7,5%')).toBeTruthy();
    // The company figures are not asked for on an agent's dashboard.
    expect(seen).not.toContain('DashboardStats');
  });

  it('shows R 0, 0 and R 0 at 0% while the figures cannot be read', () => {
    expect(agentFigures(undefined)).toEqual({ salesTarget: 'R 0', clientsOnboarded: '0', totalCommissions: 'R 0', rate: 'Rate: 0%' });
  });
});

const BOOK = {
  __typename: 'BookSummary',
  month: '2026-03',
  premiumsDue: '200',
  premiumsPaid: '130',
  collectionRate: 0.65,
  policiesInGrace: 1,
  arrearsInGrace: '70',
  lapsesThisMonth: 2,
  lapseRatio: [
    { __typename: 'LapseMonth', month: '2026-02', activeAtStart: 40, lapsed: 1, ratio: 0.025 },
    { __typename: 'LapseMonth', month: '2026-03', activeAtStart: 40, lapsed: 2, ratio: 0.05 },
  ],
};

describe('the book this month on / (issue #20)', () => {
  it('shows the collection rate, policies in grace, lapses and the lapse-ratio trend to roles that read payments', async () => {
    renderApp(
      '/',
      sessionHandler(testUser({ role: 'billing_clerk' }), (name) =>
        name === 'BookSummary' ? { data: { bookSummary: BOOK } } : { data: null },
      ),
    );
    const book = await screen.findByRole('region', { name: 'The book this month (Mar 2026)' });
    const cards = within(book).getByRole('region', { name: 'The book this month' });
    await waitFor(() => expect(within(cards).getByText('65,0%')).toBeTruthy());
    const value = (label: string) => plain(within(cards).getByText(label).nextElementSibling?.textContent);
    expect(value('Collection Rate')).toBe('65,0%');
    expect(plain(within(cards).getByText(/of R 200,00 due/).textContent)).toBe('R 130,00 of R 200,00 due');
    expect(value('Policies in Grace')).toBe('1');
    expect(value('Lapses This Month')).toBe('2');
    expect(value('Lapse Ratio')).toBe('5,0%');
    const trend = within(book).getByRole('figure', { name: 'Lapse ratio, last 2 months' });
    expect(
      within(trend)
        .getAllByRole('listitem')
        .map((i) => plain(i.textContent)),
    ).toEqual(['2,5%Feb 20261 of 40', '5,0%Mar 20262 of 40']);
    expect(within(book).getByRole('link', { name: 'Open the arrears worklist' }).getAttribute('href')).toBe('/arrears');
  });

  it('reads — while nothing has fallen due, without a trend', async () => {
    renderApp(
      '/',
      sessionHandler(testUser({ role: 'administrator' }), (name) =>
        name === 'BookSummary' ? { data: { bookSummary: { ...BOOK, collectionRate: null, lapseRatio: [] } } } : { data: null },
      ),
    );
    const book = await screen.findByRole('region', { name: /The book this month \(/ });
    await waitFor(() => expect(plain(within(book).getByText('Collection Rate').nextElementSibling?.textContent)).toBe('—'));
    expect(within(book).queryByRole('figure')).toBeNull();
  });

  it('is not shown to a role without payments:read', async () => {
    renderApp(
      '/',
      sessionHandler(testUser({ role: 'claim_admin' }), () => ({ data: null })),
    );
    await screen.findByRole('region', { name: 'Company figures' });
    expect(screen.queryByRole('region', { name: /The book this month/ })).toBeNull();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { southAfricanDate } from '@fpa/write-model/validation';
import { describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser, type GraphQLAnswer } from '../../test/graphql';
import { renderApp } from '../../test/render';
import { claimActions, claimFlagNotices, NO_ACTIONS } from './claimStatus';
import { claimDetails, claimRow, claimsAnswer, countsAnswer, documentItem } from './claims.fixtures';
import type { ClaimRow } from './claims.operations';

const submitted = claimRow();
const underReview = claimRow({ id: 'c2', claimNumber: 'CLM-2025-000002', status: 'under_review', claimantName: 'Lerato Mokoena' });
const withUnderwriter = claimRow({ id: 'c3', claimNumber: 'CLM-2025-000003', status: 'sent_to_underwriter' });
const approved = claimRow({ id: 'c4', claimNumber: 'CLM-2025-000004', status: 'approved' });
const rejected = claimRow({ id: 'c5', claimNumber: 'CLM-2025-000005', status: 'rejected' });
const paid = claimRow({
  id: 'c6',
  claimNumber: 'CLM-2025-000006',
  status: 'paid',
  claimAmount: '60000',
  flags: {
    withinWaitingPeriod: true,
    waitingPeriodEndsOn: '2025-09-01',
    deathType: 'natural',
    waitingRule: 'natural',
    lifeJoinedOn: '2025-03-01',
    priorCoverMonths: 0,
    exceedsCover: true,
    coverageAmount: '50000',
    deceasedOnPolicy: false,
  },
});
const ALL_CLAIMS = [submitted, underReview, withUnderwriter, approved, rejected, paid];

function openClaims(change?: (variables: Record<string, unknown>) => GraphQLAnswer) {
  const changeSpy = vi.fn(
    change ??
      ((v: Record<string, unknown>) => ({
        data: { changeClaimStatus: claimRow({ id: String(v.id), status: v.status as ClaimRow['status'] }) },
      })),
  );
  const listCalls: Array<Record<string, unknown>> = [];
  renderApp(
    '/claims',
    sessionHandler(testUser({ role: 'claim_admin' }), (name, variables) => {
      if (name === 'Claims') {
        listCalls.push(variables);
        return claimsAnswer(ALL_CLAIMS.filter((c) => !variables.status || c.status === variables.status));
      }
      if (name === 'ClaimCounts') return countsAnswer();
      if (name === 'ClaimDetails') return { data: { claim: claimDetails({ ...paid, documents: [documentItem()] }) } };
      if (name === 'ChangeClaimStatus') return changeSpy(variables);
      return { data: null };
    }),
  );
  return { changeSpy, listCalls };
}

const rowOf = async (claimNumber: string) => (await screen.findByRole('button', { name: `View claim ${claimNumber}` })).closest('tr')!;

async function menuItems(claimNumber: string): Promise<string[]> {
  const row = await rowOf(claimNumber);
  fireEvent.click(within(row).getByRole('button', { name: `Update status of claim ${claimNumber}` }));
  const menu = await screen.findByRole('menu');
  const names = within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent ?? '');
  fireEvent.keyDown(menu, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  return names;
}

describe('claim status actions (spec part 2 §4)', () => {
  it('offers exactly the next statuses, with their action words', () => {
    expect(claimActions(['under_review', 'sent_to_underwriter']).map((a) => a.label)).toEqual(['Review', 'Send to Underwriter']);
    expect(claimActions(['approved', 'rejected', 'sent_to_underwriter']).map((a) => a.label)).toEqual([
      'Approve',
      'Reject',
      'Send to Underwriter',
    ]);
    expect(claimActions(['paid'])).toEqual([{ status: 'paid', label: 'Mark as Paid' }]);
    expect(claimActions([])).toEqual([]);
  });

  it('explains the flags', () => {
    expect(claimFlagNotices(submitted.flags, '15000')).toEqual([]);
    expect(claimFlagNotices(paid.flags, '60000').map((f) => f.label)).toEqual([
      'In waiting period',
      'Exceeds cover',
      'Deceased not on policy',
    ]);
  });
});

describe('/claims', { timeout: 30_000 }, () => {
  it('shows the heading, the five counts (Under Review counts under_review) and the rows', async () => {
    openClaims();
    expect(await screen.findByRole('heading', { level: 1, name: 'Claims Management' })).toBeTruthy();
    const counts = await screen.findByRole('region', { name: 'Claim counts' });
    await waitFor(() => expect(within(counts).getByText('6')).toBeTruthy());
    const card = (label: string) => within(counts).getByText(label).closest('dl')!.querySelector('dd')!.textContent;
    expect(card('Total Claims')).toBe('6');
    expect(card('Submitted')).toBe('1');
    expect(card('Under Review')).toBe('2');
    expect(card('Approved')).toBe('1');
    expect(card('Paid')).toBe('1');

    const row = await rowOf('CLM-2025-000001');
    expect(within(row).getByText('POL-000001')).toBeTruthy();
    expect(within(row).getByText('Nomsa Dlamini')).toBeTruthy();
    expect(within(row).getByText('Submitted')).toBeTruthy();
    expect(within(row).getByText('10 May 2025')).toBeTruthy();
    expect(within(row).getByText(/R\s?15[\s\u00a0]000,00/)).toBeTruthy();

    const flagged = await rowOf('CLM-2025-000006');
    for (const flag of ['In waiting period', 'Exceeds cover', 'Deceased not on policy'])
      expect(within(flagged).getByText(flag)).toBeTruthy();
    expect(within(row).queryByText('In waiting period')).toBeNull();
  });

  it('offers each status its actions, and No actions available for rejected and paid', async () => {
    openClaims();
    expect(await menuItems('CLM-2025-000001')).toEqual(['Review', 'Send to Underwriter']);
    expect(await menuItems('CLM-2025-000002')).toEqual(['Approve', 'Reject', 'Send to Underwriter']);
    expect(await menuItems('CLM-2025-000003')).toEqual(['Approve', 'Reject']);
    expect(await menuItems('CLM-2025-000004')).toEqual(['Mark as Paid']);
    for (const number of ['CLM-2025-000005', 'CLM-2025-000006']) {
      const row = await rowOf(number);
      expect(within(row).getByText(NO_ACTIONS)).toBeTruthy();
      expect(within(row).queryByRole('button', { name: /Update status/ })).toBeNull();
    }
  });

  it('Mark as Paid asks first for the payout, sends it with the optional note, and toasts', async () => {
    const { changeSpy } = openClaims();
    const row = await rowOf('CLM-2025-000004');
    fireEvent.click(within(row).getByRole('button', { name: 'Update status of claim CLM-2025-000004' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mark as Paid' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(changeSpy).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), {
      target: { value: 'Paid from the claims account' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Payment reference/ }), { target: { value: 'EFT-12345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as Paid' }));
    await waitFor(() =>
      expect(changeSpy).toHaveBeenCalledWith({
        id: 'c4',
        status: 'paid',
        note: 'Paid from the claims account',
        payout: { amount: '15000', paidOn: southAfricanDate(new Date()), reference: 'EFT-12345' },
      }),
    );
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Claim CLM-2025-000004 is now Paid.'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it("Review without a note sends null; a refusal toasts 'Error' with the server's message", async () => {
    const { changeSpy } = openClaims(() => ({
      errors: [{ message: 'A claim under review cannot move to paid', extensions: { code: 'CONFLICT' } }],
    }));
    const row = await rowOf('CLM-2025-000001');
    fireEvent.click(within(row).getByRole('button', { name: 'Update status of claim CLM-2025-000001' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Review' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    await waitFor(() => expect(changeSpy).toHaveBeenCalledWith({ id: 'c1', status: 'under_review', note: null }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Error'));
    expect(screen.getByRole('alert').textContent).toContain('A claim under review cannot move to paid');
  });

  it('filters by status with readable labels and searches on the server', async () => {
    const { listCalls } = openClaims();
    await rowOf('CLM-2025-000001');
    fireEvent.click(screen.getByRole('button', { name: /^All/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['All', 'Submitted', 'Under Review', 'Approved', 'Rejected', 'Sent to Underwriter', 'Paid']);
    fireEvent.click(screen.getByRole('option', { name: 'Under Review' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'View claim CLM-2025-000001' })).toBeNull());
    expect(screen.getByRole('button', { name: 'View claim CLM-2025-000002' })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search claims' }), { target: { value: 'Lerato' } });
    await waitFor(() => expect(listCalls.some((v) => v.search === 'Lerato' && v.status === 'under_review')).toBe(true));
  });

  it('opens a claim: flags explained, documents with View and Download, and the history', async () => {
    openClaims();
    fireEvent.click(await screen.findByRole('button', { name: 'View claim CLM-2025-000006' }));
    const dialog = await screen.findByRole('dialog', { name: 'Claim CLM-2025-000006' });
    await within(dialog).findByText(/inside this life's waiting period for a natural death, which ends on 01 Sept? 2025/);
    // Issue #22: the manner of death and the life's own wait.
    expect(within(dialog).getByText(/^Waiting period for this life \(natural death\) ends on 01 Sept? 2025/)).toBeTruthy();
    expect(within(dialog).getByText('Natural')).toBeTruthy();
    expect(within(dialog).getByText(/is more than the policy's cover/)).toBeTruthy();
    expect(within(dialog).getByText(/neither the policy holder's nor/)).toBeTruthy();
    expect(within(dialog).getByText('death-certificate.pdf')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'View death-certificate.pdf' }).getAttribute('href')).toBe('/api/documents/d1/view');
    expect(within(dialog).getByRole('link', { name: 'View death-certificate.pdf' }).getAttribute('target')).toBe('_blank');
    expect(within(dialog).getByRole('link', { name: 'Download death-certificate.pdf' }).getAttribute('href')).toBe(
      '/api/documents/d1/download',
    );
    expect(within(dialog).getByText('Pending')).toBeTruthy();
    expect(within(dialog).getByText(/Thandi Nkosi \(claim admin\)/)).toBeTruthy();
    expect(within(dialog).getByText(NO_ACTIONS)).toBeTruthy();
  });
});

import { southAfricanDate } from '@fpa/write-model/validation';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser, type GraphQLAnswer } from '../../test/graphql';
import { renderApp } from '../../test/render';
import { claimDetails, claimRow, claimsAnswer, countsAnswer } from './claims.fixtures';
import type { ClaimRow } from './claims.operations';

/* Issue #23: Approve, Reject and Mark as Paid ask for what the claim needs to decide; the details show the decision. */

const flagged = claimRow({
  id: 'c2',
  claimNumber: 'CLM-2025-000002',
  status: 'under_review',
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
const plain = claimRow({ id: 'c3', claimNumber: 'CLM-2025-000003', status: 'sent_to_underwriter' });
const approved = claimRow({ id: 'c4', claimNumber: 'CLM-2025-000004', status: 'approved', approvedAmount: '12000.00' });
const paid = claimRow({
  id: 'c6',
  claimNumber: 'CLM-2025-000006',
  status: 'paid',
  approvedAmount: '12000.00',
  override: { __typename: 'ClaimOverride', reason: 'Accidental death, police report', flags: ['withinWaitingPeriod'] },
  payout: {
    __typename: 'ClaimPayout',
    amount: '12000.00',
    paidOn: '2025-06-02',
    reference: 'EFT-778899',
    accountHolder: 'N Dlamini',
    accountLast4: '5678',
  },
} as Partial<ClaimRow>);

function open(change?: (variables: Record<string, unknown>) => GraphQLAnswer) {
  const changeSpy = vi.fn(
    change ??
      ((v: Record<string, unknown>) => ({
        data: { changeClaimStatus: claimRow({ id: String(v.id), status: v.status as ClaimRow['status'] }) },
      })),
  );
  renderApp(
    '/claims',
    sessionHandler(testUser({ role: 'claim_admin' }), (name, variables) => {
      if (name === 'Claims') return claimsAnswer([flagged, plain, approved, paid]);
      if (name === 'ClaimCounts') return countsAnswer();
      if (name === 'ClaimDetails') return { data: { claim: claimDetails({ ...paid, documents: [] }) } };
      if (name === 'ChangeClaimStatus') return changeSpy(variables);
      return { data: null };
    }),
  );
  return changeSpy;
}

async function choose(claimNumber: string, action: string) {
  const row = (await screen.findByRole('button', { name: `View claim ${claimNumber}` })).closest('tr')!;
  fireEvent.click(within(row).getByRole('button', { name: `Update status of claim ${claimNumber}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: action }));
  return screen.findByRole('alertdialog');
}
const type = (dialog: HTMLElement, name: RegExp, value: string) =>
  fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });

describe('the decision dialogs', { timeout: 30_000 }, () => {
  it('Approve: the amount is capped at the cover with a note, and a flagged claim needs the override reason, naming the flags', async () => {
    const changeSpy = open();
    const dialog = await choose('CLM-2025-000002', 'Approve');
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^Approved amount/ }).value).toBe('50000');
    expect(
      within(dialog).getByText(/above the deceased's cover of R\s?50[\s\u00a0]000,00: at most the cover can be approved/),
    ).toBeTruthy();
    expect(within(dialog).getByText('death within the waiting period')).toBeTruthy();
    expect(within(dialog).getByText('deceased not on the policy')).toBeTruthy();
    type(dialog, /^Reason for the override/, 'too short');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await within(dialog).findByText('The reason for the override must be at least 10 characters');
    expect(changeSpy).not.toHaveBeenCalled();
    type(dialog, /^Reason for the override/, 'Accidental death, police report');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(changeSpy).toHaveBeenCalledWith({
        id: 'c2',
        status: 'approved',
        note: null,
        approvedAmount: '50000',
        overrideReason: 'Accidental death, police report',
      }),
    );
  });

  it("Approve: the server's refusal of a field is shown beside it", async () => {
    const message =
      'This claim is flagged (death within the waiting period; deceased not on the policy): approving it needs a reason for the override of at least 10 characters.';
    open(() => ({
      errors: [{ message, extensions: { code: 'VALIDATION_FAILED', issues: [{ path: ['overrideReason'], message }] } }],
    }));
    const dialog = await choose('CLM-2025-000002', 'Approve');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    // The form says it before asking the server, in the claim's words.
    await within(dialog).findByText(message);
    type(dialog, /^Reason for the override/, 'Waived by the underwriter');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(
        within(dialog)
          .getByRole('textbox', { name: /^Reason for the override/ })
          .getAttribute('aria-invalid'),
      ).toBe('true'),
    );
    expect(within(dialog).getAllByText(message).length).toBeGreaterThan(0);
    // Shown beside the field, not in a toast too.
    expect(screen.queryByText('Error')).toBeNull();
  });

  it('Approve: a claim without flags asks for no override', async () => {
    const changeSpy = open();
    const dialog = await choose('CLM-2025-000003', 'Approve');
    expect(within(dialog).queryByRole('textbox', { name: /^Reason for the override/ })).toBeNull();
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^Approved amount/ }).value).toBe('15000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(changeSpy).toHaveBeenCalledWith({ id: 'c3', status: 'approved', note: null, approvedAmount: '15000', overrideReason: null }),
    );
  });

  it('Reject: a reason from the list is required, and words for Other', async () => {
    const changeSpy = open();
    const dialog = await choose('CLM-2025-000003', 'Reject');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await within(dialog).findByText('Choose the reason for rejecting the claim');
    fireEvent.click(within(dialog).getByRole('button', { name: /Reason for rejecting/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual([
      'Death within the waiting period',
      'Not covered by the policy',
      'Non-disclosure of what the policy asked about',
      'Fraud suspected',
      'Documents invalid',
      'Other',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Other' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await within(dialog).findByText('Describe the reason for rejecting the claim');
    type(dialog, /^Describe the reason/, 'Claimant withdrew the claim');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(changeSpy).toHaveBeenCalledWith({
        id: 'c3',
        status: 'rejected',
        note: null,
        rejectionReason: 'other',
        rejectionDetail: 'Claimant withdrew the claim',
      }),
    );
  });

  it('Mark as Paid: the approved amount and today prefilled, the account it goes to, a reference required', async () => {
    const changeSpy = open();
    const dialog = await choose('CLM-2025-000004', 'Mark as Paid');
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^Amount paid/ }).value).toBe('12000.00');
    expect(within(dialog).getByText('N Dlamini · account ending 5678')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as Paid' }));
    await within(dialog).findByText('Payment reference is required');
    type(dialog, /^Payment reference/, 'EFT-1');
    type(dialog, /^Amount paid/, '11000');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as Paid' }));
    await waitFor(() =>
      expect(changeSpy).toHaveBeenCalledWith({
        id: 'c4',
        status: 'paid',
        note: null,
        payout: { amount: '11000', paidOn: southAfricanDate(new Date()), reference: 'EFT-1' },
      }),
    );
  });

  it('the details show the decision: approved amount, override, payout and the account', async () => {
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'View claim CLM-2025-000006' }));
    const dialog = await screen.findByRole('dialog', { name: 'Claim CLM-2025-000006' });
    const decision = await within(dialog).findByRole('region', { name: 'Decision' });
    expect(within(decision).getByText('Override (death within the waiting period)')).toBeTruthy();
    expect(within(decision).getByText('Accidental death, police report')).toBeTruthy();
    expect(within(decision).getByText('EFT-778899')).toBeTruthy();
    expect(within(decision).getByText('N Dlamini · account ending 5678')).toBeTruthy();
    expect(within(decision).getByText(/R\s?12[\s\u00a0]000,00 on 02 June? 2025/)).toBeTruthy();
  });
});

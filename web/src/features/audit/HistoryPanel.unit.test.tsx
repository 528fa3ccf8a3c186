import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import Papa from 'papaparse';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser } from '../../test/graphql';
import { renderApp } from '../../test/render';
import { claimDetails, claimRow, claimsAnswer, countsAnswer } from '../claims/claims.fixtures';
import { claimHistory } from './audit.fixtures';

type Variables = Record<string, unknown>;

const claim = claimRow({ id: 'c6', claimNumber: 'CLM-2025-000006', status: 'approved' });
const policyRow = {
  __typename: 'Policy',
  id: 'p1',
  policyNumber: 'POL-000001',
  memberName: 'Sipho Dlamini',
  memberPhone: '0821234567',
  memberSaId: '8001015009087',
  policyTypeName: 'Family Cover',
  status: 'active',
  monthlyPremium: '299',
  coverageAmount: '50000',
  startDate: '2025-03-04',
  debitDay: 1,
};

function answers(historyCalls: Variables[]) {
  return (name: string, variables: Variables) => {
    if (name === 'Claims') return claimsAnswer([claim]);
    if (name === 'ClaimCounts') return countsAnswer();
    if (name === 'ClaimDetails') return { data: { claim: claimDetails({ ...claim }) } };
    if (name === 'Policies')
      return {
        data: {
          policies: {
            __typename: 'PolicyConnection',
            nodes: [policyRow],
            totalCount: 1,
            pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
          },
        },
      };
    if (name === 'PolicyCounts')
      return { data: { policyCounts: { __typename: 'PolicyCounts', active: 1, lapsed: 0, cancelled: 0, total: 1 } } };
    if (name === 'AuditHistory') {
      historyCalls.push(variables);
      return { data: { history: { ...claimHistory(), entity: variables.entity, id: variables.id } } };
    }
    return { data: null };
  };
}

const items = (list: HTMLElement) => within(list).getAllByRole('listitem');

describe('History panel', { timeout: 30_000 }, () => {
  // The pages are lazy chunks: transform them once before the first test waits for one.
  beforeAll(async () => {
    await Promise.all([import('../claims/ClaimsPage'), import('../policies/PoliciesPage'), import('../../app/shell/AppShell')]);
  }, 60_000);
  let downloads: { name: string; blob: Blob }[];
  beforeEach(() => {
    downloads = [];
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => `blob:audit-${blobs.push(blob)}`);
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ name: this.download, blob: blobs[Number(this.href.split('-').pop()) - 1]! });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows a claim's timeline in its details, read only when opened: title, time, actor with role, note and changes", async () => {
    const historyCalls: Variables[] = [];
    const user = testUser({ role: 'claim_admin' });
    renderApp('/claims', sessionHandler({ ...user, permissions: [...user.permissions, 'audit:read'] }, answers(historyCalls)));
    fireEvent.click(await screen.findByRole('button', { name: 'View claim CLM-2025-000006' }));
    const toggle = await screen.findByRole('button', { name: 'Show history of claim CLM-2025-000006' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(historyCalls).toEqual([]);

    fireEvent.click(toggle);
    const timeline = await screen.findByRole('list', { name: 'History of Claim CLM-2025-000001' });
    expect(historyCalls).toEqual([{ entity: 'claim', id: 'c6', companyId: null }]);
    const [submitted, review, approved] = items(timeline);
    expect(items(timeline)).toHaveLength(3);
    expect(within(submitted!).getByText('Claim submitted')).toBeTruthy();
    expect(submitted!.textContent).toContain('Precious Mahlangu (administrator)');
    expect(
      within(submitted!)
        .getByText(/01 Jun 2025/)
        .getAttribute('dateTime'),
    ).toBe('2025-06-01T07:30:00.000Z');
    expect(submitted!.textContent).toContain('Deceased › First name');
    // a field the event brought into being shows its value only
    expect(within(submitted!).getAllByRole('definition')[0]!.textContent).toBe('set to submitted');
    expect(review!.textContent).toContain('Thandi Nkosi (claim admin)');
    expect(review!.textContent).toContain('“Documents look complete”');
    const change = within(review!).getByRole('definition');
    expect(change.textContent).toBe('submitted →  changed to under_review');
    expect(within(review!).getByRole('term').textContent).toBe('Status');
    expect(approved!.textContent).toContain('Claim approved');
    expect(screen.getByText('3 events')).toBeTruthy();
    // audit:read granted beyond the role's defaults opens the Audit page too
    expect(screen.getByRole('link', { name: 'Open in Audit' }).getAttribute('href')).toBe('/audit?entity=claim&id=c6');
  });

  it('is not offered to users without audit:read', async () => {
    const historyCalls: Variables[] = [];
    renderApp('/claims', sessionHandler(testUser({ role: 'claim_admin' }), answers(historyCalls)));
    fireEvent.click(await screen.findByRole('button', { name: 'View claim CLM-2025-000006' }));
    const dialog = await screen.findByRole('dialog', { name: 'Claim CLM-2025-000006' });
    await within(dialog).findByRole('heading', { name: 'Status history' });
    expect(within(dialog).queryByRole('button', { name: /history/i })).toBeNull();
    cleanup();

    renderApp('/policies', sessionHandler(testUser({ role: 'policy_admin' }), answers(historyCalls)));
    await screen.findAllByText('POL-000001');
    expect(screen.queryByRole('button', { name: /^History of/ })).toBeNull();
    expect(historyCalls).toEqual([]);
  });

  it('opens a policy history in a dialog from its row, exports it as CSV and links to the Audit page', async () => {
    const historyCalls: Variables[] = [];
    renderApp('/policies', sessionHandler(testUser(), answers(historyCalls)));
    fireEvent.click(await screen.findByRole('button', { name: 'History of policy POL-000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'History of policy POL-000001' });
    await within(dialog).findByRole('list', { name: /^History of Policy/ });
    expect(historyCalls).toEqual([{ entity: 'policy', id: 'p1', companyId: null }]);
    expect(within(dialog).getByRole('link', { name: 'Open in Audit' }).getAttribute('href')).toBe('/audit?entity=policy&id=p1');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toMatch(/^audit-policy-CLM-2025-000001-\d{4}-\d{2}-\d{2}\.csv$/);
    const parsed = Papa.parse<string[]>(await downloads[0]!.blob.text(), { skipEmptyLines: true });
    expect(parsed.data).toEqual([
      ['Position', 'Time', 'Event', 'Title', 'Actor', 'Role', 'Note', 'Changes'],
      [
        '11',
        '2025-06-01T07:30:00.000Z',
        'ClaimSubmitted',
        'Claim submitted',
        'Precious Mahlangu',
        'administrator',
        '',
        'Status: — → submitted; Claim amount: — → 15000; Deceased › First name: — → Themba',
      ],
      [
        '15',
        '2025-06-02T08:00:00.000Z',
        'ClaimStatusChanged',
        'Claim put under review',
        'Thandi Nkosi',
        'claim admin',
        'Documents look complete',
        'Status: submitted → under_review',
      ],
      [
        '21',
        '2025-06-03T12:15:00.000Z',
        'ClaimApproved',
        'Claim approved',
        'Thandi Nkosi',
        'claim admin',
        '',
        'Status: under_review → approved',
      ],
    ]);
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser, type GraphQLAnswer } from '../../test/graphql';
import { renderApp } from '../../test/render';
import type { PolicyRow } from './policies.operations';
import { statusControls } from './policyStatus';

const policy = (overrides: Partial<PolicyRow>): PolicyRow & { __typename: 'Policy' } => ({
  __typename: 'Policy',
  id: 'p1',
  policyNumber: 'POL-000001',
  memberId: 'm1',
  memberName: 'Sipho Dlamini',
  memberPhone: '0821234567',
  memberSaId: '8001015009087',
  policyTypeName: 'Family Cover',
  status: 'active',
  monthlyPremium: '299',
  coverageAmount: '50000',
  startDate: '2025-03-04',
  debitDay: 1,
  schemeId: null,
  schemeName: null,
  ...overrides,
});

const active = policy({});
const lapsed = policy({ id: 'p2', policyNumber: 'POL-000002', memberName: 'Ayanda Zulu', status: 'lapsed', debitDay: 25 });
const cancelled = policy({
  id: 'p3',
  policyNumber: 'POL-000003',
  memberName: 'Nomsa Khumalo',
  status: 'cancelled',
  memberSaId: 'A1234567',
});

function openPolicies(
  change: (variables: Record<string, unknown>) => GraphQLAnswer = (v) => ({
    data: { changePolicyStatus: policy({ id: String(v.id), status: v.status as PolicyRow['status'] }) },
  }),
) {
  const changeSpy = vi.fn(change);
  const listCalls: Array<Record<string, unknown>> = [];
  const countCalls: Array<Record<string, unknown>> = [];
  renderApp(
    '/policies',
    sessionHandler(testUser(), (name, variables) => {
      if (name === 'Policies') {
        listCalls.push(variables);
        const nodes = [active, lapsed, cancelled].filter((p) => !variables.status || p.status === variables.status);
        return {
          data: {
            policies: {
              __typename: 'PolicyConnection',
              nodes,
              totalCount: nodes.length,
              pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
            },
          },
        };
      }
      if (name === 'PolicyCounts') {
        countCalls.push(variables);
        return { data: { policyCounts: { __typename: 'PolicyCounts', active: 1, lapsed: 1, cancelled: 1, total: 3 } } };
      }
      if (name === 'ChangePolicyStatus') return changeSpy(variables);
      return { data: null };
    }),
  );
  return { changeSpy, listCalls, countCalls };
}

const rowOf = async (policyNumber: string) => (await screen.findByText(policyNumber)).closest('tr')!;

describe('policy status controls (spec §4)', () => {
  it('active: switch and Cancel; lapsed: switch only; cancelled: Reinstate only', () => {
    expect(statusControls('active')).toEqual({ switchable: true, cancellable: true, reinstatable: false });
    expect(statusControls('lapsed')).toEqual({ switchable: true, cancellable: false, reinstatable: false });
    expect(statusControls('cancelled')).toEqual({ switchable: false, cancellable: false, reinstatable: true });
  });
});

describe('/policies', { timeout: 20_000 }, () => {
  it('shows the counts and each row with the controls its status allows', async () => {
    openPolicies();
    const counts = await screen.findByRole('region', { name: 'Policy counts' });
    await waitFor(() => expect(within(counts).getByText('3')).toBeTruthy());

    const activeRow = await rowOf('POL-000001');
    expect(within(activeRow).getByText('Sipho Dlamini')).toBeTruthy();
    expect(within(activeRow).getByText('0821234567')).toBeTruthy();
    expect(within(activeRow).getByText('Family Cover')).toBeTruthy();
    expect(within(activeRow).getAllByText('Active').length).toBeGreaterThan(0);
    expect(within(activeRow).getByText('04 Mar 2025')).toBeTruthy();
    expect(within(activeRow).getByText('Debit day 1')).toBeTruthy();
    expect(within(activeRow).getByRole('button', { name: /Status of policy POL-000001/ })).toBeTruthy();
    expect(within(activeRow).getByRole('button', { name: 'Cancel policy POL-000001' })).toBeTruthy();
    expect(within(activeRow).queryByRole('button', { name: /Reinstate/ })).toBeNull();

    const lapsedRow = await rowOf('POL-000002');
    expect(within(lapsedRow).getByText('Debit day 25')).toBeTruthy();
    expect(within(lapsedRow).getByRole('button', { name: /Status of policy POL-000002/ })).toBeTruthy();
    expect(within(lapsedRow).queryByRole('button', { name: /Cancel/ })).toBeNull();

    const cancelledRow = await rowOf('POL-000003');
    expect(within(cancelledRow).getByText('A1234567')).toBeTruthy();
    expect(within(cancelledRow).queryByRole('button', { name: /Status of policy/ })).toBeNull();
    expect(within(cancelledRow).queryByRole('button', { name: /Cancel/ })).toBeNull();
    expect(within(cancelledRow).getByRole('button', { name: 'Reinstate policy POL-000003' })).toBeTruthy();
  });

  it('switches an active policy to lapsed after a confirmation with a reason, and toasts Success', async () => {
    const { changeSpy } = openPolicies();
    const row = await rowOf('POL-000001');
    fireEvent.click(within(row).getByRole('button', { name: /Status of policy POL-000001/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Lapsed' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Lapse this policy?' });
    expect(dialog.textContent).toContain('Policy POL-000001 for Sipho Dlamini lapses today');
    // No reason, no change: the server's sentence under the field.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lapse Policy' }));
    expect(await within(dialog).findByText('Give the reason for lapsing this policy.')).toBeTruthy();
    expect(changeSpy).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: ' Client asked by phone ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lapse Policy' }));
    await waitFor(() => expect(changeSpy).toHaveBeenCalledWith({ id: 'p1', status: 'lapsed', note: 'Client asked by phone' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Policy status updated successfully'));
    expect(screen.getByRole('status').textContent).toContain('Success');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('sets a lapsed policy active only after confirming a reinstatement with a reason; keeping it changes nothing', async () => {
    const { changeSpy } = openPolicies();
    const choose = async () => {
      fireEvent.click(within(await rowOf('POL-000002')).getByRole('button', { name: /Status of policy POL-000002/ }));
      fireEvent.click(await screen.findByRole('option', { name: 'Active' }));
      return screen.findByRole('alertdialog', { name: 'Reinstate this policy?' });
    };
    fireEvent.click(within(await choose()).getByRole('button', { name: 'Keep Lapsed' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(changeSpy).not.toHaveBeenCalled();
    const dialog = await choose();
    expect(dialog.textContent).toContain('no new waiting period');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Arrears paid at the branch' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reinstate Policy' }));
    await waitFor(() => expect(changeSpy).toHaveBeenCalledWith({ id: 'p2', status: 'active', note: 'Arrears paid at the branch' }));
  });

  it('asks before cancelling; reinstating sends active', async () => {
    const { changeSpy } = openPolicies();
    fireEvent.click(within(await rowOf('POL-000001')).getByRole('button', { name: 'Cancel policy POL-000001' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(changeSpy).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Policy' }));
    await waitFor(() => expect(changeSpy).toHaveBeenCalledWith({ id: 'p1', status: 'cancelled' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    fireEvent.click(within(await rowOf('POL-000003')).getByRole('button', { name: 'Reinstate policy POL-000003' }));
    await waitFor(() => expect(changeSpy).toHaveBeenCalledWith({ id: 'p3', status: 'active' }));
  });

  it("a refused change toasts 'Error' with the server's message", async () => {
    openPolicies(() => ({
      errors: [{ message: 'A cancelled policy can only be reinstated to active', extensions: { code: 'CONFLICT' } }],
    }));
    fireEvent.click(within(await rowOf('POL-000003')).getByRole('button', { name: 'Reinstate policy POL-000003' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Error'));
    expect(screen.getByRole('alert').textContent).toContain('A cancelled policy can only be reinstated to active');
  });

  it('filters by status and searches on the server', async () => {
    const { listCalls, countCalls } = openPolicies();
    await rowOf('POL-000001');
    fireEvent.click(screen.getByRole('button', { name: /^All/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Cancelled' }));
    await waitFor(() => expect(screen.queryByText('POL-000001')).toBeNull());
    expect(screen.getByText('POL-000003')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search policies' }), { target: { value: 'Nomsa' } });
    await waitFor(() => expect(listCalls.some((v) => v.search === 'Nomsa' && v.status === 'cancelled')).toBe(true));
    // The count cards keep counting the whole book while the table follows the search.
    expect(countCalls.length).toBeGreaterThan(0);
    expect(countCalls.every((v) => v.search === null)).toBe(true);
  });
});

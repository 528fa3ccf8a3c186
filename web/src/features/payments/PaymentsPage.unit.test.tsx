import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser, type GraphQLAnswer } from '../../test/graphql';
import { renderApp } from '../../test/render';
import { groupPaymentTotal, paymentMethodLabel, todayIso } from './paymentLabels';
import { paymentRow, paymentScheme, paymentsAnswer, policiesAnswer } from './payments.fixtures';
import type { PaymentRow } from './payments.operations';

const completed = paymentRow();
const pending = paymentRow({
  id: 'pay2',
  policyNumber: 'MIN-000001',
  memberName: 'Zanele Mokoena',
  amount: '300',
  paymentMethod: 'mobile_money',
  reference: null,
  status: 'pending',
  schemeName: 'Mine Workers',
  paymentDate: '2025-06-01',
});
const SCHEMES = [paymentScheme(), paymentScheme({ id: 's2', name: 'Taxi Association', status: 'inactive', totalMembers: 4 })];

type Handlers = {
  group?: (variables: Record<string, unknown>) => GraphQLAnswer;
  change?: (variables: Record<string, unknown>) => GraphQLAnswer;
};

function openPayments({ group, change }: Handlers = {}) {
  const groupSpy = vi.fn(
    group ??
      ((v: Record<string, unknown>) => {
        const input = v.input as { amountPerMember: string };
        return {
          data: {
            recordGroupPayment: {
              __typename: 'GroupPaymentResult',
              groupPaymentId: 'g1',
              schemeId: v.schemeId,
              amountPerMember: input.amountPerMember,
              // A member joined since the dialog opened: the server's count and total are the ones reported.
              memberCount: 6,
              totalAmount: '599.94',
              payments: [],
            },
          },
        };
      }),
  );
  const changeSpy = vi.fn(
    change ??
      ((v: Record<string, unknown>) => ({
        data: { changePaymentStatus: paymentRow({ id: String(v.id), status: v.status as PaymentRow['status'] }) },
      })),
  );
  const listCalls: Array<Record<string, unknown>> = [];
  renderApp(
    '/payments',
    sessionHandler(testUser(), (name, variables) => {
      if (name === 'Payments') {
        listCalls.push(variables);
        const search = typeof variables.search === 'string' ? variables.search.toLowerCase() : '';
        return paymentsAnswer(
          [completed, pending].filter(
            (p) => (!variables.status || p.status === variables.status) && (!search || p.memberName.toLowerCase().includes(search)),
          ),
        );
      }
      if (name === 'PolicyPicker') return policiesAnswer;
      if (name === 'PaymentSchemes') return { data: { groupSchemes: SCHEMES } };
      if (name === 'RecordGroupPayment') return groupSpy(variables);
      if (name === 'ChangePaymentStatus') return changeSpy(variables);
      return { data: null };
    }),
  );
  return { groupSpy, changeSpy, listCalls };
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

async function openGroupDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Record Payment' }));
  fireEvent.click(await screen.findByRole('tab', { name: 'Group Payment' }));
  fireEvent.click(await screen.findByRole('button', { name: /Group scheme/ }));
  const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
  // Only active schemes can be paid for.
  expect(options).toEqual(['Mine Workers (5 members)']);
  fireEvent.click(screen.getByRole('option', { name: 'Mine Workers (5 members)' }));
  return screen.findByRole('dialog', { name: 'Group Payment: Mine Workers' });
}

const amountInput = (dialog: HTMLElement) => within(dialog).getByLabelText('Amount per member (R)', { selector: 'input' });

describe('group payment total', () => {
  it('is amount per member × members, in cents', () => {
    expect(groupPaymentTotal('150', 5)).toBe('750.00');
    expect(groupPaymentTotal('99.99', 5)).toBe('499.95');
    expect(groupPaymentTotal('0.10', 3)).toBe('0.30');
    expect(groupPaymentTotal('', 5)).toBeNull();
    expect(groupPaymentTotal('1,50', 5)).toBeNull();
  });
});

describe('/payments: group payment dialog', { timeout: 30_000 }, () => {
  it('shows the member count and the total live, validates, and toasts the answer’s total', async () => {
    const { groupSpy } = openPayments();
    const dialog = await openGroupDialog();
    expect(within(dialog).getByText('5 members')).toBeTruthy();
    expect(within(dialog).getByText(/3 main, 2 family/)).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>('Payment date', { selector: 'input' }).value).toBe(todayIso());

    fireEvent.change(amountInput(dialog), { target: { value: '150' } });
    expect(within(dialog).getByText(/^R\s?750,00$/)).toBeTruthy();
    fireEvent.change(amountInput(dialog), { target: { value: '99.99' } });
    expect(within(dialog).getByText(/^R\s?499,95$/)).toBeTruthy();
    expect(within(dialog).getByText(/R\s?99,99 × 5 members/)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Group Payment' }));
    expect(await within(dialog).findByText('Payment method is required')).toBeTruthy();
    expect(groupSpy).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: /Payment method/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Cash',
      'EFT',
      'Debit Order',
      'Credit Card',
      'Mobile Money',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Mobile Money' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Group Payment' }));
    await waitFor(() => expect(groupSpy).toHaveBeenCalledTimes(1));
    expect(groupSpy.mock.calls[0]![0]).toEqual({
      schemeId: 's1',
      input: { amountPerMember: '99.99', paymentMethod: 'mobile_money', paymentDate: todayIso(), reference: null },
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Group payment recorded'));
    expect(screen.getByRole('status').textContent).toMatch(/Total R\s?599,94 for 6 members of Mine Workers/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("an empty amount says so; a refusal toasts the server's message or the fallback", async () => {
    const { groupSpy } = openPayments({ group: () => ({ errors: [{ message: '' }] }) });
    const dialog = await openGroupDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Group Payment' }));
    expect(await within(dialog).findByText('Amount per member is required')).toBeTruthy();
    fireEvent.change(amountInput(dialog), { target: { value: '50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Payment method/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Cash' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record Group Payment' }));
    await waitFor(() => expect(groupSpy).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Failed to record group payment'));
    expect(screen.getByRole('dialog', { name: 'Group Payment: Mine Workers' })).toBeTruthy();
  });
});

describe('/payments: the list', { timeout: 30_000 }, () => {
  it('shows policy, member, rand amount, date, readable method, reference and a status selector', async () => {
    openPayments();
    const row = await rowOf('POL-000001');
    expect(within(row).getByText('Sipho Dlamini')).toBeTruthy();
    expect(within(row).getByText(/^R\s?150,00$/)).toBeTruthy();
    expect(within(row).getByText('10 May 2025')).toBeTruthy();
    expect(within(row).getByText('Debit Order')).toBeTruthy();
    expect(within(row).getByText('MAY-2025')).toBeTruthy();
    const group = await rowOf('MIN-000001');
    expect(within(group).getByText('Mobile Money')).toBeTruthy();
    expect(within(group).getByText('Group: Mine Workers')).toBeTruthy();
    expect(paymentMethodLabel('something_new')).toBe('something new');
  });

  it('sets any status from any other at once', async () => {
    const { changeSpy } = openPayments();
    const row = await rowOf('POL-000001');
    const trigger = within(row).getByRole('button', { name: /Payment status for POL-000001 on 10 May 2025/ });
    expect(trigger.textContent).toContain('Completed');
    fireEvent.click(trigger);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Pending', 'Completed', 'Failed', 'Refunded']);
    fireEvent.click(screen.getByRole('option', { name: 'Refunded' }));
    await waitFor(() => expect(changeSpy).toHaveBeenCalledWith({ id: 'pay1', status: 'refunded' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Payment for POL-000001 is now Refunded.'));

    // And back again from pending to completed on the other row: no transition is refused here.
    const other = await rowOf('MIN-000001');
    fireEvent.click(within(other).getByRole('button', { name: /Payment status for MIN-000001/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Completed' }));
    await waitFor(() => expect(changeSpy).toHaveBeenCalledWith({ id: 'pay2', status: 'completed' }));
  });

  it('filters by status and searches on the server', async () => {
    const { listCalls } = openPayments();
    await rowOf('POL-000001');
    fireEvent.click(screen.getByRole('button', { name: /^All/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['All', 'Pending', 'Completed', 'Failed', 'Refunded']);
    fireEvent.click(screen.getByRole('option', { name: 'Pending' }));
    await waitFor(() => expect(screen.queryByText('POL-000001')).toBeNull());
    expect(screen.getByText('MIN-000001')).toBeTruthy();
    expect(listCalls).toContainEqual({ search: null, status: 'pending', first: 50, after: null });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search payments' }), { target: { value: 'Nobody' } });
    expect(await screen.findByText('No payments match your search')).toBeTruthy();
    expect(listCalls).toContainEqual({ search: 'Nobody', status: 'pending', first: 50, after: null });
  });
});

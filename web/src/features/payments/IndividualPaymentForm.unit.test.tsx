import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser, type GraphQLAnswer } from '../../test/graphql';
import { renderApp } from '../../test/render';
import { todayIso } from './paymentLabels';
import { paymentRow, paymentsAnswer, policiesAnswer } from './payments.fixtures';

function openPayments(
  record: (variables: Record<string, unknown>) => GraphQLAnswer = () => ({
    data: { recordPayment: paymentRow({ id: 'new', amount: '150.50' }) },
  }),
) {
  const recordSpy = vi.fn(record);
  const listCalls: Array<Record<string, unknown>> = [];
  renderApp(
    '/payments',
    sessionHandler(testUser({ role: 'billing_clerk' }), (name, variables) => {
      if (name === 'Payments') {
        listCalls.push(variables);
        return paymentsAnswer([paymentRow()]);
      }
      if (name === 'PolicyPicker') return policiesAnswer;
      if (name === 'PaymentSchemes') return { data: { groupSchemes: [] } };
      if (name === 'RecordPayment') return recordSpy(variables);
      return { data: null };
    }),
  );
  return { recordSpy, listCalls };
}

async function openForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Record Payment' }));
  return screen.findByRole('form', { name: 'Individual payment' });
}

const input = (form: HTMLElement, label: string) => within(form).getByLabelText<HTMLInputElement>(label, { selector: 'input, textarea' });
const type = (form: HTMLElement, label: string, value: string) => fireEvent.change(input(form, label), { target: { value } });

async function choosePolicy(form: HTMLElement, search: string, option: string) {
  const picker = within(form).getByRole('combobox', { name: 'Policy' });
  act(() => picker.focus());
  fireEvent.change(picker, { target: { value: search } });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

async function chooseMethod(form: HTMLElement, label: string) {
  fireEvent.click(within(form).getByRole('button', { name: /Payment method/ }));
  fireEvent.click(await screen.findByRole('option', { name: label }));
}

describe('Record Payment: individual payment (spec part 2 §5)', { timeout: 30_000 }, () => {
  it('reveals the two tabs; the date defaults to today and the methods are the five of §9', async () => {
    openPayments();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Management' })).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'Record Payment' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const form = await openForm();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Individual Payment', 'Group Payment']);
    expect(input(form, 'Payment date').value).toBe(todayIso());
    fireEvent.click(within(form).getByRole('button', { name: /Payment method/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Bank Transfer',
      'Debit Order',
      'Cash',
      'Credit Card',
      'EFT',
    ]);
  });

  it("shows paymentSchema's messages and sends nothing until they are fixed", async () => {
    const { recordSpy } = openPayments();
    const form = await openForm();
    type(form, 'Payment date', '');
    fireEvent.click(within(form).getByRole('button', { name: 'Save Payment' }));
    expect(await within(form).findByText('Policy selection is required')).toBeTruthy();
    expect(within(form).getByText('Amount is required')).toBeTruthy();
    expect(within(form).getByText('Payment date is required')).toBeTruthy();
    expect(within(form).getByText('Payment method is required')).toBeTruthy();
    expect(within(form).queryByText(/Reference.*required|Notes.*required/)).toBeNull();

    type(form, 'Amount (R)', '0');
    fireEvent.click(within(form).getByRole('button', { name: 'Save Payment' }));
    expect(await within(form).findByText('Amount must be greater than 0')).toBeTruthy();
    expect(input(form, 'Amount (R)').getAttribute('aria-invalid')).toBe('true');
    expect(recordSpy).not.toHaveBeenCalled();
  });

  // A date input cannot even hold year 0000 or 30 February (the browser empties it); these it can.
  it('refuses the dates the server refuses, in its words: before 1900, more than a year after the South African today', async () => {
    const { recordSpy } = openPayments();
    const form = await openForm();
    const [year, monthDay] = [Number(todayIso().slice(0, 4)), todayIso().slice(4)];
    for (const [date, message] of [
      ['1899-12-31', 'Payment date cannot be before 1900-01-01'],
      [`${year + 2}${monthDay}`, /^Payment date cannot be more than a year ahead/],
    ] as const) {
      type(form, 'Payment date', date);
      fireEvent.click(within(form).getByRole('button', { name: 'Save Payment' }));
      expect(await within(form).findByText(message)).toBeTruthy();
    }
    expect(recordSpy).not.toHaveBeenCalled();
  });

  it('records the payment with blank optionals as null, toasts, resets and refreshes the list', async () => {
    const { recordSpy, listCalls } = openPayments();
    const form = await openForm();
    await choosePolicy(form, 'Ayanda', 'POL-000002 — Ayanda Zulu (lapsed)');
    type(form, 'Amount (R)', '150.50');
    await chooseMethod(form, 'EFT');
    const listsBefore = listCalls.length;
    fireEvent.click(within(form).getByRole('button', { name: 'Save Payment' }));
    await waitFor(() => expect(recordSpy).toHaveBeenCalledTimes(1));
    expect(recordSpy.mock.calls[0]![0]).toEqual({
      input: { policyId: 'p2', amount: '150.50', paymentDate: todayIso(), paymentMethod: 'eft', reference: null, notes: null },
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Payment recorded'));
    expect(screen.getByRole('status').textContent).toMatch(/R\s?150,50 for policy POL-000001/);
    await waitFor(() => expect(input(form, 'Amount (R)').value).toBe(''));
    expect(input(form, 'Payment date').value).toBe(todayIso());
    // The new Payment invalidates the list, which is asked for again.
    await waitFor(() => expect(listCalls.length).toBeGreaterThan(listsBefore));
  });

  it("shows a refusal as 'Error' with the server's message", async () => {
    openPayments(() => ({ errors: [{ message: 'Policy not found', extensions: { code: 'NOT_FOUND' } }] }));
    const form = await openForm();
    await choosePolicy(form, 'Sipho', 'POL-000001 — Sipho Dlamini');
    type(form, 'Amount (R)', '99');
    await chooseMethod(form, 'Cash');
    fireEvent.click(within(form).getByRole('button', { name: 'Save Payment' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Error'));
    expect(screen.getByRole('alert').textContent).toContain('Policy not found');
    expect(input(form, 'Amount (R)').value).toBe('99');
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser, type GraphQLAnswer } from '../../test/graphql';
import { renderApp } from '../../test/render';
import type { DebitMandate } from './collections.operations';
import { mandateFormSchema, mandateFormValues } from './MandateForm';

const POLICY = {
  __typename: 'Policy',
  id: 'p1',
  policyNumber: 'POL-2026-000001',
  memberName: 'Themba Mthembu',
  memberPhone: '0821234567',
  memberSaId: '8001015009087',
  policyTypeName: 'Funeral 20k',
  status: 'active',
  monthlyPremium: '120.00',
  coverageAmount: '20000.00',
  startDate: '2026-01-10',
  debitDay: 15,
};

const MANDATE: DebitMandate = {
  policyId: 'p1',
  accountHolder: 'T Mthembu',
  bank: 'fnb',
  branchCode: '250655',
  accountNumber: '62001234567',
  accountType: 'cheque',
  debitDay: 1,
  mandateReference: 'MND-1',
  debiCheck: false,
  status: 'pending',
  suspended: null,
};

function openPolicies(
  role: string,
  mandate: DebitMandate | null,
  save: (v: Record<string, unknown>) => GraphQLAnswer = () => ({ data: null }),
) {
  const saveSpy = vi.fn(save);
  renderApp(
    '/policies',
    sessionHandler(testUser({ role }), (name, variables) => {
      if (name === 'Policies')
        return {
          data: {
            policies: {
              __typename: 'PolicyConnection',
              nodes: [POLICY],
              totalCount: 1,
              pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
            },
          },
        };
      if (name === 'PolicyCounts')
        return { data: { policyCounts: { __typename: 'PolicyCounts', active: 1, lapsed: 0, cancelled: 0, total: 1 } } };
      if (name === 'DebitMandate') return { data: { debitMandate: mandate && { __typename: 'DebitMandate', ...mandate } } };
      if (name === 'SetDebitMandate') return saveSpy(variables);
      return { data: null };
    }),
  );
  return { saveSpy };
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Debit order of policy POL-2026-000001' }));
  return screen.findByRole('dialog', { name: 'Debit order of policy POL-2026-000001' });
}

async function choose(dialog: HTMLElement, label: RegExp, option: string) {
  fireEvent.click(within(dialog).getByRole('button', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const type = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByRole('textbox', { name: new RegExp(`^${label}`) }), { target: { value } });

describe('the mandate form schema', () => {
  it('reads the form strings as the shared schema takes them, with its messages', () => {
    const values = {
      ...mandateFormValues(null, 15),
      accountHolder: 'T Mthembu',
      bank: 'capitec',
      branchCode: '470010',
      accountNumber: '123456',
      accountType: 'savings',
      mandateReference: 'mnd-7',
    };
    expect(values.debitDay).toBe('15');
    const refused = mandateFormSchema.safeParse(values);
    expect(refused.success).toBe(false);
    const parsed = mandateFormSchema.safeParse({ ...values, accountNumber: '1234567890', debiCheck: 'true' });
    expect(parsed).toMatchObject({ success: true, data: { debitDay: 15, debiCheck: true, mandateReference: 'MND-7', status: 'pending' } });
  });
});

describe('the Debit order dialog on /policies', { timeout: 30_000 }, () => {
  it('sets a first mandate: the bank proposes its branch code, the schema checks the account, the policy gives the debit day', async () => {
    const { saveSpy } = openPolicies('administrator', null, (v) => ({
      data: { setDebitMandate: { __typename: 'DebitMandate', ...MANDATE, ...(v.input as object), suspended: null } },
    }));
    const dialog = await openDialog();
    expect(await within(dialog).findByText(/No debit order yet/)).toBeTruthy();
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^Debit day/ }).value).toBe('15');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Debit Order' }));
    expect(await within(dialog).findByText('Account holder is required')).toBeTruthy();
    expect(within(dialog).getByText('Choose the bank')).toBeTruthy();

    type(dialog, 'Account holder', 'T Mthembu');
    await choose(dialog, /Bank/, 'Capitec Bank');
    expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: /^Branch code/ }).value).toBe('470010');
    type(dialog, 'Account number', '123456');
    await choose(dialog, /Account type/, 'Savings');
    type(dialog, 'Mandate reference', 'mnd-1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Debit Order' }));
    expect(await within(dialog).findByText('A Capitec Bank account number has 10 digits')).toBeTruthy();
    expect(saveSpy).not.toHaveBeenCalled();

    type(dialog, 'Account number', '1234567890');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Debit Order' }));
    await waitFor(() => expect(saveSpy).toHaveBeenCalledTimes(1));
    expect(saveSpy.mock.calls[0]![0]).toEqual({
      id: 'p1',
      input: {
        accountHolder: 'T Mthembu',
        bank: 'capitec',
        branchCode: '470010',
        accountNumber: '1234567890',
        accountType: 'savings',
        debitDay: 15,
        mandateReference: 'MND-1',
        debiCheck: false,
        status: 'pending',
      },
    });
  });

  it('shows a reference taken (409) on its field', async () => {
    openPolicies('administrator', MANDATE, () => ({
      errors: [
        {
          message: 'Another policy of this company already has this mandate reference',
          extensions: {
            code: 'ALREADY_EXISTS',
            issues: [{ path: ['mandateReference'], message: 'Another policy of this company already has this mandate reference' }],
          },
        },
      ],
    }));
    const dialog = await openDialog();
    expect((await within(dialog).findAllByText('First National Bank')).length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Debit Order' }));
    const field = within(dialog).getByRole('textbox', { name: /^Mandate reference/ });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getAllByText('Another policy of this company already has this mandate reference').length).toBeGreaterThan(0);
  });

  it('says a suspended mandate collects nothing until new bank details are set', async () => {
    openPolicies('administrator', {
      ...MANDATE,
      suspended: { __typename: 'MandateSuspension', unpaidCode: '12', reason: 'Account closed', on: '2026-02-01' } as never,
    });
    const dialog = await openDialog();
    const banner = await within(dialog).findByRole('alert');
    expect(banner.textContent).toContain('unpaid 12 (Account closed)');
    expect(banner.textContent).toContain('Set new bank details to collect again');
  });

  it('shows the mandate without its form to a role that does not collect', async () => {
    openPolicies('policy_admin', MANDATE);
    const dialog = await openDialog();
    expect((await within(dialog).findAllByText('MND-1')).length).toBeGreaterThan(0);
    expect(within(dialog).queryByRole('button', { name: 'Save Debit Order' })).toBeNull();
  });
});

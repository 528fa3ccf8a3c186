import { accountLengthMessage, MANDATE_MESSAGES } from '@fpa/write-model/validation';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser, type GraphQLAnswer } from '../../test/graphql';
import { renderApp } from '../../test/render';
import { POLICY_TYPES, saId } from './onboarding.fixtures';

/* Issue #21: the wizard's optional Debit order section, checked by the mandate's own rules. */
const done: GraphQLAnswer = {
  data: {
    onboardClient: { __typename: 'OnboardClientResult', memberId: 'm1', policyId: 'p1', policyNumber: 'POL-000009', familyMembersAdded: 0 },
  },
};

function openWizard(onboard: (variables: Record<string, unknown>) => GraphQLAnswer = () => done) {
  const onboardSpy = vi.fn(onboard);
  renderApp(
    '/onboarding',
    sessionHandler(testUser({ role: 'agent', firstName: 'Lwazi' }), (name, variables) => {
      if (name === 'PolicyTypes') return { data: { policyTypes: POLICY_TYPES } };
      if (name === 'OnboardClient') return onboardSpy(variables);
      return { data: null };
    }),
  );
  return { onboardSpy };
}

const field = (root: HTMLElement, label: string) => within(root).getByLabelText<HTMLInputElement>(label, { selector: 'input, textarea' });
const type = (root: HTMLElement, label: string, value: string) => fireEvent.change(field(root, label), { target: { value } });
const press = (root: HTMLElement, name: string) => fireEvent.click(within(root).getByRole('button', { name }));

async function choose(root: HTMLElement, select: RegExp, option: string | RegExp) {
  fireEvent.click(within(root).getByRole('button', { name: select }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

/** Steps 1 and 2, and step 3's policy and beneficiary: ready to complete. */
async function fillWizard() {
  const form = await screen.findByRole('form', { name: 'Client onboarding' });
  type(form, 'First name', 'Nomsa');
  type(form, 'Last name', 'Khumalo');
  type(form, 'Phone number', '082 555 1234');
  type(form, 'SA ID number', saId('850101500908'));
  press(form, 'Next');
  await screen.findByText('Step 2 of 3');
  type(form, 'Street number', '14');
  type(form, 'Street name', 'Jacaranda Avenue');
  type(form, 'City', 'Polokwane');
  await choose(form, /Province/, 'Limpopo');
  type(form, 'Postal code', '0699');
  press(form, 'Next');
  await screen.findByText('Step 3 of 3');
  await choose(form, /Policy type/, /^Family Plus/);
  type(form, 'Beneficiary name', 'Thabo Khumalo');
  await choose(form, /Beneficiary relation/, 'Friend');
  type(form, 'Beneficiary contact', '0831234567');
  type(form, 'Debit day', '25');
  return form;
}

describe('/onboarding: the Debit order section', { timeout: 30_000 }, () => {
  it('may be skipped: nothing of a mandate is sent', async () => {
    const { onboardSpy } = openWizard();
    const form = await fillWizard();
    expect(within(form).getByRole('heading', { name: 'Debit order (optional)' })).toBeTruthy();
    expect(within(form).queryByLabelText('Account number')).toBeNull();
    press(form, 'Complete Onboarding');
    await waitFor(() => expect(onboardSpy).toHaveBeenCalledTimes(1));
    expect((onboardSpy.mock.calls[0]![0] as { input: Record<string, unknown> }).input.debitMandate ?? null).toBeNull();
  });

  it("ticked, it fills the holder and day, checks the bank's account length before sending, then sends the mandate", async () => {
    const { onboardSpy } = openWizard();
    const form = await fillWizard();
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Collect the premium by debit order' }));
    expect(field(form, 'Account holder').value).toBe('Nomsa Khumalo');
    expect(field(form, 'Mandate debit day').value).toBe('25');

    await choose(form, /Bank/, 'Capitec Bank');
    // The bank's universal branch code is filled in.
    expect(field(form, 'Branch code').value).toBe('470010');
    press(form, 'Complete Onboarding');
    expect(await within(form).findByText(MANDATE_MESSAGES.accountType)).toBeTruthy();
    expect(within(form).getByText(MANDATE_MESSAGES.reference)).toBeTruthy();
    expect(within(form).getByText(MANDATE_MESSAGES.accountNumberDigits)).toBeTruthy();
    await choose(form, /Account type/, 'Savings');
    type(form, 'Mandate reference', 'mnd-7');
    type(form, 'Account number', '123456');
    press(form, 'Complete Onboarding');
    expect(await within(form).findByText(accountLengthMessage('capitec'))).toBeTruthy();
    expect(field(form, 'Account number').getAttribute('aria-invalid')).toBe('true');
    expect(onboardSpy).not.toHaveBeenCalled();

    type(form, 'Account number', '1234 567 890');
    fireEvent.click(within(form).getByRole('checkbox', { name: /DebiCheck/ }));
    press(form, 'Complete Onboarding');
    await waitFor(() => expect(onboardSpy).toHaveBeenCalledTimes(1));
    expect((onboardSpy.mock.calls[0]![0] as { input: Record<string, unknown> }).input.debitMandate).toEqual({
      accountHolder: 'Nomsa Khumalo',
      bank: 'capitec',
      branchCode: '470010',
      accountNumber: '1234567890',
      accountType: 'savings',
      mandateReference: 'MND-7',
      debitDay: 25,
      debiCheck: true,
      status: 'pending',
    });
  });

  it("shows the server's refusal of a taken reference under the reference", async () => {
    openWizard(() => ({
      errors: [
        {
          message: MANDATE_MESSAGES.referenceTaken,
          extensions: {
            code: 'CONFLICT',
            issues: [{ path: ['debitMandate', 'mandateReference'], message: MANDATE_MESSAGES.referenceTaken }],
          },
        },
      ],
    }));
    const form = await fillWizard();
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Collect the premium by debit order' }));
    await choose(form, /Bank/, 'First National Bank');
    type(form, 'Account number', '62001234567');
    await choose(form, /Account type/, 'Cheque');
    type(form, 'Mandate reference', 'MND-1');
    press(form, 'Complete Onboarding');
    await waitFor(() => expect(field(form, 'Mandate reference').getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getAllByText(MANDATE_MESSAGES.referenceTaken).length).toBeGreaterThan(0);
    expect(screen.getByText('Step 3 of 3')).toBeTruthy();
  });
});

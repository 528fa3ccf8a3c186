import { MEMBER_MESSAGES, southAfricanDate } from '@fpa/write-model/validation';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser, type GraphQLAnswer } from '../../test/graphql';
import { renderApp } from '../../test/render';
import { DEBIT_DAY_HELP } from '../members/memberForm';
import { POLICY_TYPES, saId } from './onboarding.fixtures';
import { coverageChoices, policyTypeOptions } from './onboardingForm';

const CLIENT_ID = saId('850101500908');
const CHILD_ID = saId('120304012308');

type Answer = (variables: Record<string, unknown>) => GraphQLAnswer | Promise<GraphQLAnswer>;

function openWizard({ onboard, types = POLICY_TYPES }: { onboard?: Answer; types?: unknown[] } = {}) {
  const onboardSpy = vi.fn(
    onboard ??
      (() => ({
        data: {
          onboardClient: {
            __typename: 'OnboardClientResult',
            memberId: 'm1',
            policyId: 'p1',
            policyNumber: 'POL-000009',
            familyMembersAdded: 1,
          },
        },
      })),
  );
  renderApp(
    '/onboarding',
    sessionHandler(testUser({ role: 'agent', firstName: 'Lwazi' }), (name, variables) => {
      if (name === 'PolicyTypes') return { data: { policyTypes: types } };
      if (name === 'OnboardClient') return onboardSpy(variables);
      return { data: null };
    }),
  );
  return { onboardSpy };
}

const wizard = () => screen.findByRole('form', { name: 'Client onboarding' });
const field = (root: HTMLElement, label: string) => within(root).getByLabelText<HTMLInputElement>(label, { selector: 'input, textarea' });
const type = (root: HTMLElement, label: string, value: string) => fireEvent.change(field(root, label), { target: { value } });
const press = (root: HTMLElement, name: string) => fireEvent.click(within(root).getByRole('button', { name }));

async function choose(root: HTMLElement, select: RegExp, option: string | RegExp) {
  fireEvent.click(within(root).getByRole('button', { name: select }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
  // The list closes before the next one opens, so options are never read from two lists.
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

async function fillStep1(form: HTMLElement) {
  type(form, 'First name', 'Nomsa');
  type(form, 'Last name', 'Khumalo');
  type(form, 'Phone number', '082 555 1234');
  type(form, 'SA ID number', CLIENT_ID);
  press(form, 'Next');
  await screen.findByText('Step 2 of 3');
}

async function fillStep2(form: HTMLElement) {
  type(form, 'Street number', '14');
  type(form, 'Street name', 'Jacaranda Avenue');
  type(form, 'City', 'Polokwane');
  await choose(form, /Province/, 'Limpopo');
  type(form, 'Postal code', '0699');
  type(form, 'Monthly income (optional)', 'R 12,500.50');
  press(form, 'Next');
  await screen.findByText('Step 3 of 3');
}

describe('onboarding choices (spec part 2 §5)', () => {
  it('offers the unique coverage amounts in rand and each type with its premium per month', () => {
    const plain = (text: string) => text.replace(/\s/g, ' ');
    expect(coverageChoices(POLICY_TYPES).map((c) => [c.id, plain(c.label)])).toEqual([
      ['10000', 'R 10 000,00'],
      ['20000', 'R 20 000,00'],
      ['50000', 'R 50 000,00'],
    ]);
    expect(plain(policyTypeOptions([POLICY_TYPES[0]!])[0]!.label)).toBe('Funeral Basic - R 150,00/month');
  });
});

describe('/onboarding: the wizard', { timeout: 30_000 }, () => {
  it('checks each step before moving on, with the messages of §5, and Previous keeps what was typed', async () => {
    openWizard();
    const form = await wizard();
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();
    expect(within(form).getByRole('heading', { name: 'Personal Info' })).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);

    press(form, 'Next');
    for (const message of [
      'First name is required',
      'Last name is required',
      'Valid phone number is required',
      'Valid SA ID number is required',
    ]) {
      expect(await within(form).findByText(message)).toBeTruthy();
    }
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();

    // Thirteen characters are not enough: the ID must be a real SA ID.
    type(form, 'SA ID number', '8001015009088');
    type(form, 'Email (optional)', 'not-an-email');
    press(form, 'Next');
    expect(await within(form).findByText('Valid email is required')).toBeTruthy();
    expect(within(form).getByText('Valid SA ID number is required')).toBeTruthy();
    type(form, 'Email (optional)', '');

    await fillStep1(form);
    expect(within(form).getByRole('heading', { name: 'Address & Employment' })).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(false);
    press(form, 'Next');
    for (const message of [
      'Street number is required',
      'Street name is required',
      'City is required',
      'Province is required',
      'Valid postal code is required',
    ]) {
      expect(await within(form).findByText(message)).toBeTruthy();
    }
    type(form, 'Postal code', '069');
    press(form, 'Next');
    expect(await within(form).findByText('Valid postal code is required')).toBeTruthy();
    expect(screen.getByText('Step 2 of 3')).toBeTruthy();

    press(form, 'Previous');
    await screen.findByText('Step 1 of 3');
    expect(field(form, 'First name').value).toBe('Nomsa');
    expect(field(form, 'SA ID number').value).toBe(CLIENT_ID);
  });

  it('lists the nine provinces, then on step 3 the types, cover, relations and their messages', async () => {
    openWizard();
    const form = await wizard();
    await fillStep1(form);
    fireEvent.click(within(form).getByRole('button', { name: /Province/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Eastern Cape',
      'Free State',
      'Gauteng',
      'KwaZulu-Natal',
      'Limpopo',
      'Mpumalanga',
      'North West',
      'Northern Cape',
      'Western Cape',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Limpopo' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await fillStep2(form);
    expect(within(form).getByRole('heading', { name: 'Policy & Beneficiary' })).toBeTruthy();
    expect(within(form).queryByRole('button', { name: 'Next' })).toBeNull();

    press(form, 'Complete Onboarding');
    for (const message of [
      'Policy type is required',
      'Coverage amount is required',
      'Beneficiary name is required',
      'Beneficiary relation is required',
      'Valid beneficiary contact is required',
    ]) {
      expect(await within(form).findByText(message)).toBeTruthy();
    }

    // Before a type is chosen, the list holds the unique amounts of the active types.
    fireEvent.click(within(form).getByRole('button', { name: /Coverage amount/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent?.replace(/\s/g, ' '))).toEqual(['R 20 000,00', 'R 50 000,00']);
    fireEvent.click(screen.getByRole('option', { name: /20\s000/ }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(within(form).getByText('Choosing a policy type chooses its coverage.')).toBeTruthy();

    fireEvent.click(within(form).getByRole('button', { name: /Policy type/ }));
    const types = (await screen.findAllByRole('option')).map((o) => o.textContent?.replace(/\s/g, ' '));
    expect(types).toEqual(['Funeral Basic - R 150,00/month', 'Family Plus - R 299,00/month', 'Funeral Basic Plus - R 180,50/month']);
    fireEvent.click(screen.getByRole('option', { name: /^Family Plus/ }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    // Choosing the type chooses its cover, and the choice follows the type (issue #25): its coverage alone,
    // so the coverage can no longer disagree with the type and be refused only after submit.
    await waitFor(() => expect(within(form).getByRole('button', { name: /Coverage amount/ }).textContent).toMatch(/R\s50\s000,00/));
    expect(within(form).getByText('The Family Plus policy type offers this coverage.')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: /Coverage amount/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent?.replace(/\s/g, ' '))).toEqual(['R 50 000,00']);
    fireEvent.click(screen.getByRole('option', { name: /50\s000/ }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());

    fireEvent.click(within(form).getByRole('button', { name: /Beneficiary relation/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Spouse',
      'Child',
      'Parent',
      'Sibling',
      'Partner',
      'Other Family',
      'Friend',
      'Other',
    ]);
  });

  it("says 'No coverage amounts available' when there are no policy types", async () => {
    openWizard({ types: [] });
    const form = await wizard();
    await fillStep1(form);
    await fillStep2(form);
    expect(within(form).getByRole('button', { name: /Coverage amount/ }).textContent).toContain('No coverage amounts available');
  });

  it('adds a family member through the dialog with its toast, sends the whole client and starts again', async () => {
    let finish: (answer: GraphQLAnswer) => void = () => {};
    const { onboardSpy } = openWizard({ onboard: () => new Promise<GraphQLAnswer>((resolve) => (finish = resolve)) });
    const form = await wizard();
    await fillStep1(form);
    await fillStep2(form);

    press(form, 'Add Family Member');
    const dialog = await screen.findByRole('dialog', { name: 'Add Family Member' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Family Member' }));
    for (const message of [
      'First name is required',
      'Last name is required',
      'Valid SA ID number is required',
      'Relationship is required',
    ]) {
      expect(await within(dialog).findByText(message)).toBeTruthy();
    }
    fireEvent.click(within(dialog).getByRole('button', { name: /Relationship/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Spouse', 'Child', 'Parent', 'Sibling', 'Other']);
    fireEvent.click(screen.getByRole('option', { name: 'Child' }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    type(dialog, 'First name', 'Sibusiso');
    type(dialog, 'Last name', 'Khumalo');
    type(dialog, 'SA ID number', CHILD_ID);
    // Issue #22: prior cover, by the member form's rule (both or neither).
    const ended = southAfricanDate(new Date(Date.now() - 5 * 86_400_000));
    type(dialog, 'Prior cover (whole months)', '8');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Family Member' }));
    expect(await within(dialog).findByText('Give both the months of prior cover and the date it ended, or neither')).toBeTruthy();
    type(dialog, 'Prior cover ended on', ended);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Family Member' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Family Member Added'));
    expect(screen.getByRole('status').textContent).toContain('Sibusiso Khumalo');
    const list = within(form).getByRole('list', { name: 'Family members' });
    expect(within(list).getByText('Sibusiso Khumalo')).toBeTruthy();
    expect(within(list).getByText(`Child · ID ${CHILD_ID}`)).toBeTruthy();

    // Intl writes the rand with a no-break space.
    await choose(form, /Policy type/, /^Funeral Basic - R\s150,00\/month$/);
    type(form, 'Beneficiary name', 'Thabo Khumalo');
    await choose(form, /Beneficiary relation/, 'Spouse');
    type(form, 'Beneficiary contact', '0831234567');
    type(form, 'Notes (optional)', 'Prefers calls after 5pm');
    type(form, 'Prior cover (whole months)', '24');
    type(form, 'Prior cover ended on', ended);
    press(form, 'Complete Onboarding');

    await waitFor(() => expect(within(form).getByRole('button', { name: 'Creating...' }).hasAttribute('disabled')).toBe(true));
    expect(onboardSpy).toHaveBeenCalledTimes(1);
    expect(onboardSpy.mock.calls[0]![0]).toEqual({
      input: {
        firstName: 'Nomsa',
        lastName: 'Khumalo',
        email: null,
        phone: '0825551234',
        idNumber: CLIENT_ID,
        address: '14 Jacaranda Avenue',
        city: 'Polokwane',
        province: 'LP',
        postalCode: '0699',
        monthlyIncome: '12500.50',
        employer: null,
        policyType: 'pt1',
        coverageAmount: '20000',
        beneficiaryName: 'Thabo Khumalo',
        beneficiaryRelation: 'Spouse',
        beneficiaryContact: '0831234567',
        debitDay: 1,
        notes: 'Prefers calls after 5pm',
        priorCoverMonths: 24,
        priorCoverEndedOn: ended,
        familyMembers: [
          {
            firstName: 'Sibusiso',
            lastName: 'Khumalo',
            idNumber: CHILD_ID,
            relationship: 'child',
            priorCoverMonths: 8,
            priorCoverEndedOn: ended,
          },
        ],
      },
    });
    finish({
      data: {
        onboardClient: {
          __typename: 'OnboardClientResult',
          memberId: 'm1',
          policyId: 'p1',
          policyNumber: 'POL-000009',
          familyMembersAdded: 1,
        },
      },
    });

    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain('Client has been successfully onboarded and policy created!'),
    );
    // The policy number the agent gives the client (issue #25).
    expect(screen.getByRole('status').textContent).toContain('Policy number: POL-000009.');
    await screen.findByText('Step 1 of 3');
    expect(field(form, 'First name').value).toBe('');
    expect(field(form, 'SA ID number').value).toBe('');
    await fillStep1(form);
    await fillStep2(form);
    expect(within(form).queryByRole('list', { name: 'Family members' })).toBeNull();
    expect(within(form).getByRole('button', { name: /Policy type/ }).textContent).toContain('Choose a policy type');
  });

  it("asks for the debit day on step 3 (default the 1st), checks it with the server's message and sends it", async () => {
    let refuse = true;
    const { onboardSpy } = openWizard({
      onboard: () =>
        refuse
          ? {
              errors: [
                {
                  message: MEMBER_MESSAGES.debitDay,
                  extensions: { code: 'VALIDATION_FAILED', issues: [{ path: ['debitDay'], message: MEMBER_MESSAGES.debitDay }] },
                },
              ],
            }
          : {
              data: {
                onboardClient: {
                  __typename: 'OnboardClientResult',
                  memberId: 'm1',
                  policyId: 'p1',
                  policyNumber: 'POL-000009',
                  familyMembersAdded: 0,
                },
              },
            },
    });
    const form = await wizard();
    await fillStep1(form);
    await fillStep2(form);
    expect(field(form, 'Debit day').value).toBe('1');
    expect(within(form).getByText(DEBIT_DAY_HELP)).toBeTruthy();
    await choose(form, /Policy type/, /^Family Plus/);
    type(form, 'Beneficiary name', 'Thabo Khumalo');
    await choose(form, /Beneficiary relation/, 'Friend');
    type(form, 'Beneficiary contact', '0831234567');

    type(form, 'Debit day', '0');
    press(form, 'Complete Onboarding');
    expect(await within(form).findByText(MEMBER_MESSAGES.debitDay)).toBeTruthy();
    expect(field(form, 'Debit day').getAttribute('aria-invalid')).toBe('true');
    expect(onboardSpy).not.toHaveBeenCalled();

    // The server's message on the field shows under it, on step 3.
    type(form, 'Debit day', '31');
    expect(within(form).queryByText(MEMBER_MESSAGES.debitDay)).toBeNull();
    press(form, 'Complete Onboarding');
    await waitFor(() => expect(onboardSpy).toHaveBeenCalledTimes(1));
    expect(onboardSpy.mock.calls[0]![0]).toEqual({ input: expect.objectContaining({ policyType: 'pt2', debitDay: 31 }) });
    await waitFor(() => expect(field(form, 'Debit day').getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText(MEMBER_MESSAGES.debitDay)).toBeTruthy();
    expect(screen.getByText('Step 3 of 3')).toBeTruthy();

    refuse = false;
    type(form, 'Debit day', '15');
    press(form, 'Complete Onboarding');
    await waitFor(() => expect(onboardSpy).toHaveBeenCalledTimes(2));
    expect(onboardSpy.mock.calls[1]![0]).toEqual({ input: expect.objectContaining({ debitDay: 15 }) });
  });

  it("shows the server's refusal in a destructive toast and keeps the form", async () => {
    openWizard({
      onboard: () => ({ errors: [{ message: 'A member with this SA ID number already exists', extensions: { code: 'CONFLICT' } }] }),
    });
    const form = await wizard();
    await fillStep1(form);
    await fillStep2(form);
    await choose(form, /Policy type/, /^Family Plus/);
    type(form, 'Beneficiary name', 'Thabo Khumalo');
    await choose(form, /Beneficiary relation/, 'Friend');
    type(form, 'Beneficiary contact', '0831234567');
    press(form, 'Complete Onboarding');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('A member with this SA ID number already exists'));
    expect(screen.getByRole('alert').textContent).toContain('Error');
    expect(screen.getByText('Step 3 of 3')).toBeTruthy();
    expect(field(form, 'Beneficiary name').value).toBe('Thabo Khumalo');
  });
});

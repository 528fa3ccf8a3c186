import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser, type GraphQLAnswer } from '../../../test/graphql';
import { renderWithProviders } from '../../../test/render';
import type { Beneficiary } from './beneficiaries.operations';
import { BeneficiariesSection } from './BeneficiariesSection';

const THANDI: Beneficiary = {
  firstName: 'Thandi',
  lastName: 'Mahlaba',
  idNumber: '8808080123084',
  relationship: 'spouse',
  phone: '0821234567',
  share: '60.00',
};
const LWAZI: Beneficiary = { firstName: 'Lwazi', lastName: 'Mahlaba', idNumber: null, relationship: 'child', phone: null, share: '40.00' };

function show(
  beneficiaries: readonly Beneficiary[] | null,
  role = 'policy_admin',
  answer: (variables: Record<string, unknown>) => GraphQLAnswer = () => ({ data: { nominateBeneficiaries: [] } }),
) {
  const saveSpy = vi.fn(answer);
  renderWithProviders(
    <BeneficiariesSection policyId="p1" policyNumber="POL-2026-000001" beneficiaries={beneficiaries} />,
    sessionHandler(testUser({ role }), (name, variables) => (name === 'NominateBeneficiaries' ? saveSpy(variables) : { data: null })),
  );
  return saveSpy;
}

const field = (dialog: HTMLElement, row: number, label: string) =>
  within(dialog).getByRole('textbox', { name: new RegExp(`^Beneficiary ${row}: ${label.replace(/[()]/g, '\\$&')}`) });
const type = (dialog: HTMLElement, row: number, label: string, value: string) =>
  fireEvent.change(field(dialog, row, label), { target: { value } });

async function choose(dialog: HTMLElement, row: number, option: string) {
  fireEvent.click(within(dialog).getByRole('button', { name: new RegExp(`Beneficiary ${row}: Relationship`) }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

async function openDialog(button: string | RegExp) {
  fireEvent.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: /beneficiaries of policy POL-2026-000001/i });
}

describe('BeneficiariesSection', () => {
  it('lists name, relationship, share, ID and phone, and offers Change to a role that may change policies', async () => {
    show([THANDI, LWAZI]);
    const table = await screen.findByRole('table', { name: 'Beneficiaries of policy POL-2026-000001' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['Thandi Mahlaba', 'Spouse', '60%', '8808080123084', '0821234567'],
      ['Lwazi Mahlaba', 'Child', '40%', '—', '—'],
    ]);
    expect(await screen.findByRole('button', { name: 'Change the beneficiaries of policy POL-2026-000001' })).toBeTruthy();
  });

  it('shows the list without a button to a role that only reads policies, and nothing when the field is null', async () => {
    show([THANDI], 'claim_admin');
    expect(await screen.findByText('Thandi Mahlaba')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button')).toBeNull());
  });

  it('leaves the section out when the server answers null', () => {
    const { container } = renderWithProviders(
      <BeneficiariesSection policyId="p1" policyNumber="POL-2026-000001" beneficiaries={null} />,
      sessionHandler(testUser({ role: 'policy_admin' })),
    );
    expect(container.textContent).toBe('');
  });

  it('nominates: rows added, the total shown live, the shared rules checked before sending, then the set sent', async () => {
    const saveSpy = show([], 'policy_admin', () => ({
      data: { nominateBeneficiaries: [{ __typename: 'Beneficiary', ...THANDI }] },
    }));
    expect(screen.getByText('No beneficiaries nominated.')).toBeTruthy();
    const dialog = await openDialog('Nominate beneficiaries');
    expect(field(dialog, 1, 'Share (%)')).toHaveProperty('value', '100');
    expect(within(dialog).getByText('Shares total 100%')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add beneficiary' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Beneficiaries' }));
    expect(await within(dialog).findAllByText('Choose the relationship')).toHaveLength(2);
    expect(within(dialog).getAllByText('First name is required')).toHaveLength(2);
    type(dialog, 1, 'First name', 'Thandi');
    type(dialog, 1, 'Last name', 'Mahlaba');
    await choose(dialog, 1, 'Spouse');
    type(dialog, 1, 'SA ID or passport', 'AB123456');
    type(dialog, 1, 'Share (%)', '60');
    type(dialog, 2, 'First name', 'Lwazi');
    type(dialog, 2, 'Last name', 'Mahlaba');
    await choose(dialog, 2, 'Child');
    type(dialog, 2, 'SA ID or passport', 'ab 123456');
    type(dialog, 2, 'Share (%)', '30');
    expect(within(dialog).getByText('Shares total 90% of 100%')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Beneficiaries' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe("The beneficiaries' shares must add up to 100% (now 90%).");
    expect(within(dialog).getByText('Two beneficiaries cannot have the same ID number')).toBeTruthy();
    expect(saveSpy).not.toHaveBeenCalled();

    type(dialog, 2, 'SA ID or passport', '');
    type(dialog, 2, 'Share (%)', '40');
    expect(within(dialog).getByText('Shares total 100%')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Beneficiaries' }));
    await waitFor(() =>
      expect(saveSpy).toHaveBeenCalledWith({
        id: 'p1',
        input: {
          beneficiaries: [
            { firstName: 'Thandi', lastName: 'Mahlaba', idNumber: 'AB123456', relationship: 'spouse', phone: null, share: '60.00' },
            { firstName: 'Lwazi', lastName: 'Mahlaba', idNumber: null, relationship: 'child', phone: null, share: '40.00' },
          ],
        },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status').textContent).toContain('1 beneficiary nominated');
  });

  it('opens on the set as it stands; a removed row leaves the total; the server’s refusal lands on its field', async () => {
    const saveSpy = show([THANDI, LWAZI], 'policy_admin', () => ({
      errors: [
        {
          message: 'Invalid South African phone number',
          extensions: {
            code: 'VALIDATION_FAILED',
            issues: [{ path: ['beneficiaries', 0, 'phone'], message: 'Invalid South African phone number' }],
          },
        },
      ],
    }));
    const dialog = await openDialog(/^Change the beneficiaries/);
    expect(field(dialog, 1, 'First name')).toHaveProperty('value', 'Thandi');
    expect(field(dialog, 2, 'Share (%)')).toHaveProperty('value', '40');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove beneficiary 2' }));
    expect(within(dialog).queryByRole('textbox', { name: /^Beneficiary 2:/ })).toBeNull();
    expect(within(dialog).getByText('Shares total 60% of 100%')).toBeTruthy();
    type(dialog, 1, 'Share (%)', '100');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Beneficiaries' }));
    await waitFor(() => expect(saveSpy).toHaveBeenCalledTimes(1));
    expect(await within(dialog).findByText('Invalid South African phone number')).toBeTruthy();
    expect(field(dialog, 1, 'Phone').getAttribute('aria-invalid')).toBe('true');
  });
});

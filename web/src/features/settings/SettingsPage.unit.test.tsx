import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser, type GraphQLAnswer } from '../../test/graphql';
import { renderApp } from '../../test/render';

const company = {
  __typename: 'Company',
  id: 'c1',
  name: 'Ubuntu Funeral Cover',
  cipNumber: '2015/123456/07',
  address: '1 Main Road',
  city: 'Durban',
  province: 'KZN',
  postalCode: '4001',
  phone: '0315551234',
  email: 'info@ubuntu.co.za',
};
const me = (role: string, permissions: string[]) => ({
  __typename: 'User',
  id: 'u1',
  username: 'zanele',
  firstName: 'Zanele',
  lastName: 'Dube',
  email: 'zanele@example.co.za',
  phone: null,
  role,
  permissions,
});

function open(role: string, permissions: string[], answers: { updateCompany?: (v: Record<string, unknown>) => GraphQLAnswer } = {}) {
  const updateCompany = vi.fn(
    answers.updateCompany ?? ((v: Record<string, unknown>) => ({ data: { updateCompany: { ...company, ...(v.input as object) } } })),
  );
  renderApp(
    '/settings',
    sessionHandler(testUser({ role }), (name, variables) => {
      if (name === 'Settings') return { data: { me: me(role, permissions), company } };
      if (name === 'UpdateCompany') return updateCompany(variables);
      return { data: null };
    }),
  );
  return { updateCompany };
}

describe('/settings', { timeout: 30_000 }, () => {
  it('shows the company read-only to a role without company:update, the role with spaces, and Coming Soon security', async () => {
    open('billing_clerk', ['company:read']);
    const companyCard = (await screen.findByRole('heading', { name: 'Company Information' })).closest('section')!;
    expect(within(companyCard).getByText('KwaZulu-Natal')).toBeTruthy();
    expect(within(companyCard).queryByRole('textbox')).toBeNull();
    expect(within(screen.getByRole('form', { name: 'User profile' })).getByText('billing clerk')).toBeTruthy();
    expect(screen.getAllByText('Coming Soon')).toHaveLength(2);
    expect(screen.getByRole('form', { name: 'Change password' })).toBeTruthy();
  });

  it('validates the company form with the shared messages and saves it for an administrator', async () => {
    const { updateCompany } = open('administrator', ['company:read', 'company:update']);
    const form = await screen.findByRole('form', { name: 'Company information' });
    const name = within(form).getByLabelText(/Company name/, { selector: 'input' });
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText(/CIPC number/, { selector: 'input' }), { target: { value: '2015/12' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Company Information' }));
    expect(await within(form).findByText('Company name is required')).toBeTruthy();
    expect(within(form).getByText('CIPC number must be in format YYYY/NNNNNN/NN')).toBeTruthy();
    expect(updateCompany).not.toHaveBeenCalled();

    fireEvent.change(name, { target: { value: 'Ubuntu Cover' } });
    fireEvent.change(within(form).getByLabelText(/CIPC number/, { selector: 'input' }), { target: { value: '2015/123456/07' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Company Information' }));
    await waitFor(() => expect(updateCompany).toHaveBeenCalledTimes(1));
    expect(updateCompany.mock.calls[0]![0]).toEqual({
      input: {
        name: 'Ubuntu Cover',
        cipNumber: '2015/123456/07',
        address: '1 Main Road',
        city: 'Durban',
        province: 'KZN',
        postalCode: '4001',
        phone: '0315551234',
        email: 'info@ubuntu.co.za',
      },
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Company updated'));
  });

  it('toasts Update failed with the server message, or the fallback', async () => {
    open('administrator', ['company:update'], { updateCompany: () => ({ errors: [{ message: '' }] }) });
    const form = await screen.findByRole('form', { name: 'Company information' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Company Information' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Update failed'));
    expect(screen.getByRole('alert').textContent).toContain('Failed to update company information');
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser } from '../../test/graphql';
import { renderApp } from '../../test/render';

async function openRegistration() {
  renderApp('/auth', sessionHandler(null));
  fireEvent.click(await screen.findByRole('tab', { name: 'Get Started' }));
  return screen.getByRole('form', { name: 'Create account' });
}

describe('/auth', () => {
  it('registration shows the spec messages under each field when submitted empty', async () => {
    const form = await openRegistration();
    expect(within(form).getByText('Administrator Details')).toBeTruthy();
    expect(within(form).getByText('Company Details')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Create Account' }));

    const expectations: Array<[string, string | RegExp]> = [
      ['First name', 'First name is required'],
      ['Last name', 'Last name is required'],
      ['Username', 'Username must be at least 3 characters'],
      ['Email', 'Valid email is required'],
      ['Password', 'Password must be at least 6 characters'],
      ['SA ID number', 'Invalid SA ID number'],
      ['Company name', 'Company name is required'],
      ['CIPC number', 'CIPC number is required'],
      ['Company email', 'Invalid company email address'],
      ['Company phone', /^Invalid SA phone number \(use format .+ or .+\)$/],
    ];
    for (const [label, message] of expectations) {
      const input = await within(form).findByLabelText(label);
      expect(input.getAttribute('aria-invalid'), label).toBe('true');
      const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ');
      const described = describedBy.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
      if (typeof message === 'string') expect(described, label).toContain(message);
      else
        expect(
          describedBy.some((id) => message.test(document.getElementById(id)?.textContent ?? '')),
          label,
        ).toBe(true);
    }
    // The optional FSP number stays valid.
    expect(within(form).getByLabelText('FSP number (optional)').getAttribute('aria-invalid')).toBeNull();
  });

  it('shows the CIPC format message and caps the SA ID at 13 characters', async () => {
    const form = await openRegistration();
    fireEvent.change(within(form).getByLabelText('CIPC number'), { target: { value: '2020/12' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create Account' }));
    expect(await within(form).findByText('CIPC number must be in format YYYY/NNNNNN/NN')).toBeTruthy();
    expect(within(form).getByLabelText('SA ID number').getAttribute('maxLength')).toBe('13');
    expect(within(form).getByPlaceholderText('YYYY/NNNNNN/NN')).toBeTruthy();
  });

  it('sign in: a failure shows the Login failed toast with the server message', async () => {
    renderApp(
      '/auth',
      sessionHandler(null, (name) =>
        name === 'Login'
          ? { errors: [{ message: 'Invalid username or password', extensions: { code: 'UNAUTHENTICATED' } }] }
          : { data: null },
      ),
    );
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'thandi' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toContain('Login failed'));
    expect(alert.textContent).toContain('Invalid username or password');
  });

  it('sign in: success stores the token and goes to the dashboard', async () => {
    const login = vi.fn(() => ({ data: { login: { __typename: 'AuthPayload', token: 'tok-123', user: testUser() } } }));
    const { router } = renderApp(
      '/auth',
      sessionHandler(null, (name) => (name === 'Login' ? login() : { data: null })),
    );
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'thandi' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('authToken')).toBe('tok-123');
    expect(await screen.findByPlaceholderText('Search members, policies...')).toBeTruthy();
  });

  it('with ?action=reset&token=… shows the new-password form; Back to Login clears the token', async () => {
    const { router } = renderApp('/auth?action=reset&token=abc', sessionHandler(null));
    expect(await screen.findByLabelText('New password')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to Login' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('tab', { name: 'Sign In' })).toBeTruthy();
  });

  it('forgot password → Check Your Email, never showing a link (it goes by e-mail or to the server log)', async () => {
    renderApp(
      '/auth',
      sessionHandler(null, (name) =>
        name === 'RequestPasswordReset'
          ? {
              data: {
                requestPasswordReset: {
                  __typename: 'RequestPasswordResetPayload',
                  ok: true,
                },
              },
            }
          : { data: null },
      ),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'thandi@example.co.za' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /action=reset/ })).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Reset link sent');
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionHandler, testUser } from '../test/graphql';
import { renderApp } from '../test/render';

describe('routing and guards', () => {
  it('an unknown path shows the 404 texts', async () => {
    renderApp('/no-such-page', sessionHandler(null));
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
  });

  it('a signed-out visitor to a protected route goes to /auth', async () => {
    const { router } = renderApp('/members', sessionHandler(null));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeTruthy();
  });

  it('a failing "me" call counts as signed out, not as a crash', async () => {
    const { router } = renderApp('/', () => ({ errors: [{ message: 'upstream down' }] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('a user signed in with a temporary password sees only the change-password screen until they change it (issue #25)', async () => {
    let mustChange = true;
    const asked: string[] = [];
    renderApp('/members', (name, variables) => {
      asked.push(name);
      if (name === 'ChangePassword') {
        mustChange = false;
        return { data: { changePassword: true } };
      }
      return sessionHandler(
        testUser({ role: 'billing_clerk', mustChangePassword: mustChange, ...(mustChange ? { permissions: [] } : {}) }),
      )(name, variables);
    });
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
    expect(screen.queryByRole('complementary', { name: 'Sidebar' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Temporary password', { selector: 'input' }), { target: { value: 'Tmp-Pass-2345!' } });
    fireEvent.change(screen.getByLabelText('New password', { selector: 'input' }), { target: { value: 'N3w-Passw0rd!' } });
    fireEvent.change(screen.getByLabelText('Confirm new password', { selector: 'input' }), { target: { value: 'N3w-Passw0rd!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('complementary', { name: 'Sidebar' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Choose a new password' })).toBeNull();
    expect(asked).toContain('ChangePassword');
  });

  it('a signed-in user visiting /auth goes to /', async () => {
    const { router } = renderApp('/auth', sessionHandler(testUser()));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the shell with company, Live System, tier usage, name and role', async () => {
    renderApp('/', sessionHandler(testUser({ role: 'policy_admin' })));
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    expect(await within(sidebar).findByText('Ubuntu Funeral Cover')).toBeTruthy();
    expect(within(sidebar).getByText('Live System')).toBeTruthy();
    expect(await within(sidebar).findByText('45 / 300 members')).toBeTruthy();
    expect(within(sidebar).getByText('Free Tier')).toBeTruthy();
    expect(within(sidebar).getByText('Thandi Nkosi')).toBeTruthy();
    expect(within(sidebar).getByText('policy admin')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open Policy Assistant' })).toBeTruthy();
  });

  it('hides the usage panel for agents and lands them on their dashboard', async () => {
    renderApp('/', sessionHandler(testUser({ role: 'agent' })));
    expect(await screen.findByRole('heading', { name: 'Welcome, Thandi' })).toBeTruthy();
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    expect(within(sidebar).queryByText(/members$/)).toBeNull();
    expect(within(sidebar).queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('a role outside the table gets Access Denied', async () => {
    renderApp('/members', sessionHandler(testUser({ role: 'agent' })));
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText("You don't have permission to access this page.")).toBeTruthy();
  });

  it('/super-admin uses its own denial text', async () => {
    renderApp('/super-admin', sessionHandler(testUser()));
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText('Super admin access required to view this page.')).toBeTruthy();
  });

  it('the super admin lands on the platform overview, not an empty company dashboard (issue #25)', async () => {
    renderApp('/', sessionHandler(testUser({ role: 'super_admin', companyId: null })));
    expect(await screen.findByRole('heading', { name: 'Super Admin Dashboard', level: 1 })).toBeTruthy();
  });

  it('the super admin reaches the Super Admin Dashboard', async () => {
    renderApp('/super-admin', sessionHandler(testUser({ role: 'super_admin', companyId: null })));
    expect(await screen.findByRole('heading', { name: 'Super Admin Dashboard', level: 1 })).toBeTruthy();
  });
});

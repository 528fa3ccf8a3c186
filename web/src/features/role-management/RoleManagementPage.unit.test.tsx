import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser, type GraphQLAnswer, type GraphQLHandler } from '../../test/graphql';
import { renderApp } from '../../test/render';
import { companyUser, roleOption } from './roleManagement.fixtures';
import { initials } from './roleLabels';

const ADMIN = companyUser();
const CLERK = companyUser({
  id: 'u2',
  username: 'sipho_d',
  email: 'sipho@example.co.za',
  firstName: 'Sipho',
  lastName: 'Dlamini',
  role: 'billing_clerk',
});
const ROLES = [
  roleOption('administrator', { userCount: 1 }),
  roleOption('policy_admin'),
  roleOption('claim_admin'),
  roleOption('billing_clerk', { userCount: 1 }),
  roleOption('agent'),
  roleOption('auditor'),
];

type Spy = (variables: Record<string, unknown>) => GraphQLAnswer | Promise<GraphQLAnswer>;

function openPage({
  users,
  create,
  changeRole,
  initialize,
  role = 'administrator',
}: {
  users?: () => GraphQLAnswer | Promise<GraphQLAnswer>;
  create?: Spy;
  changeRole?: Spy;
  initialize?: Spy;
  role?: string;
} = {}) {
  const createSpy = vi.fn(create ?? ((v) => ({ data: { createUser: companyUser({ id: 'u9', ...(v.input as object) }) } })));
  const changeSpy = vi.fn(changeRole ?? ((v) => ({ data: { changeUserRole: { ...CLERK, role: v.role } } })));
  const initializeSpy = vi.fn(initialize ?? (() => ({ data: { initializeDefaultPermissions: ROLES } })));
  const calls: string[] = [];
  const handler: GraphQLHandler = (name, variables) => {
    calls.push(name);
    if (name === 'Roles') return { data: { roles: ROLES } };
    if (name === 'CompanyUsers') return users ? users() : { data: { companyUsers: [ADMIN, CLERK] } };
    if (name === 'CreateUser') return createSpy(variables);
    if (name === 'ChangeUserRole') return changeSpy(variables);
    if (name === 'InitializeDefaultPermissions') return initializeSpy(variables);
    if (name === 'DeactivateUser') return { data: { deactivateUser: { ...CLERK, isActive: false } } };
    if (name === 'ReactivateUser') return { data: { reactivateUser: { ...CLERK, isActive: true } } };
    if (name === 'ResetUserPassword')
      return {
        data: {
          resetUserPassword: {
            __typename: 'TemporaryPasswordIssued',
            temporaryPassword: 'Tmp-Pass-2345!',
            user: { ...CLERK, mustChangePassword: true },
          },
        },
      };
    return { data: null };
  };
  renderApp('/role-management', sessionHandler(testUser({ role }), handler));
  return { createSpy, changeSpy, initializeSpy, calls };
}

const toastText = async (role: 'status' | 'alert', text: string) =>
  waitFor(() => expect(screen.getByRole(role).textContent).toContain(text));

async function openCreateDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Create User' }));
  return screen.findByRole('dialog', { name: 'Create New User' });
}

const type = (root: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(root).getByLabelText(label, { selector: 'input' }), { target: { value } });

function fillNewUser(dialog: HTMLElement) {
  type(dialog, 'First name', 'Lerato');
  type(dialog, 'Last name', 'Molefe');
  type(dialog, 'Username', 'lerato');
  type(dialog, 'Email', 'lerato@example.co.za');
  type(dialog, 'Password', 'secret123');
}

describe('/role-management: access', { timeout: 30_000 }, () => {
  it('is refused to anyone but an administrator', async () => {
    openPage({ role: 'policy_admin' });
    expect(await screen.findByText('Access Denied')).toBeTruthy();
    expect(screen.getByText("You don't have permission to access this page.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create User' })).toBeNull();
  });
});

describe('/role-management: User Management', { timeout: 30_000 }, () => {
  it('shows a card per role with its description and user count', async () => {
    openPage();
    const roles = await screen.findByRole('list', { name: 'Roles' });
    const cards = within(roles).getAllByRole('listitem');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'administrator',
      'policy admin',
      'claim admin',
      'billing clerk',
      'agent',
      'auditor',
    ]);
    const clerk = within(roles).getByRole('listitem', { name: 'billing clerk' });
    expect(within(clerk).getByText('Premium payments and group payments')).toBeTruthy();
    expect(within(clerk).getByText('1 user')).toBeTruthy();
    expect(within(within(roles).getByRole('listitem', { name: 'agent' })).getByText('0 users')).toBeTruthy();
  });

  it('lists users with initials, name, email, @username and role badge', async () => {
    openPage();
    const row = await screen.findByRole('listitem', { name: 'Sipho Dlamini' });
    expect(within(row).getByText('SD')).toBeTruthy();
    expect(within(row).getByText('sipho@example.co.za')).toBeTruthy();
    expect(within(row).getByText('@sipho_d')).toBeTruthy();
    // The badge, beside the select that shows the same role.
    const badges = within(row)
      .getAllByText('billing clerk')
      .filter((el) => !el.closest('button, select'));
    expect(badges).toHaveLength(1);
    expect(initials({ firstName: ' thandi', lastName: 'nkosi' })).toBe('TN');
  });

  it('says so while loading and when there are no users', async () => {
    let answer: (value: GraphQLAnswer) => void = () => {};
    openPage({ users: () => new Promise<GraphQLAnswer>((resolve) => (answer = resolve)) });
    expect(await screen.findByText('Loading users...')).toBeTruthy();
    answer({ data: { companyUsers: [] } });
    expect(await screen.findByText('No users found.')).toBeTruthy();
    expect(screen.queryByText('Loading users...')).toBeNull();
  });

  it('changes a role as soon as another is chosen', async () => {
    const { changeSpy, calls } = openPage();
    const row = await screen.findByRole('listitem', { name: 'Sipho Dlamini' });
    const count = (name: string) => calls.filter((c) => c === name).length;
    const before = { users: count('CompanyUsers'), roles: count('Roles') };
    fireEvent.click(within(row).getByRole('button', { name: /Role of Sipho Dlamini/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'administrator',
      'policy admin',
      'claim admin',
      'billing clerk',
      'agent',
      'auditor',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'claim admin' }));
    await waitFor(() => expect(changeSpy).toHaveBeenCalledWith({ userId: 'u2', role: 'claim_admin' }));
    await toastText('status', 'Role updated');
    expect(screen.getByRole('status').textContent).toContain('User role has been updated successfully.');
    // The list and the role cards' counts are fetched again.
    await waitFor(() => expect(count('CompanyUsers')).toBe(before.users + 1));
    await waitFor(() => expect(count('Roles')).toBe(before.roles + 1));
  });

  it('deactivates a staff user after asking, never oneself, and reactivates a deactivated one (issue #25)', async () => {
    const { calls } = openPage();
    const me = await screen.findByRole('listitem', { name: 'Thandi Nkosi' });
    expect(within(me).queryByRole('button', { name: /Deactivate/ })).toBeNull();
    const row = screen.getByRole('listitem', { name: 'Sipho Dlamini' });
    fireEvent.click(within(row).getByRole('button', { name: 'Deactivate Sipho Dlamini' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('signed out everywhere at once');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await toastText('status', 'Sipho Dlamini is signed out everywhere and cannot sign in until reactivated.');
    expect(calls).toContain('DeactivateUser');
  });

  it('resets a staff user’s password after asking and shows the temporary one once, never for oneself (issue #25)', async () => {
    const { calls } = openPage();
    const me = await screen.findByRole('listitem', { name: 'Thandi Nkosi' });
    expect(within(me).queryByRole('button', { name: /Reset password/ })).toBeNull();
    const row = screen.getByRole('listitem', { name: 'Sipho Dlamini' });
    fireEvent.click(within(row).getByRole('button', { name: 'Reset password of Sipho Dlamini' }));
    const asking = await screen.findByRole('alertdialog');
    expect(asking.textContent).toContain('signed out everywhere');
    fireEvent.click(within(asking).getByRole('button', { name: 'Reset password' }));
    const shown = await screen.findByRole('dialog', { name: 'Temporary password for Sipho Dlamini' });
    expect(within(shown).getByLabelText('Temporary password').textContent).toBe('Tmp-Pass-2345!');
    expect(calls).toContain('ResetUserPassword');
    fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('Tmp-Pass-2345!')).toBeNull());
  });

  it('shows a deactivated user as such, with Reactivate', async () => {
    const { calls } = openPage({ users: () => ({ data: { companyUsers: [ADMIN, { ...CLERK, isActive: false }] } }) });
    const row = await screen.findByRole('listitem', { name: 'Sipho Dlamini' });
    expect(within(row).getByText('Deactivated')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Reactivate Sipho Dlamini' }));
    await toastText('status', 'Sipho Dlamini can sign in again.');
    expect(calls).toContain('ReactivateUser');
  });

  it("shows the server's refusal of a role change", async () => {
    openPage({ changeRole: () => ({ errors: [{ message: 'You cannot remove your own administrator rights' }] }) });
    const row = await screen.findByRole('listitem', { name: 'Thandi Nkosi' });
    fireEvent.click(within(row).getByRole('button', { name: /Role of Thandi Nkosi/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'agent' }));
    await toastText('alert', 'Error updating role');
    expect(screen.getByRole('alert').textContent).toContain('You cannot remove your own administrator rights');
  });

  it('initializes the default permissions', async () => {
    const { initializeSpy } = openPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Initialize Default Permissions' }));
    await waitFor(() => expect(initializeSpy).toHaveBeenCalledTimes(1));
    await toastText('status', 'Success');
    expect(screen.getByRole('status').textContent).toContain('Default permissions initialized successfully');
  });
});

describe('/role-management: Create New User', { timeout: 30_000 }, () => {
  it("validates with the shared schema's messages and sends nothing", async () => {
    const { createSpy } = openPage();
    const dialog = await openCreateDialog();
    expect(within(dialog).getByRole('button', { name: /Role/ }).textContent).toContain('agent');
    type(dialog, 'Username', 'ab');
    type(dialog, 'Email', 'not-an-email');
    type(dialog, 'Password', 'short');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByText('Username must be at least 3 characters')).toBeTruthy();
    expect(within(dialog).getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(within(dialog).getByText('Invalid email address')).toBeTruthy();
    expect(within(dialog).getByText('First name is required')).toBeTruthy();
    expect(within(dialog).getByText('Last name is required')).toBeTruthy();
    expect(createSpy).not.toHaveBeenCalled();
  });

  it("shows 'Creating...' while pending, then toasts and closes", async () => {
    let answer: (value: GraphQLAnswer) => void = () => {};
    const { createSpy } = openPage({ create: () => new Promise<GraphQLAnswer>((resolve) => (answer = resolve)) });
    const dialog = await openCreateDialog();
    fillNewUser(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: /Role/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'policy admin' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByRole('button', { name: 'Creating...' })).toBeTruthy();
    expect(createSpy).toHaveBeenCalledWith({
      input: {
        firstName: 'Lerato',
        lastName: 'Molefe',
        username: 'lerato',
        email: 'lerato@example.co.za',
        password: 'secret123',
        role: 'policy_admin',
      },
    });
    answer({ data: { createUser: companyUser({ id: 'u9', username: 'lerato', role: 'policy_admin' }) } });
    await toastText('status', 'User created');
    expect(screen.getByRole('status').textContent).toContain('New user has been created successfully.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("keeps the dialog open and shows the server's message when refused", async () => {
    openPage({ create: () => ({ errors: [{ message: 'Username already exists' }] }) });
    const dialog = await openCreateDialog();
    fillNewUser(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await toastText('alert', 'Error creating user');
    expect(screen.getByRole('alert').textContent).toContain('Username already exists');
    expect(screen.getByRole('dialog', { name: 'Create New User' })).toBeTruthy();
  });
});

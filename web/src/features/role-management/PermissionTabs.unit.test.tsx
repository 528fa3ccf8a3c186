import { DEFAULT_ROLE_PERMISSIONS } from '@fpa/write-model/validation';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser, type GraphQLAnswer, type GraphQLHandler } from '../../test/graphql';
import { renderApp } from '../../test/render';
import { companyUser, permissionGroupsAnswer, roleOption, userPermissions } from './roleManagement.fixtures';
import { toggledSet } from './RolePermissionsTab';

const CLERK = companyUser({
  id: 'u2',
  username: 'sipho_d',
  email: 'sipho@example.co.za',
  firstName: 'Sipho',
  lastName: 'Dlamini',
  role: 'billing_clerk',
});
const CLERK_DEFAULTS: string[] = [...DEFAULT_ROLE_PERMISSIONS.billing_clerk];

type Spy = (variables: Record<string, unknown>) => GraphQLAnswer;

type Tab = 'Role Permissions' | 'User Permissions';

/** The page on one of its permission tabs, with the clerk's role set and overrides kept as a server would. */
async function renderTab(tab: Tab, { setRole, grant, revoke }: { setRole?: Spy; grant?: Spy; revoke?: Spy } = {}) {
  let clerkSet = CLERK_DEFAULTS;
  let clerkUser = userPermissions();
  const setSpy = vi.fn(
    setRole ??
      ((v) => {
        clerkSet = v.permissionIds as string[];
        return { data: { setRolePermissions: roleOption('billing_clerk', { permissions: clerkSet }) } };
      }),
  );
  const override = (effect: 'grant' | 'revoke') => (v: Record<string, unknown>) => {
    const name = String(v.permission);
    const effective = new Set(clerkUser.effectivePermissions);
    if (effect === 'grant') effective.add(name);
    else effective.delete(name);
    const added = { __typename: 'PermissionOverride', name, effect };
    clerkUser = userPermissions({
      effectivePermissions: [...effective],
      userOverrides: [...clerkUser.userOverrides.filter((o) => o.name !== name), added],
    });
    return { data: { [`${effect}Permission`]: clerkUser } };
  };
  const grantSpy = vi.fn(grant ?? override('grant'));
  const revokeSpy = vi.fn(revoke ?? override('revoke'));
  const handler: GraphQLHandler = (name, variables) => {
    if (name === 'Roles') return { data: { roles: [roleOption('administrator'), roleOption('billing_clerk', { permissions: clerkSet })] } };
    if (name === 'CompanyUsers') return { data: { companyUsers: [companyUser(), CLERK] } };
    if (name === 'PermissionGroups') return permissionGroupsAnswer;
    if (name === 'UserPermissions') return { data: { userPermissions: clerkUser } };
    if (name === 'SetRolePermissions') return setSpy(variables);
    if (name === 'GrantPermission') return grantSpy(variables);
    if (name === 'RevokePermission') return revokeSpy(variables);
    return { data: null };
  };
  renderApp('/role-management', sessionHandler(testUser(), handler));
  fireEvent.click(await screen.findByRole('tab', { name: tab }));
  return { setSpy, grantSpy, revokeSpy };
}

async function choose(label: RegExp, option: string) {
  fireEvent.click(await screen.findByRole('button', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const checkbox = (name: string) => screen.findByRole('checkbox', { name });
const toastText = async (role: 'status' | 'alert', text: string) =>
  waitFor(() => expect(screen.getByRole(role).textContent).toContain(text));

describe('toggledSet', () => {
  it('adds or removes one permission and keeps the rest', () => {
    expect(toggledSet(['b', 'a'], 'c', true)).toEqual(['a', 'b', 'c']);
    expect(toggledSet(['a', 'b'], 'a', false)).toEqual(['b']);
    expect(toggledSet(['a'], 'a', true)).toEqual(['a']);
  });
});

describe('/role-management: Role Permissions', { timeout: 30_000 }, () => {
  it("shows the chosen role's permissions grouped by resource, labelled and described", async () => {
    await renderTab('Role Permissions');
    await choose(/Choose a role/, 'billing clerk');
    const payments = await screen.findByRole('group', { name: 'payments' });
    const create = within(payments).getByRole<HTMLInputElement>('checkbox', { name: 'create · payments' });
    expect(create.checked).toBe(true);
    expect(create.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(create.getAttribute('aria-describedby')!)?.textContent).toBe('Record individual and group payments');
    expect(((await checkbox('read · reports')) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByRole('group', { name: 'group schemes' })).toBeTruthy();
  });

  it('sends the full new set on each toggle and toasts', async () => {
    const { setSpy } = await renderTab('Role Permissions');
    await choose(/Choose a role/, 'billing clerk');
    fireEvent.click(await checkbox('read · reports'));
    await waitFor(() => expect(setSpy).toHaveBeenCalledTimes(1));
    expect(setSpy.mock.calls[0]![0]).toEqual({ role: 'billing_clerk', permissionIds: [...CLERK_DEFAULTS, 'reports:read'].sort() });
    await toastText('status', 'Role permissions updated successfully');
    await waitFor(async () => expect(((await checkbox('read · reports')) as HTMLInputElement).checked).toBe(true));

    // Taking one away starts from the set just saved.
    fireEvent.click(await checkbox('update status · payments'));
    await waitFor(() => expect(setSpy).toHaveBeenCalledTimes(2));
    expect(setSpy.mock.calls[1]![0]).toEqual({
      role: 'billing_clerk',
      permissionIds: [...CLERK_DEFAULTS, 'reports:read'].filter((p) => p !== 'payments:update_status').sort(),
    });
  });

  it("shows the server's refusal and leaves the box as it was", async () => {
    await renderTab('Role Permissions', { setRole: () => ({ errors: [{ message: 'You cannot remove your own administrator rights' }] }) });
    await choose(/Choose a role/, 'administrator');
    fireEvent.click(await checkbox('manage · roles'));
    await toastText('alert', 'You cannot remove your own administrator rights');
    expect(((await checkbox('manage · roles')) as HTMLInputElement).checked).toBe(true);
  });
});

describe('/role-management: User Permissions', { timeout: 30_000 }, () => {
  it('shows the chosen user, the effective set as badges, and a green or red mark per permission', async () => {
    await renderTab('User Permissions');
    await choose(/Choose a user/, 'Sipho Dlamini (@sipho_d)');
    const summary = await screen.findByLabelText('Selected user');
    expect(within(summary).getByText('@sipho_d')).toBeTruthy();
    expect(within(summary).getByText('sipho@example.co.za')).toBeTruthy();
    expect(within(summary).getByText('billing clerk')).toBeTruthy();
    const badges = await screen.findByRole('list', { name: 'Effective permissions of Sipho Dlamini' });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((b) => b.textContent),
    ).toEqual(CLERK_DEFAULTS);
    expect(screen.getByRole('img', { name: 'create · payments: effective' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'read · reports: not effective' })).toBeTruthy();
  });

  it('grants and revokes, and the marks follow', async () => {
    const { grantSpy, revokeSpy } = await renderTab('User Permissions');
    await choose(/Choose a user/, 'Sipho Dlamini (@sipho_d)');
    fireEvent.click(await screen.findByRole('button', { name: 'Grant read · reports' }));
    await waitFor(() => expect(grantSpy).toHaveBeenCalledWith({ userId: 'u2', permission: 'reports:read' }));
    await toastText('status', 'Permission granted successfully');
    expect(await screen.findByRole('img', { name: 'read · reports: effective' })).toBeTruthy();
    expect(screen.getByText(/Granted to this user/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Revoke create · payments' }));
    await waitFor(() => expect(revokeSpy).toHaveBeenCalledWith({ userId: 'u2', permission: 'payments:create' }));
    await toastText('status', 'Permission revoked successfully');
    expect(await screen.findByRole('img', { name: 'create · payments: not effective' })).toBeTruthy();
    const badges = screen.getByRole('list', { name: 'Effective permissions of Sipho Dlamini' });
    expect(within(badges).queryByText('payments:create')).toBeNull();
    expect(within(badges).getByText('reports:read')).toBeTruthy();
  });

  it("shows the server's refusal of a revoke", async () => {
    await renderTab('User Permissions', { revoke: () => ({ errors: [{ message: 'You cannot remove your own administrator rights' }] }) });
    await choose(/Choose a user/, 'Sipho Dlamini (@sipho_d)');
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke manage · roles' }));
    await toastText('alert', 'You cannot remove your own administrator rights');
  });
});

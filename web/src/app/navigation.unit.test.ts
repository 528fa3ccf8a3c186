import { DEFAULT_ROLE_PERMISSIONS, ROLES, type Role } from '@fpa/write-model/validation';
import { describe, expect, it } from 'vitest';
import { canOpen, DEFAULT_DENIED_TEXT, navEntry, navigationFor, NAVIGATION } from './navigation';

// The sidebar table of spec part 1 §2, written out per role, in menu order.
const EXPECTED: Record<Role, string[]> = {
  super_admin: ['/', '/super-admin', '/documents', '/audit', '/settings', '/subscription'],
  administrator: [
    '/',
    '/policy-types',
    '/members',
    '/policies',
    '/claims',
    '/payments',
    '/arrears',
    '/collections',
    '/new-sales',
    '/agents',
    '/group-schemes',
    '/documents',
    '/reports',
    '/audit',
    '/notifications',
    '/role-management',
    '/settings',
    '/subscription',
  ],
  policy_admin: [
    '/',
    '/policy-types',
    '/members',
    '/policies',
    '/new-sales',
    '/group-schemes',
    '/documents',
    '/reports',
    '/settings',
    '/subscription',
  ],
  claim_admin: ['/', '/claims', '/documents', '/settings', '/subscription'],
  billing_clerk: ['/', '/payments', '/arrears', '/collections', '/settings', '/subscription'],
  agent: ['/onboarding', '/agents'],
  // Issue 10: every page of the company's data, read only, and the Audit page.
  auditor: [
    '/',
    '/policy-types',
    '/members',
    '/policies',
    '/claims',
    '/payments',
    '/arrears',
    '/collections',
    '/new-sales',
    '/agents',
    '/group-schemes',
    '/documents',
    '/reports',
    '/audit',
    '/role-management',
    '/settings',
    '/subscription',
  ],
};

const withDefaults = (role: Role) => ({ role, permissions: role === 'super_admin' ? [] : [...DEFAULT_ROLE_PERMISSIONS[role]] });

describe('navigation table', () => {
  it.each(ROLES)('%s sees exactly its entries', (role) => {
    expect(navigationFor(withDefaults(role)).map((entry) => entry.path)).toEqual(EXPECTED[role]);
  });

  it('agents see no Dashboard, Settings or Subscription link', () => {
    const labels = navigationFor(withDefaults('agent')).map((entry) => entry.label);
    expect(labels).not.toContain('Dashboard');
    expect(labels).not.toContain('Settings');
    expect(labels).not.toContain('Subscription');
  });

  it('the route guard follows the same table', () => {
    for (const role of ROLES) {
      for (const entry of NAVIGATION) {
        const expected = entry.path === '/' || EXPECTED[role].includes(entry.path);
        expect(canOpen(withDefaults(role), entry.path), `${role} → ${entry.path}`).toBe(expected);
      }
    }
  });

  it('agents still open / (their own dashboard)', () => {
    expect(canOpen(withDefaults('agent'), '/')).toBe(true);
  });

  it('a revoked permission hides its page; one granted beyond the role shows it', () => {
    const clerk = withDefaults('policy_admin');
    const revoked = { ...clerk, permissions: clerk.permissions.filter((p) => p !== 'members:read') };
    expect(navigationFor(revoked).map((e) => e.path)).not.toContain('/members');
    expect(canOpen(revoked, '/members')).toBe(false);
    const billing = withDefaults('billing_clerk');
    const granted = { ...billing, permissions: [...billing.permissions, 'reports:read'] };
    expect(navigationFor(granted).map((e) => e.path)).toContain('/reports');
    expect(canOpen(granted, '/reports')).toBe(true);
  });

  it('uses the spec texts for Access Denied', () => {
    expect(navEntry('/super-admin').deniedText).toBe('Super admin access required to view this page.');
    expect(navEntry('/role-management').deniedText ?? DEFAULT_DENIED_TEXT).toBe("You don't have permission to access this page.");
  });
});

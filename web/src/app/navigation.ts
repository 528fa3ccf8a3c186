import { DEFAULT_ROLE_PERMISSIONS, ROLES, type PermissionName, type Role } from '@fpa/write-model/validation';
import type { IconName } from '../ui/Icon';

const NON_AGENTS = ROLES.filter((role) => role !== 'agent');

export type NavEntry = {
  path: string;
  label: string;
  icon: IconName;
  /** Who sees the link with the default permissions (the spec's sidebar table). */
  roles: readonly Role[];
  /** What the page needs; a company user without it neither sees the link nor opens the page. */
  permission?: PermissionName;
  /** The page opens for every signed-in role even though only `roles` see the link. */
  openToAll?: true;
  /** What a role outside `roles` reads on the page (spec part 2 §2). */
  deniedText?: string;
};

export const DEFAULT_DENIED_TEXT = "You don't have permission to access this page.";

/**
 * The sidebar table of spec part 1 §2, in its order (issue 10 adds the Audit page, and the auditor,
 * who reads every page of the company's data and changes nothing). It is the one source for the menu and for the
 * route guard, so what a role sees and what it may open cannot disagree.
 */
export const NAVIGATION = [
  // Agents land on their own dashboard at /, so / opens for everyone; only the link is hidden.
  { path: '/', label: 'Dashboard', icon: 'grid', roles: NON_AGENTS, permission: 'dashboard:read', openToAll: true },
  {
    path: '/super-admin',
    label: 'Super Admin',
    icon: 'shield',
    roles: ['super_admin'],
    deniedText: 'Super admin access required to view this page.',
  },
  {
    path: '/policy-types',
    label: 'Policy Types',
    icon: 'layers',
    roles: ['administrator', 'policy_admin', 'auditor'],
    permission: 'policy_types:read',
  },
  { path: '/members', label: 'Members', icon: 'users', roles: ['administrator', 'policy_admin', 'auditor'], permission: 'members:read' },
  { path: '/policies', label: 'Policies', icon: 'file', roles: ['administrator', 'policy_admin', 'auditor'], permission: 'policies:read' },
  { path: '/claims', label: 'Claims', icon: 'clipboard', roles: ['administrator', 'claim_admin', 'auditor'], permission: 'claims:read' },
  { path: '/payments', label: 'Payments', icon: 'card', roles: ['administrator', 'billing_clerk', 'auditor'], permission: 'payments:read' },
  // Issue #20: the arrears worklist reads what premium payments did not pay (payments:read).
  { path: '/arrears', label: 'Arrears', icon: 'alert', roles: ['administrator', 'billing_clerk', 'auditor'], permission: 'payments:read' },
  // Issue #21: debit-order batches, their bank files and the bank's results (payments:read; acting needs payments:create).
  {
    path: '/collections',
    label: 'Collections',
    icon: 'upload',
    roles: ['administrator', 'billing_clerk', 'auditor'],
    permission: 'payments:read',
  },
  { path: '/onboarding', label: 'Client Onboarding', icon: 'userPlus', roles: ['agent'], permission: 'onboarding:create' },
  {
    path: '/new-sales',
    label: 'New Sales',
    icon: 'trendingUp',
    roles: ['administrator', 'policy_admin', 'auditor'],
    permission: 'sales:read',
  },
  { path: '/agents', label: 'Agents', icon: 'briefcase', roles: ['administrator', 'agent', 'auditor'], permission: 'agents:read' },
  {
    path: '/group-schemes',
    label: 'Group Schemes',
    icon: 'building',
    roles: ['administrator', 'policy_admin', 'auditor'],
    permission: 'group_schemes:read',
  },
  {
    path: '/documents',
    label: 'Documents',
    icon: 'folder',
    roles: ['super_admin', 'administrator', 'claim_admin', 'policy_admin', 'auditor'],
    permission: 'documents:read',
  },
  { path: '/reports', label: 'Reports', icon: 'chart', roles: ['administrator', 'policy_admin', 'auditor'], permission: 'reports:read' },
  {
    path: '/audit',
    label: 'Audit',
    icon: 'eye',
    roles: ['super_admin', 'administrator', 'auditor'],
    permission: 'audit:read',
  },
  // Issue #24: the outbox of SMS and e-mail to policyholders and claimants, with each message's status.
  { path: '/notifications', label: 'Notifications', icon: 'bell', roles: ['administrator'], permission: 'notifications:read' },
  { path: '/role-management', label: 'Role Management', icon: 'key', roles: ['administrator', 'auditor'], permission: 'roles:read' },
  { path: '/settings', label: 'Settings', icon: 'gear', roles: NON_AGENTS, permission: 'company:read' },
  { path: '/subscription', label: 'Subscription', icon: 'star', roles: NON_AGENTS, permission: 'subscription:read' },
] as const satisfies readonly NavEntry[];

export type NavPath = (typeof NAVIGATION)[number]['path'];

/** Who is looking: the role and the effective permissions the server sent with the session. */
export type Viewer = { role: Role; permissions: readonly string[] };

/**
 * The sidebar table decides for the default permissions; changes to a user's permissions move the
 * links: a revoked permission hides its page, one granted beyond the role's defaults shows it.
 */
function sees(viewer: Viewer, entry: NavEntry): boolean {
  if (viewer.role === 'super_admin' || !entry.permission) return entry.roles.includes(viewer.role);
  if (!viewer.permissions.includes(entry.permission)) return false;
  return entry.roles.includes(viewer.role) || !DEFAULT_ROLE_PERMISSIONS[viewer.role].includes(entry.permission);
}

/** The links a user sees, in menu order. */
export function navigationFor(viewer: Viewer): NavEntry[] {
  return NAVIGATION.filter((entry: NavEntry) => sees(viewer, entry));
}

export function navEntry(path: NavPath): NavEntry {
  const entry = NAVIGATION.find((candidate) => candidate.path === path);
  if (!entry) throw new Error(`No navigation entry for ${path}`);
  return entry;
}

/** A sub-page that opens for every company user holding its own permission, whatever the parent's menu roles. */
export type PagePermission = PermissionName;

/**
 * Whether a user may open the page behind a menu entry (sub-pages use their parent's entry). A sub-page
 * with its own permission (the member's page: members:read, which claims staff and billing clerks hold
 * without the Members link) opens for whoever holds it.
 */
export function canOpen(viewer: Viewer, path: NavPath, permission?: PagePermission): boolean {
  if (permission) return viewer.role !== 'super_admin' && viewer.permissions.includes(permission);
  const entry = navEntry(path);
  return entry.openToAll === true || sees(viewer, entry);
}

/** Whether the usage panel, Settings and Subscription are shown: never for agents (spec §6). */
export function seesCompanyAdministration(role: Role): boolean {
  return role !== 'agent';
}

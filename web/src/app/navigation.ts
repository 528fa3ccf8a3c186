import { ROLES, type Role } from '@fpa/write-model/validation';
import type { IconName } from '../ui/Icon';

const NON_AGENTS = ROLES.filter((role) => role !== 'agent');

export type NavEntry = {
  path: string;
  label: string;
  icon: IconName;
  /** Who sees the link, and (unless openToAll) who may open the page. */
  roles: readonly Role[];
  /** The page opens for every signed-in role even though only `roles` see the link. */
  openToAll?: true;
  /** What a role outside `roles` reads on the page (spec part 2 §2). */
  deniedText?: string;
};

export const DEFAULT_DENIED_TEXT = "You don't have permission to access this page.";

/**
 * The sidebar table of spec part 1 §2, in its order. It is the one source for the menu and for the
 * route guard, so what a role sees and what it may open cannot disagree.
 */
export const NAVIGATION = [
  // Agents land on their own dashboard at /, so / opens for everyone; only the link is hidden.
  { path: '/', label: 'Dashboard', icon: 'grid', roles: NON_AGENTS, openToAll: true },
  {
    path: '/super-admin',
    label: 'Super Admin',
    icon: 'shield',
    roles: ['super_admin'],
    deniedText: 'Super admin access required to view this page.',
  },
  { path: '/policy-types', label: 'Policy Types', icon: 'layers', roles: ['administrator', 'policy_admin'] },
  { path: '/members', label: 'Members', icon: 'users', roles: ['administrator', 'policy_admin'] },
  { path: '/policies', label: 'Policies', icon: 'file', roles: ['administrator', 'policy_admin'] },
  { path: '/claims', label: 'Claims', icon: 'clipboard', roles: ['administrator', 'claim_admin'] },
  { path: '/payments', label: 'Payments', icon: 'card', roles: ['administrator', 'billing_clerk'] },
  { path: '/onboarding', label: 'Client Onboarding', icon: 'userPlus', roles: ['agent'] },
  { path: '/new-sales', label: 'New Sales', icon: 'trendingUp', roles: ['administrator', 'policy_admin'] },
  { path: '/agents', label: 'Agents', icon: 'briefcase', roles: ['administrator', 'agent'] },
  { path: '/group-schemes', label: 'Group Schemes', icon: 'building', roles: ['administrator', 'policy_admin'] },
  {
    path: '/documents',
    label: 'Documents',
    icon: 'folder',
    roles: ['super_admin', 'administrator', 'claim_admin', 'policy_admin'],
  },
  { path: '/reports', label: 'Reports', icon: 'chart', roles: ['administrator', 'policy_admin'] },
  { path: '/role-management', label: 'Role Management', icon: 'key', roles: ['administrator'] },
  { path: '/settings', label: 'Settings', icon: 'gear', roles: NON_AGENTS },
  { path: '/subscription', label: 'Subscription', icon: 'star', roles: NON_AGENTS },
] as const satisfies readonly NavEntry[];

export type NavPath = (typeof NAVIGATION)[number]['path'];

/** The links a role sees, in menu order. */
export function navigationFor(role: Role): NavEntry[] {
  return NAVIGATION.filter((entry: NavEntry) => entry.roles.includes(role));
}

export function navEntry(path: NavPath): NavEntry {
  const entry = NAVIGATION.find((candidate) => candidate.path === path);
  if (!entry) throw new Error(`No navigation entry for ${path}`);
  return entry;
}

/** Whether a role may open the page behind a menu entry (sub-pages use their parent's entry). */
export function canOpen(role: Role, path: NavPath): boolean {
  const entry = navEntry(path);
  return entry.openToAll === true || entry.roles.includes(role);
}

/** Whether the usage panel, Settings and Subscription are shown: never for agents (spec §6). */
export function seesCompanyAdministration(role: Role): boolean {
  return role !== 'agent';
}

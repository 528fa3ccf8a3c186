import type { CompanyRole } from '../validation/roles.ts';

/*
 * The permission catalogue and each role's defaults: the access context's rules, kept pure (no SQL, no
 * events) so that the web reads the same tables through write-model/validation, which re-exports them.
 * The permission catalogue: resource × action. A permission's id is its name ('members:create'), so
 * ids stay stable across databases and read the same in logs, events and the role screens.
 */

type Entry = { resource: string; action: string; description: string };

const CATALOGUE = {
  'dashboard:read': { resource: 'dashboard', action: 'read', description: 'See the company dashboard figures' },
  'members:read': { resource: 'members', action: 'read', description: 'View and search members and their families' },
  'members:create': { resource: 'members', action: 'create', description: 'Register members and family members' },
  'members:update': { resource: 'members', action: 'update', description: "Edit members' details" },
  'members:delete': { resource: 'members', action: 'delete', description: 'Delete members' },
  'members:import': { resource: 'members', action: 'import', description: 'Bulk upload members from a CSV file' },
  'policy_types:read': { resource: 'policy_types', action: 'read', description: 'View policy types and their cover' },
  'policy_types:create': { resource: 'policy_types', action: 'create', description: 'Create policy types' },
  'policy_types:update': { resource: 'policy_types', action: 'update', description: 'Edit policy types' },
  'policies:read': { resource: 'policies', action: 'read', description: 'View policies' },
  'policies:update_status': { resource: 'policies', action: 'update_status', description: 'Activate, lapse or cancel policies' },
  'claims:read': { resource: 'claims', action: 'read', description: 'View claims' },
  'claims:create': { resource: 'claims', action: 'create', description: 'Submit death claims' },
  'claims:update_status': { resource: 'claims', action: 'update_status', description: 'Review, approve, reject and pay claims' },
  'documents:read': { resource: 'documents', action: 'read', description: 'View and download claim documents' },
  'documents:upload': { resource: 'documents', action: 'upload', description: 'Upload documents for claims' },
  'documents:review': { resource: 'documents', action: 'review', description: 'Verify or reject documents' },
  'payments:read': { resource: 'payments', action: 'read', description: 'View premium payments' },
  'payments:create': { resource: 'payments', action: 'create', description: 'Record individual and group payments' },
  'payments:update_status': { resource: 'payments', action: 'update_status', description: "Change a payment's status" },
  'billing:run': {
    resource: 'billing',
    action: 'run',
    description: 'Start the daily billing run: premiums due, non-payment notices, lapses, reinstatements',
  },
  'group_schemes:read': { resource: 'group_schemes', action: 'read', description: 'View group schemes and their members' },
  'group_schemes:create': { resource: 'group_schemes', action: 'create', description: 'Create group schemes' },
  'group_schemes:update': { resource: 'group_schemes', action: 'update', description: 'Edit schemes and add members' },
  'group_schemes:delete': { resource: 'group_schemes', action: 'delete', description: 'Remove members from schemes' },
  'agents:read': { resource: 'agents', action: 'read', description: 'View agents and their performance (agents: their own)' },
  'agents:create': { resource: 'agents', action: 'create', description: 'Add sales agents' },
  'agents:update': { resource: 'agents', action: 'update', description: 'Edit, activate and deactivate agents' },
  'onboarding:create': { resource: 'onboarding', action: 'create', description: 'Onboard clients: member, family and policy in one step' },
  'sales:read': { resource: 'sales', action: 'read', description: "View agents' new sales" },
  'reports:read': { resource: 'reports', action: 'read', description: 'View and export reports' },
  'company:read': { resource: 'company', action: 'read', description: "View the company's details" },
  'company:update': { resource: 'company', action: 'update', description: "Edit the company's details" },
  'subscription:read': { resource: 'subscription', action: 'read', description: 'View the plan, usage and billing history' },
  'subscription:manage': { resource: 'subscription', action: 'manage', description: 'Upgrade the plan and pay for it' },
  'users:read': { resource: 'users', action: 'read', description: "View the company's user accounts" },
  'users:create': { resource: 'users', action: 'create', description: 'Create user accounts' },
  'users:update_role': { resource: 'users', action: 'update_role', description: "Change a user's role" },
  'roles:read': { resource: 'roles', action: 'read', description: 'View roles and permissions' },
  'roles:manage': { resource: 'roles', action: 'manage', description: "Change roles' permissions and grant or revoke per user" },
  'audit:read': {
    resource: 'audit',
    action: 'read',
    description: 'Replay histories, see records as at any moment, verify the event chains, compliance reports',
  },
  'notifications:read': {
    resource: 'notifications',
    action: 'read',
    description: "See the SMS and e-mail sent to policyholders and claimants, and each one's delivery status",
  },
  'notifications:resend': { resource: 'notifications', action: 'resend', description: 'Send a failed or unsent message again' },
  'personal_data:manage': { resource: 'personal_data', action: 'manage', description: "Export a person's data and erase it (POPIA)" },
} as const satisfies Record<string, Entry>;

export type PermissionName = keyof typeof CATALOGUE;

export type Permission = { id: PermissionName; name: PermissionName; resource: string; action: string; description: string };

export const PERMISSIONS: readonly Permission[] = Object.entries(CATALOGUE).map(([name, entry]) => ({
  id: name as PermissionName,
  name: name as PermissionName,
  ...entry,
}));

export const PERMISSION_NAMES = PERMISSIONS.map((p) => p.name);

export function isPermissionName(value: unknown): value is PermissionName {
  return typeof value === 'string' && Object.hasOwn(CATALOGUE, value);
}

/** The catalogue grouped by resource, in catalogue order (the role screens' categories). */
export function permissionsByResource(): Record<string, Permission[]> {
  const grouped: Record<string, Permission[]> = {};
  for (const permission of PERMISSIONS) (grouped[permission.resource] ??= []).push(permission);
  return grouped;
}

/** How the screens label a permission: 'update status · claims'. */
export function permissionLabel(permission: Pick<Permission, 'action' | 'resource'>): string {
  return `${permission.action.replaceAll('_', ' ')} · ${permission.resource.replaceAll('_', ' ')}`;
}

/** The permissions that let an administrator manage access; nobody may take them from themselves. */
export const ACCESS_ADMINISTRATION: readonly PermissionName[] = ['roles:manage', 'users:update_role'];

const ALL = PERMISSION_NAMES;

/**
 * Each role's default set (spec part 1 §2 sidebar table and §6, part 2 §6): in force from
 * registration, and what 'Initialize Default Permissions' restores.
 */
export const DEFAULT_ROLE_PERMISSIONS: Record<CompanyRole, readonly PermissionName[]> = {
  administrator: ALL,
  policy_admin: [
    'dashboard:read',
    'members:read',
    'members:create',
    'members:update',
    'members:delete',
    'members:import',
    'policy_types:read',
    'policy_types:create',
    'policy_types:update',
    'policies:read',
    'policies:update_status',
    'documents:read',
    'group_schemes:read',
    'group_schemes:create',
    'group_schemes:update',
    'group_schemes:delete',
    'sales:read',
    'reports:read',
    'company:read',
    'subscription:read',
  ],
  // Claims staff pick the policy of a claim and upload its four documents; they open the member's page
  // of the person a claim is about (issue #22), without the Members list in their menu.
  claim_admin: [
    'dashboard:read',
    'members:read',
    'policies:read',
    'claims:read',
    'claims:create',
    'claims:update_status',
    'documents:read',
    'documents:upload',
    'documents:review',
    'company:read',
    'subscription:read',
  ],
  // Billing clerks pick the policy of a payment and the scheme of a group payment; they open the member's
  // page of whoever pays (issue #22), without the Members list in their menu.
  billing_clerk: [
    'dashboard:read',
    'members:read',
    'policies:read',
    'payments:read',
    'payments:create',
    'payments:update_status',
    'billing:run',
    'group_schemes:read',
    'company:read',
    'subscription:read',
  ],
  // Agents read their own record, onboard clients (choosing a policy type), see their own sales
  // (spec part 2 §1: "their sales"; the server scopes them to the agent's clients) and their company's name.
  agent: ['agents:read', 'onboarding:create', 'sales:read', 'policy_types:read', 'company:read'],
  // Auditors read everything of the company (every *:read, the audit trail included) and change nothing.
  auditor: ALL.filter((name) => name.endsWith(':read')),
};

export const ROLE_DESCRIPTIONS: Record<CompanyRole, string> = {
  administrator: 'Full access to the company, including users, roles and the subscription',
  policy_admin: 'Members, policy types, policies, group schemes, new sales and reports',
  claim_admin: 'Claims and their documents',
  billing_clerk: 'Premium payments and group payments',
  agent: 'Client onboarding, their own performance and their own sales',
  auditor: "Read-only access to the company's records, histories and compliance reports",
};

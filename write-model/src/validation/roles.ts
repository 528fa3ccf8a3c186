export const ROLES = ['super_admin', 'administrator', 'policy_admin', 'claim_admin', 'billing_clerk', 'agent', 'auditor'] as const;

export type Role = (typeof ROLES)[number];

/** Roles a company administrator may give; super_admin belongs to the platform operator only. */
export const COMPANY_ROLES = ['administrator', 'policy_admin', 'claim_admin', 'billing_clerk', 'agent', 'auditor'] as const;

export type CompanyRole = (typeof COMPANY_ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** How screens show a role: underscores become spaces ('policy_admin' → 'policy admin'). */
export function roleLabel(role: string): string {
  return role.replaceAll('_', ' ');
}

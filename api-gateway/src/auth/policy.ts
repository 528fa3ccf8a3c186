import { DomainError } from '@fpa/write-model';
import type { Role } from '@fpa/write-model/validation';
import type { SessionUser } from '../context.ts';

/**
 * Who may do what, in one table (spec part 1 §6 and part 2 §6). Every GraphQL field and REST route
 * names its operation here; later issues add rows rather than scattering role checks.
 *  - 'public': anyone, signed in or not
 *  - 'signed-in': any signed-in user
 *  - 'company': a signed-in user who belongs to a company (not the platform's super admin)
 *  - a list of roles
 */
export type Access = 'public' | 'signed-in' | 'company' | readonly Role[];

export const POLICY = {
  'auth.register': 'public',
  'auth.login': 'public',
  'auth.logout': 'public',
  'auth.requestPasswordReset': 'public',
  'auth.resetPassword': 'public',
  'auth.me': 'signed-in',
  'company.read': 'company',
  'subscription.read': 'company',
  'assistant.ask': 'signed-in',
  'dashboard.read': ['administrator', 'policy_admin', 'claim_admin', 'billing_clerk'],
  'policyTypes.read': ['administrator', 'policy_admin'],
  'policyTypes.write': ['administrator', 'policy_admin'],
  'members.read': ['administrator', 'policy_admin'],
  'members.write': ['administrator', 'policy_admin'],
  // Claims staff pick the policy of a claim and billing clerks the policy of a payment.
  'policies.read': ['administrator', 'policy_admin', 'claim_admin', 'billing_clerk'],
  'policies.changeStatus': ['administrator', 'policy_admin'],
  // Uploads feed the claim form's four documents, so the claim roles ask for upload URLs.
  'objects.upload': ['administrator', 'claim_admin'],
  // super_admin may open any company's document (support); the others only their company's.
  'documents.read': ['super_admin', 'administrator', 'claim_admin', 'policy_admin'],
  'documents.review': ['administrator', 'claim_admin'],
  'claims.read': ['administrator', 'claim_admin'],
  'claims.write': ['administrator', 'claim_admin'],
  // Recording a group payment is a payments.write; billing clerks read schemes to pick one on the payments page.
  'payments.read': ['administrator', 'billing_clerk'],
  'payments.write': ['administrator', 'billing_clerk'],
  'groupSchemes.read': ['administrator', 'policy_admin', 'billing_clerk'],
  'groupSchemes.write': ['administrator', 'policy_admin'],
} as const satisfies Record<string, Access>;

export type Operation = keyof typeof POLICY;

export const NOT_SIGNED_IN = 'You are not signed in. Please sign in to continue.';
export const NOT_ALLOWED = "You don't have permission to do this.";

/** Throws unless the caller may perform the operation; returns the signed-in user when there is one. */
export function authorize(user: SessionUser | null, operation: Operation): SessionUser | null {
  const access = POLICY[operation] as Access;
  if (access === 'public') return user;
  if (!user) throw new DomainError('UNAUTHENTICATED', NOT_SIGNED_IN);
  if (access === 'signed-in') return user;
  if (access === 'company') {
    if (!user.companyId) throw new DomainError('FORBIDDEN', NOT_ALLOWED);
    return user;
  }
  if (!access.includes(user.role)) throw new DomainError('FORBIDDEN', NOT_ALLOWED);
  return user;
}

/** For operations that need a signed-in user with a company: the narrowed user. */
export function requireCompanyUser(user: SessionUser | null, operation: Operation): SessionUser & { companyId: string } {
  const allowed = authorize(user, operation);
  if (!allowed?.companyId) throw new DomainError('FORBIDDEN', NOT_ALLOWED);
  return allowed as SessionUser & { companyId: string };
}

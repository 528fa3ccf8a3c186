import { DomainError, NotFoundError, ValidationError } from '@fpa/write-model';
import { isPermissionName, type PermissionName } from '@fpa/write-model/validation';
import type { SessionUser } from '../context.ts';

/**
 * Who may do what, in one place. Every GraphQL field and REST route names an operation:
 *  - a permission ('members:create'): a signed-in company user whose effective permissions
 *    (role set + grants − revokes, loaded with the session) include it;
 *  - one of the access levels below for what is not a company permission.
 */
export type Access =
  /** anyone, signed in or not */
  | 'public'
  /** any signed-in user */
  | 'signed-in'
  /** the platform operator (super_admin) */
  | 'platform';

export const ACCESS = {
  'auth.register': 'public',
  'auth.login': 'public',
  'auth.logout': 'public',
  'auth.requestPasswordReset': 'public',
  'auth.resetPassword': 'public',
  'auth.me': 'signed-in',
  'assistant.ask': 'signed-in',
  // Settings → user profile and password: every signed-in user, their own account only.
  'profile.update': 'signed-in',
  // A payment provider's notification: trusted for its signature, never for who sent it.
  'billing.notify': 'public',
  // The built-in sandbox gateway's payment page and buttons (signed parameters, like a real gateway).
  'billing.sandbox': 'public',
  // The upload PUT carries its own signed, single-use token (issued under documents:upload).
  'objects.receive': 'public',
  // The REST shim's OpenAPI document and its reference page (openapi/): what anyone may read in the code.
  'api.docs': 'public',
  // The super admin dashboard (spec part 2 §2, §7 Super admin): every company, plan and setting.
  'platform.read': 'platform',
  'platform.companies.manage': 'platform',
  'platform.plans.manage': 'platform',
  'platform.settings.manage': 'platform',
} as const satisfies Record<string, Access>;

export type Operation = keyof typeof ACCESS | PermissionName;

/**
 * Permissions the platform operator holds over every company (support: opening a claim's document;
 * auditing any company, its POPIA requests included). Those the super admin uses on a company name it
 * (requireCompanyScope).
 */
export const PLATFORM_ALSO: ReadonlySet<PermissionName> = new Set(['documents:read', 'audit:read', 'personal_data:manage']);

export const NOT_SIGNED_IN = 'You are not signed in. Please sign in to continue.';
export const NOT_ALLOWED = "You don't have permission to do this.";

/** Whether the caller may perform the operation, asked without throwing. */
export function may(user: SessionUser | null, operation: Operation): boolean {
  if (!isPermissionName(operation)) {
    const access: Access = ACCESS[operation];
    if (access === 'public') return true;
    if (!user) return false;
    return access === 'signed-in' || user.role === 'super_admin';
  }
  if (!user) return false;
  if (user.role === 'super_admin') return PLATFORM_ALSO.has(operation);
  return user.companyId !== null && user.permissions.has(operation);
}

/** Throws unless the caller may perform the operation; returns the signed-in user when there is one. */
export function authorize(user: SessionUser | null, operation: Operation): SessionUser | null {
  if (may(user, operation)) return user;
  if (!user) throw new DomainError('UNAUTHENTICATED', NOT_SIGNED_IN);
  throw new DomainError('FORBIDDEN', NOT_ALLOWED);
}

/** For the platform operator's operations: the signed-in super admin, or a refusal. */
export function requirePlatformOperator(user: SessionUser | null, operation: PlatformOperation): SessionUser {
  return authorize(user, operation)!;
}

export type PlatformOperation = { [K in keyof typeof ACCESS]: (typeof ACCESS)[K] extends 'platform' ? K : never }[keyof typeof ACCESS];

/** For operations that need a signed-in user with a company: the narrowed user. */
export function requireCompanyUser(user: SessionUser | null, operation: Operation): SessionUser & { companyId: string } {
  const allowed = authorize(user, operation);
  if (!allowed?.companyId) throw new DomainError('FORBIDDEN', NOT_ALLOWED);
  return allowed as SessionUser & { companyId: string };
}

export const COMPANY_ID_REQUIRED = 'Choose the company: companyId is required for the super admin';

/**
 * The company an operation acts on: a company user's own (a companyId naming another company is
 * not found), or the one the super admin names — for operations in PLATFORM_ALSO.
 */
export function requireCompanyScope(
  user: SessionUser | null,
  operation: Operation,
  companyId: string | null | undefined,
): { user: SessionUser; companyId: string } {
  const allowed = authorize(user, operation);
  if (!allowed) throw new DomainError('UNAUTHENTICATED', NOT_SIGNED_IN);
  const asked = companyId?.trim() || null;
  if (allowed.role === 'super_admin') {
    if (!asked) throw new ValidationError(COMPANY_ID_REQUIRED, [{ path: ['companyId'], message: COMPANY_ID_REQUIRED }]);
    return { user: allowed, companyId: asked };
  }
  if (!allowed.companyId) throw new DomainError('FORBIDDEN', NOT_ALLOWED);
  if (asked && asked !== allowed.companyId) throw new NotFoundError('Company not found');
  return { user: allowed, companyId: allowed.companyId };
}

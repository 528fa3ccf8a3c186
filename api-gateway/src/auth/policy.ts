import {
  ACCESS,
  DomainError,
  NotFoundError,
  PASSWORD_CHANGE_REQUIRED,
  PLATFORM_ALSO,
  ValidationError,
  WHILE_PASSWORD_CHANGE_REQUIRED,
  type Access,
  type Operation,
  type PlatformOperation,
} from '@fpa/write-model';
import { isPermissionName } from '@fpa/write-model/validation';
import type { SessionUser } from '../context.ts';

export { ACCESS, PLATFORM_ALSO, type Access, type Operation, type PlatformOperation } from '@fpa/write-model';

export const NOT_SIGNED_IN = 'You are not signed in. Please sign in to continue.';
export const NOT_ALLOWED = "You don't have permission to do this.";

/** Whether the caller may perform the operation, asked without throwing. */
export function may(user: SessionUser | null, operation: Operation): boolean {
  if (user?.mustChangePassword && !WHILE_PASSWORD_CHANGE_REQUIRED.has(operation)) return false;
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
  // Issue #25: signed in with a temporary password; the web shows its change-password screen on this code.
  if (user.mustChangePassword && !WHILE_PASSWORD_CHANGE_REQUIRED.has(operation)) {
    throw new DomainError('PASSWORD_CHANGE_REQUIRED', PASSWORD_CHANGE_REQUIRED);
  }
  throw new DomainError('FORBIDDEN', NOT_ALLOWED);
}

/** For the platform operator's operations: the signed-in super admin, or a refusal. */
export function requirePlatformOperator(user: SessionUser | null, operation: PlatformOperation): SessionUser {
  return authorize(user, operation)!;
}

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

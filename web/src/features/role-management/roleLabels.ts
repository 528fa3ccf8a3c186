import { COMPANY_ROLES, roleLabel } from '@fpa/write-model/validation';
import type { SelectOption } from '../../ui/Select';
import type { CompanyUserRow } from './roleManagement.operations';

/** The roles a company administrator may give, as the screens show them ('policy admin'). */
export const COMPANY_ROLE_OPTIONS: SelectOption[] = COMPANY_ROLES.map((role) => ({ id: role, label: roleLabel(role) }));

type Named = Pick<CompanyUserRow, 'firstName' | 'lastName'>;

export function fullName(user: Named): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** The avatar letters: first letters of the first and last names. */
export function initials(user: Named): string {
  return `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`.toUpperCase();
}

export function userCountText(count: number): string {
  return `${count} ${count === 1 ? 'user' : 'users'}`;
}

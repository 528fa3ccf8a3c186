import type { SqlExecutor } from '../event-store/sql.ts';
import { DomainError } from '../errors.ts';
import { release, reservationHolder, reserve } from '../identity/credentials.ts';
import { identifierKey } from './members.state.ts';

export const SA_ID_TAKEN = 'A member with this SA ID number already exists';
export const PASSPORT_TAKEN = 'A member with this passport number already exists';

/** One SA ID or passport number, one member, within a company — decided in the append transaction. */
export function identifierReservation(companyId: string, member: { saId: string | null; passportNumber: string | null }, memberId: string) {
  return { scope: `member-identifier:${companyId}`, key: identifierKey(member), ownerId: memberId };
}

export function identifierTaken(member: { saId: string | null }): DomainError {
  const message = member.saId ? SA_ID_TAKEN : PASSPORT_TAKEN;
  return new DomainError('ALREADY_EXISTS', message, [{ path: [member.saId ? 'saId' : 'passportNumber'], message }]);
}

export async function reserveIdentifier(
  tx: SqlExecutor,
  companyId: string,
  member: { saId: string | null; passportNumber: string | null },
  memberId: string,
) {
  await reserve(tx, identifierReservation(companyId, member, memberId), identifierTaken(member));
}

export async function releaseIdentifier(tx: SqlExecutor, companyId: string, key: string, memberId: string) {
  await release(tx, { scope: `member-identifier:${companyId}`, key, ownerId: memberId });
}

/** The member holding an SA ID or passport in this company (the write side's own answer). */
export async function findMemberIdByIdentifier(sql: SqlExecutor, companyId: string, key: string): Promise<string | null> {
  return reservationHolder(sql, `member-identifier:${companyId}`, key);
}

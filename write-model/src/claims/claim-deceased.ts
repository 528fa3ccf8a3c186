import type { SqlExecutor } from '../event-store/sql.ts';
import { DomainError } from '../errors.ts';
import { reservationHolder, tryReserve } from '../identity/credentials.ts';

/**
 * One death claim per deceased person (SA ID) within a company while a claim for them is open or
 * paid, decided in the claim's append transaction: a reservation row keyed by the SA ID, owned by
 * the claim. Two submissions at once: the second waits on the row's key and is refused. A rejected
 * claim releases it (in the transaction that records the rejection), so the person may be claimed
 * for again; a POPIA erasure of the deceased deletes it with their key.
 */
export const claimDeceasedScope = (companyId: string) => `claim-deceased:${companyId}`;

export function duplicateClaimMessage(claimNumber: string): string {
  return `A claim for this person already exists: ${claimNumber}`;
}

/** Thrown inside the append transaction; the command names the existing claim once it has rolled back. */
export class DeceasedAlreadyClaimed extends DomainError {
  readonly existingClaimId: string;
  constructor(existingClaimId: string) {
    super('ALREADY_EXISTS', 'A claim for this person already exists');
    this.name = 'DeceasedAlreadyClaimed';
    this.existingClaimId = existingClaimId;
  }
}

export async function reserveDeceased(tx: SqlExecutor, companyId: string, saId: string, claimId: string): Promise<void> {
  const scope = claimDeceasedScope(companyId);
  if (await tryReserve(tx, { scope, key: saId, ownerId: claimId })) return;
  // The holder as of now: a concurrent holder has committed (we waited on its key) or rolled back.
  throw new DeceasedAlreadyClaimed((await reservationHolder(tx, scope, saId)) ?? '');
}

/** The claim holding the person now, if any: a first look before a number is taken (the append decides). */
export async function findDeceasedClaim(sql: SqlExecutor, companyId: string, saId: string): Promise<string | null> {
  return reservationHolder(sql, claimDeceasedScope(companyId), saId);
}

export async function releaseDeceased(tx: SqlExecutor, companyId: string, claimId: string): Promise<void> {
  await tx.query(`delete from reservations where scope = $1 and owner_id = $2`, [claimDeceasedScope(companyId), claimId]);
}

/** The claims whose deceased-person reservations an erasure removes (their `claim-deceased:{id}` subjects). */
export async function releaseDeceasedOfSubjects(tx: SqlExecutor, companyId: string, subjectIds: readonly string[]): Promise<void> {
  const claimIds = subjectIds.filter((s) => s.startsWith('claim-deceased:')).map((s) => s.slice('claim-deceased:'.length));
  if (claimIds.length === 0) return;
  await tx.query(`delete from reservations where scope = $1 and owner_id = any($2::text[])`, [claimDeceasedScope(companyId), claimIds]);
}

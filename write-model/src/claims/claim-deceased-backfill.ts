import type { SqlClient } from '../event-store/sql.ts';
import type { Checkpoint, EventStore } from '../event-store/types.ts';
import { isValidSaId } from '../validation/index.ts';
import { claimDeceasedScope } from './claim-deceased.ts';

const MIGRATION = 'claim-deceased-reservations';
const PAGE = 5_000;

/**
 * Claims submitted before the one-claim-per-deceased rule hold no reservation. Once per database
 * (the marker row of write_model_migrations, taken in the same transaction as the rows), every claim
 * that is not rejected reserves its deceased's SA ID; where the log already has several open or paid
 * claims for one person, the earliest holds the reservation and the others stay as they are. The SA
 * IDs are sealed in the log, so this reads the events through the store (decrypted); an erased
 * deceased ('[erased]') reserves nothing.
 */
export async function reserveDeceasedOfExistingClaims(store: EventStore, sql: SqlClient): Promise<number> {
  const [done] = await sql.query(`select 1 from write_model_migrations where name = $1`, [MIGRATION]);
  if (done) return 0;
  const claims = new Map<string, { companyId: string; saId: string; rejected: boolean }>();
  let after: Checkpoint | null = null;
  for (;;) {
    const page = await store.readAll({ after, limit: PAGE, types: ['ClaimSubmitted', 'ClaimStatusChanged'] });
    for (const event of page) {
      const data = event.data as { claimId: string; companyId: string; deceasedSaId?: string; to?: string };
      if (event.type === 'ClaimSubmitted')
        claims.set(data.claimId, { companyId: data.companyId, saId: String(data.deceasedSaId), rejected: false });
      else if (event.type === 'ClaimStatusChanged') {
        const claim = claims.get(data.claimId);
        if (claim) claim.rejected = data.to === 'rejected';
      }
    }
    if (page.length < PAGE) break;
    const last = page[page.length - 1]!;
    after = { txId: last.txId, globalPosition: last.globalPosition };
  }
  return sql.transaction(async (tx) => {
    const taken = await tx.query(`insert into write_model_migrations (name) values ($1) on conflict do nothing returning name`, [
      MIGRATION,
    ]);
    if (taken.length === 0) return 0;
    let reserved = 0;
    for (const [claimId, claim] of claims) {
      if (claim.rejected || !isValidSaId(claim.saId)) continue;
      const rows = await tx.query(
        `insert into reservations (scope, key, owner_id) values ($1, $2, $3) on conflict do nothing returning key`,
        [claimDeceasedScope(claim.companyId), claim.saId, claimId],
      );
      reserved += rows.length;
    }
    return reserved;
  });
}

import type { SqlClient } from '../event-store/sql.ts';
import type { Checkpoint, EventStore } from '../event-store/types.ts';
import { reserveGroupPolicySchemes } from './group-policy-numbers.ts';

const MIGRATION = 'group-policy-schemes';
const PAGE = 5_000;

/**
 * Group policies issued before a claim could be made on them record no scheme beside their number.
 * Once per database (the marker row of write_model_migrations, taken in the same transaction as the
 * rows), every main member's group policy in the log records its scheme, so a claim finds its terms.
 */
export async function reserveSchemesOfExistingGroupPolicies(store: EventStore, sql: SqlClient): Promise<number> {
  const [done] = await sql.query(`select 1 from write_model_migrations where name = $1`, [MIGRATION]);
  if (done) return 0;
  const policies: { companyId: string; schemeId: string; policyId: string }[] = [];
  let after: Checkpoint | null = null;
  for (;;) {
    const page = await store.readAll({ after, limit: PAGE, types: ['SchemeMemberAdded'] });
    for (const event of page) {
      const d = event.data as { companyId?: string; schemeId?: string; policyId?: string; isMainMember?: boolean };
      if (d.isMainMember && d.companyId && d.schemeId && d.policyId)
        policies.push({ companyId: d.companyId, schemeId: d.schemeId, policyId: d.policyId });
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
    for (const p of policies) await reserveGroupPolicySchemes(tx, p.companyId, [p.policyId], p.schemeId);
    return policies.length;
  });
}

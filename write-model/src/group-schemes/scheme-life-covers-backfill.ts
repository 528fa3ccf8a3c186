import type { SqlClient } from '../event-store/sql.ts';
import type { Checkpoint, EventStore } from '../event-store/types.ts';
import { recordSchemeLifeCover } from '../members/life-cover-cap.ts';
import type { GroupSchemeEvent } from './group-schemes.events.ts';
import { schemeLivesAdded } from './scheme-life-covers.ts';

const MIGRATION = 'scheme-life-covers';
const PAGE = 5_000;

/**
 * Scheme members added before the funeral limit per life was decided across schemes (issue #22) have no
 * row in scheme_life_covers. Once per database (the marker row of write_model_migrations, taken in the same
 * transaction as the rows), the log's scheme members still on their scheme record their cover.
 */
export async function recordCoverOfExistingSchemeMembers(store: EventStore, sql: SqlClient): Promise<number> {
  const [done] = await sql.query(`select 1 from write_model_migrations where name = $1`, [MIGRATION]);
  if (done) return 0;
  const lives = new Map<string, { companyId: string; row: { schemeMemberId: string; schemeId: string; saId: string; cover: string } }>();
  const mainCover = new Map<string, string | null>();
  let after: Checkpoint | null = null;
  for (;;) {
    const page = await store.readAll({ after, limit: PAGE, types: ['SchemeMemberAdded', 'SchemeMemberRemoved'] });
    for (const recorded of page) {
      const event = { type: recorded.type, data: recorded.data } as GroupSchemeEvent;
      if (event.type === 'SchemeMemberRemoved') lives.delete(event.data.memberId);
      if (event.type !== 'SchemeMemberAdded') continue;
      // An erased person's SA ID reads '[erased]': nothing to match them by.
      if (event.data.isMainMember) mainCover.set(event.data.memberId, event.data.coverAmount);
      const withMain = { ...event.data, coverAmount: event.data.coverAmount ?? mainCover.get(event.data.mainMemberId ?? '') ?? null };
      const { rows } = schemeLivesAdded([{ type: 'SchemeMemberAdded', data: withMain }], []);
      const row = rows[0];
      if (row && /^\d{13}$/.test(row.saId)) lives.set(row.schemeMemberId, { companyId: event.data.companyId, row });
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
    for (const { companyId, row } of lives.values()) await recordSchemeLifeCover(tx, companyId, [row]);
    return lives.size;
  });
}

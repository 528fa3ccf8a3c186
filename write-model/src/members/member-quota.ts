import type { SqlExecutor } from '../event-store/sql.ts';
import { DomainError } from '../errors.ts';
import { MEMBER_LIMIT_COUNTS } from '../validation/members.ts';
import { FREE_TIER, FREE_TIER_MEMBER_LIMIT } from '../companies/companies.events.ts';
import { migrateCompanyNumbers } from '../companies/company-numbers.ts';
import { commitRefusal, onCommitRefusal } from '../event-store/commit-refusals.ts';
import { MIGRATION_LOCK } from '../event-store/pii.ts';

/**
 * The tier's member limit, decided with the append: the quota row is locked, checked and moved when
 * the append's transaction commits (takeMemberPlaces), so concurrent registrations cannot overshoot.
 * It is write-side state derived from events (company registered, members registered and deleted,
 * tier changes), kept beside the reservations.
 */
export async function migrateCompanyTables(sql: SqlExecutor): Promise<void> {
  await migrateCompanyNumbers(sql);
  await sql.exec(`
    create table if not exists company_quotas (
      company_id uuid primary key,
      member_limit integer not null,
      members_used integer not null default 0 check (members_used >= 0)
    );
    -- The tier the company is on, moved in the same transactions as the limit: a plan whose tier a
    -- company is on cannot be deleted (plans/plan-offers.ts).
    alter table company_quotas add column if not exists tier text;
    create index if not exists company_quotas_tier on company_quotas (tier);
  `);
  // Rows made before the tier column: the tier of the company's last tier change, else free.
  await sql.exec(`
    do $$ begin
      if to_regclass('es_events') is not null then
        update company_quotas q
           set tier = coalesce((select e.data->>'toTier' from es_events e
                                 where e.stream_id = 'company-' || q.company_id and e.type = 'SubscriptionTierChanged'
                                 order by e.stream_version desc limit 1), 'free')
         where q.tier is null;
      end if;
    end $$;
  `);
  // Group-scheme members count toward the limit like every other insured person; before they did not.
  // Once per database (the marker row, taken first, makes a concurrent second start skip it): the
  // scheme members present now are added to the places used.
  await sql.exec(`
    do $$ declare taken int; begin
      insert into write_model_migrations (name) values ('scheme-members-in-member-quota') on conflict do nothing;
      get diagnostics taken = row_count;
      if taken = 1 and to_regclass('es_events') is not null then
        update company_quotas q set members_used = q.members_used + s.present
          from (select company_id, sum(case when type = 'SchemeMemberAdded' then 1 else -1 end)::int as present
                  from es_events where type in ('SchemeMemberAdded', 'SchemeMemberRemoved') and company_id is not null
                 group by company_id) s
         where s.company_id = q.company_id and s.present > 0;
      end if;
    end $$;
  `);
  await migrateQuotaTakes(sql);
}

export const UNLIMITED = -1;

export function limitReachedReason(limit: number, used: number): string {
  return (
    `Member limit reached: your plan allows ${limit.toLocaleString('en-ZA')} members and you have ` +
    `${used.toLocaleString('en-ZA')}. ${MEMBER_LIMIT_COUNTS} Upgrade your subscription to add more members.`
  );
}

export async function createQuota(tx: SqlExecutor, companyId: string, memberLimit: number = FREE_TIER_MEMBER_LIMIT) {
  await tx.query(`insert into company_quotas (company_id, member_limit, tier) values ($1, $2, $3) on conflict do nothing`, [
    companyId,
    memberLimit,
    FREE_TIER,
  ]);
}

export async function readQuota(sql: SqlExecutor, companyId: string): Promise<{ limit: number; used: number }> {
  const rows = await sql.query<{ member_limit: number; members_used: number }>(
    `select member_limit, members_used from company_quotas where company_id = $1`,
    [companyId],
  );
  const row = rows[0];
  return row ? { limit: row.member_limit, used: row.members_used } : { limit: FREE_TIER_MEMBER_LIMIT, used: 0 };
}

/** canAdd and the reason a registration would be refused, from the same numbers the append checks. */
export async function canAddMembers(sql: SqlExecutor, companyId: string, count = 1) {
  const { limit, used } = await readQuota(sql, companyId);
  const canAdd = limit === UNLIMITED || used + count <= limit;
  return { canAdd, reason: canAdd ? null : limitReachedReason(limit, used), limit, used };
}

/** The SQLSTATE the quota's check at the commit raises when the places are no longer there. */
const QUOTA_REFUSED = 'FQ001';

onCommitRefusal(QUOTA_REFUSED, (detail) => {
  const { limit, used } = JSON.parse(detail) as { limit: number; used: number };
  return new DomainError('LIMIT_REACHED', limitReachedReason(limit, used));
});

/**
 * The places are taken when the transaction commits, by a deferred constraint trigger on
 * company_quota_takes: it locks the company's quota row, checks and moves it, so concurrent
 * registrations cannot overshoot, and the row every registration of the company goes through is locked
 * for the commit alone. (Taken by a statement, the row stayed locked until the client's COMMIT arrived:
 * a busy gateway's event loop held every other registration of the company behind it, 30 a second at most.)
 */
async function migrateQuotaTakes(sql: SqlExecutor): Promise<void> {
  await sql.exec(`${MIGRATION_LOCK}
    create table if not exists company_quota_takes (company_id uuid not null, taken integer not null check (taken > 0));
    create or replace function company_quota_take() returns trigger language plpgsql as $$
    declare q company_quotas;
    begin
      -- A company without its row yet gets the free tier's, as createQuota makes it.
      if not exists (select 1 from company_quotas where company_id = new.company_id) then
        insert into company_quotas (company_id, member_limit, tier) values (new.company_id, ${FREE_TIER_MEMBER_LIMIT}, '${FREE_TIER}')
          on conflict do nothing;
      end if;
      update company_quotas set members_used = members_used + new.taken
       where company_id = new.company_id and (member_limit = ${UNLIMITED} or members_used + new.taken <= member_limit);
      if not found then
        select * into q from company_quotas where company_id = new.company_id;
        raise exception 'member limit reached' using errcode = '${QUOTA_REFUSED}',
          detail = json_build_object('limit', q.member_limit, 'used', q.members_used)::text;
      end if;
      delete from company_quota_takes where ctid = new.ctid;
      return null;
    end $$;
    do $$ begin
      if not exists (select 1 from pg_trigger where tgname = 'company_quota_take' and tgrelid = 'company_quota_takes'::regclass) then
        create constraint trigger company_quota_take after insert on company_quota_takes
          deferrable initially deferred for each row execute function company_quota_take();
      end if;
    end $$;
  `);
}

/**
 * Takes `count` places when the transaction commits, or throws LIMIT_REACHED with the reason: at once
 * when the numbers as read (without a lock) leave no room, else from the append when a concurrent
 * registration took the last places first (the check at the commit, commit-refusals.ts). Rolls back with the append.
 */
export async function takeMemberPlaces(tx: SqlExecutor, companyId: string, count: number): Promise<void> {
  if (count <= 0) return;
  try {
    const rows = await tx.query<{ member_limit: number; members_used: number }>(
      `with take as (insert into company_quota_takes (company_id, taken) values ($1, $2))
       select member_limit, members_used from company_quotas where company_id = $1`,
      [companyId, count],
    );
    const { limit, used } = rows[0]
      ? { limit: rows[0].member_limit, used: rows[0].members_used }
      : { limit: FREE_TIER_MEMBER_LIMIT, used: 0 };
    if (limit !== UNLIMITED && used + count > limit) throw new DomainError('LIMIT_REACHED', limitReachedReason(limit, used));
  } catch (error) {
    // With the checks made immediate (the KurrentDB store's transaction), the trigger refuses here.
    throw commitRefusal(error) ?? error;
  }
}

export async function releaseMemberPlaces(tx: SqlExecutor, companyId: string, count: number): Promise<void> {
  await tx.query(`update company_quotas set members_used = greatest(0, members_used - $2) where company_id = $1`, [companyId, count]);
}

/** A tier change: the quota takes the new tier and its limit in the append transaction that records it. */
export async function setMemberLimit(tx: SqlExecutor, companyId: string, memberLimit: number, tier: string): Promise<void> {
  await tx.query(
    `insert into company_quotas (company_id, member_limit, tier) values ($1, $2, $3)
     on conflict (company_id) do update set member_limit = excluded.member_limit, tier = excluded.tier`,
    [companyId, memberLimit, tier],
  );
}

/** How many companies are on the tier (write-side: moved with every tier change). */
export async function companiesOnTier(tx: SqlExecutor, tier: string): Promise<number> {
  const [row] = await tx.query<{ count: number }>(`select count(*)::int as count from company_quotas where tier = $1`, [tier]);
  return row?.count ?? 0;
}

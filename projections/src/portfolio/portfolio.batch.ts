import type {
  ClaimEvent,
  GroupSchemeEvent,
  MemberEvent,
  MemberRegistered,
  PolicyEvent,
  PolicyIssued,
  PolicyTypeEvent,
} from '@fpa/write-model';
import type { SqlExecutor } from '@fpa/write-model/event-store';
import { inTypeRuns, type EventKeys } from '../engine/type-runs.ts';
import type { Recorded } from '../engine/typed.ts';
import { rowSet } from '../engine/row-set.ts';
import { memberRegisteredRow, policyIssuedRow, statusChangedRow } from './event-data.ts';
import type { PolicyStatusEvent } from './policy-status.ts';
import { ADD_TO_STATS, suicideWaitOfTerms } from './portfolio.schema.ts';

const STATUS_ROWS = rowSet(`
  ord int, id uuid, company_id uuid, status text, at timestamptz`);

const POLICY_ROWS = rowSet(`
  ord int, id uuid, company_id uuid, policy_number text, member_id uuid, policy_type_id uuid,
  monthly_premium numeric, coverage_amount numeric, waiting_period integer, start_date date, debit_day integer,
  agent_id uuid, lives jsonb, suicide_waiting_months integer, position bigint, created_at timestamptz`);

const MEMBER_ROWS = rowSet(`
  id uuid, company_id uuid, first_name text, last_name text, identifier_type text, sa_id text,
  passport_number text, nationality text, email text, phone text, address text, city text, province text,
  postal_code text, date_of_birth text, is_main_member boolean, main_member_id uuid, relationship text,
  other_relationship text, policy_id uuid, source text, position bigint, created_at timestamptz, month date,
  id_number text, prior_cover jsonb`);

/**
 * The portfolio's set-based path. A CSV import appends per chunk all its MemberRegistered events,
 * then all its PolicyIssued events, so a batch is a few long runs of one type. Each maximal run of a
 * bulk type is written by ONE statement that takes the run as one parameter (engine/row-set.ts) and
 * moves the counters aggregated per company in the same statement (writable CTEs); everything else
 * goes through the per-event handlers. The result must equal applying the events one by one, which
 * portfolio-batch.int.test.ts checks on a random stream.
 *
 * A statement sees the tables as they were before it, and ON CONFLICT DO UPDATE may touch a row only
 * once per statement, so a run is cut where a key repeats (the same member or policy id twice, which
 * the write model never appends but a replayed or hand-written log might): each piece is then exact.
 */
type PortfolioEvent = Recorded<PolicyTypeEvent | MemberEvent | PolicyEvent | ClaimEvent | GroupSchemeEvent>;

export async function applyRuns(
  tx: SqlExecutor,
  batch: readonly PortfolioEvent[],
  applyOne: (tx: SqlExecutor, event: PortfolioEvent) => Promise<void>,
): Promise<void> {
  const events = inTypeRuns(batch, portfolioKeys);
  let start = 0;
  while (start < events.length) {
    // A run holds events of the bulk's own type only.
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- widens the per-type entry to the union's: without it the key/apply calls below see `never`
    const bulk = BULK[events[start]!.type] as Bulk<PortfolioEvent> | undefined;
    let end = start + 1;
    if (bulk) {
      const keys = new Set([bulk.key(events[start]!)]);
      while (end < events.length && events[end]!.type === events[start]!.type) {
        const key = bulk.key(events[end]!);
        if (bulk.unique && keys.has(key)) break;
        keys.add(key);
        end++;
      }
    }
    // One event gains nothing from JSON and a CTE: the per-event statement is the reference.
    if (bulk && end - start > 1) await bulk.apply(tx, events.slice(start, end));
    else await applyOne(tx, events[start]!);
    start = end;
  }
}

/**
 * The rows each handler reads or writes besides the counters (portfolio_stats and
 * portfolio_member_months only ever add): a registration its member and the policy it names (whose
 * member's name it copies), an issued policy itself and its member (read for the name, pointed at the
 * policy), a status change its policy. A member's update or deletion and the policy types are kept in
 * place: an update renames every policy of the member, which a status change of one of them (naming
 * no member) also writes.
 */
function portfolioKeys(event: PortfolioEvent): EventKeys {
  switch (event.type) {
    case 'MemberRegistered': {
      const d = event.data;
      return d.policyId ? [`member:${d.memberId}`, `policy:${d.policyId}`] : [`member:${d.memberId}`];
    }
    case 'PolicyIssued':
      return [`policy:${event.data.policyId}`, `member:${event.data.memberId}`];
    case 'PolicyStatusChanged':
    case 'PolicyLapsed':
    case 'PolicyReinstated':
      return [`policy:${event.data.policyId}`];
    default:
      return 'barrier';
  }
}

type Bulk<E> = {
  key(event: E): string;
  /** Whether a run must hold each key once (see above). */
  unique: boolean;
  apply(tx: SqlExecutor, run: readonly E[]): Promise<void>;
};

const BULK: { [T in PortfolioEvent['type']]?: Bulk<Extract<PortfolioEvent, { type: T }>> } = {
  MemberRegistered: { key: (e) => e.data.memberId, unique: true, apply: membersRegistered },
  PolicyIssued: { key: (e) => e.data.policyId, unique: true, apply: policiesIssued },
  // Repeats are folded in SQL (last status wins, counters move from first to last), so no cut.
  PolicyStatusChanged: { key: (e) => e.data.policyId, unique: false, apply: policyStatusesChanged },
  // The calendar's lapses and reinstatements of a day come as runs too (one per policy due that day).
  PolicyLapsed: { key: (e) => e.data.policyId, unique: false, apply: policyStatusesChanged },
  PolicyReinstated: { key: (e) => e.data.policyId, unique: false, apply: policyStatusesChanged },
};

async function membersRegistered(tx: SqlExecutor, run: readonly Recorded<MemberRegistered>[]): Promise<void> {
  await tx.query(
    `with r as (
       select * from ${MEMBER_ROWS.from('$1', 'r')}
     ), m as (
       insert into members (id, company_id, first_name, last_name, identifier_type, sa_id, passport_number, nationality,
                            email, phone, address, city, province, postal_code, date_of_birth, is_main_member,
                            main_member_id, relationship, other_relationship, policy_id, source, position,
                            created_at, updated_at, prior_cover)
       select id, company_id, first_name, last_name, identifier_type, sa_id, passport_number, nationality,
              email, phone, address, city, province, postal_code, date_of_birth, is_main_member,
              main_member_id, relationship, other_relationship, policy_id, source, position, created_at, created_at,
              prior_cover
         from r
       on conflict (company_id, id) do nothing
       returning id, company_id, is_main_member
     ), s as (
       insert into portfolio_stats (company_id, total_members, main_members)
       select company_id, count(*), sum(is_main_member::int) from m group by company_id
       ${ADD_TO_STATS}
     ), named as (
       -- The policy of a registration projected before it (the per-event statement does the same,
       -- whether or not the member row was new).
       update policies p set member_first_name = r.first_name, member_last_name = r.last_name,
              member_phone = r.phone, member_id_number = r.id_number
         from r where p.company_id = r.company_id and p.id = r.policy_id and p.member_id = r.id
     )
     insert into portfolio_member_months (company_id, month, registrations)
     select m.company_id, r.month, count(*) from m join r on r.id = m.id group by m.company_id, r.month
     on conflict (company_id, month) do update
       set registrations = portfolio_member_months.registrations + excluded.registrations`,
    [MEMBER_ROWS.json(run.map(memberRegisteredRow))],
  );
}

/**
 * The member's name is copied from the members table as it stands (a run of PolicyIssued changes no
 * name), and the member points at the last policy of the run that was new, as one by one it would.
 * A registration with a policy already points at it: those rows are left alone rather than rewritten
 * with the same value (a rewrite is a new row version and an entry in each of members' indexes).
 */
async function policiesIssued(tx: SqlExecutor, run: readonly Recorded<PolicyIssued>[]): Promise<void> {
  await tx.query(
    `with r as (
       select * from ${POLICY_ROWS.from('$1', 'r')}
     ), p as (
       insert into policies (id, company_id, policy_number, member_id, member_first_name, member_last_name,
                             member_phone, member_id_number, policy_type_id, status, monthly_premium,
                             coverage_amount, waiting_period, start_date, debit_day, agent_id, lives, position, created_at, updated_at,
                             suicide_waiting_months)
       select r.id, r.company_id, r.policy_number, r.member_id, m.first_name, m.last_name, m.phone,
              case when m.identifier_type = 'passport' then coalesce(m.passport_number, m.sa_id)
                   else coalesce(m.sa_id, m.passport_number) end,
              r.policy_type_id, 'active', r.monthly_premium, r.coverage_amount, r.waiting_period, r.start_date,
              r.debit_day, r.agent_id, r.lives, r.position, r.created_at, r.created_at,
              ${suicideWaitOfTerms('r.suicide_waiting_months', 'r.policy_type_id', 'r.company_id')}
         from r left join members m on m.id = r.member_id and m.company_id = r.company_id
       on conflict (company_id, id) do nothing
       returning id, company_id, member_id, monthly_premium
     ), s as (
       insert into portfolio_stats (company_id, active_policies, monthly_revenue)
       select company_id, count(*), sum(monthly_premium) from p group by company_id
       ${ADD_TO_STATS}
     )
     update members m set policy_id = newest.id
       from (select distinct on (p.member_id, p.company_id) p.id, p.member_id, p.company_id
               from p join r on r.id = p.id
              order by p.member_id, p.company_id, r.ord desc) newest
      where m.id = newest.member_id and m.company_id = newest.company_id
        and m.policy_id is distinct from newest.id`,
    [POLICY_ROWS.json(run.map((event, ord) => ({ ord, ...policyIssuedRow(event) })))],
  );
}

/**
 * One by one, each change moves the counters from the row's status to the new one; over a run those
 * moves telescope to "from the status before the run to the last one" per policy (the premium does
 * not change in between). Events naming another company than the row's leave it alone, as one by one.
 */
async function policyStatusesChanged(tx: SqlExecutor, run: readonly Recorded<PolicyStatusEvent>[]): Promise<void> {
  await tx.query(
    `with r as (
       select * from ${STATUS_ROWS.from('$1', 'r')}
     ), latest as (
       select distinct on (id, company_id) id, company_id, status, at from r order by id, company_id, ord desc
     ), prior as (
       select p.id, p.company_id, p.status, p.monthly_premium
         from policies p join latest on latest.id = p.id and latest.company_id = p.company_id
     ), u as (
       update policies p set status = latest.status, updated_at = latest.at
         from latest join prior on prior.id = latest.id
        where p.id = latest.id and p.company_id = latest.company_id
       returning prior.company_id, prior.status as was, latest.status as became, prior.monthly_premium
     )
     insert into portfolio_stats (company_id, active_policies, lapsed_policies, cancelled_policies, monthly_revenue)
     select company_id,
            sum((became = 'active')::int - (was = 'active')::int),
            sum((became = 'lapsed')::int - (was = 'lapsed')::int),
            sum((became = 'cancelled')::int - (was = 'cancelled')::int),
            sum(monthly_premium * ((became = 'active')::int - (was = 'active')::int))
       from u group by company_id
     ${ADD_TO_STATS}`,
    [STATUS_ROWS.json(run.map((event, ord) => ({ ord, ...statusChangedRow(event) })))],
  );
}

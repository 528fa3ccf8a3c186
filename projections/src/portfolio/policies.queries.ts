import type { SqlExecutor } from '@fpa/write-model/event-store';
import type { CoveredLife } from '@fpa/write-model';
import type { PolicyStatus } from '@fpa/write-model/validation';
import { prefixArms } from '../engine/prefix-range.ts';
import { normalizeSearch, pageSize, pagedList, parameters, type Connection, type PageArgs } from './portfolio.paging.ts';
import { readTogether } from '../engine/tenant-wall.ts';
import { isUuid } from './uuid.ts';

export type PolicyRow = {
  id: string;
  policyNumber: string;
  memberId: string;
  /** The member's current name (a deleted member's last one). */
  memberName: string;
  memberPhone: string | null;
  /** The SA ID, or the passport number when the member has none. */
  memberSaId: string | null;
  /** '' for a group scheme's policy: its terms are the scheme's (schemeId). */
  policyTypeId: string;
  /** The policy type's current name; a group scheme's policy shows the scheme's. */
  policyTypeName: string;
  /** A group scheme's policy (issue #22): the scheme and its current name; null for everyone else's. */
  schemeId: string | null;
  schemeName: string | null;
  status: PolicyStatus;
  /** Decimal strings with two places ('299.00'): the terms copied at issue. */
  monthlyPremium: string;
  coverageAmount: string;
  waitingPeriod: number;
  /** YYYY-MM-DD */
  startDate: string;
  /** The day of the month its premium is due (1–31; past a month's end, its last day). */
  debitDay: number;
  /** Issue #22: each life's own cover and premium on a policy with a benefit table; [] otherwise. */
  lives: PolicyLife[];
  /**
   * Issue #22: the policy's own wait for a suicide, in months, copied from its type at issue and at a change
   * of type (a later change to the type does not change it); a group scheme's policy carries the scheme's
   * (SCHEME_WAITING_TERMS); null only for a policy recorded before either was kept.
   */
  suicideWaitingMonths: number | null;
  createdAt: Date;
};

/** A life on the policy as read: a deceased one (an approved death claim) stays, with cover and premium 0. */
export type PolicyLife = CoveredLife & { deceasedOn?: string };

export type PolicyCounts = { active: number; lapsed: number; cancelled: number; total: number };

export type PolicyListArgs = PageArgs & { search?: string | null; status?: PolicyStatus | null };

/** Each to at most one row: a page is cut from policies first and joined after (pagedList's joinsAfterLimit). */
const JOINS = `
  left join policy_types t on t.id = p.policy_type_id and t.company_id = p.company_id
  left join portfolio_schemes s on s.id = p.scheme_id and s.company_id = p.company_id`;
const FROM = `from policies p ${JOINS}`;

// memberId: who holds the policy (the spouse after a main member's death, issue #22); policiesOfMember still
// finds it by the main member it was issued to.
const COLUMNS = `p.id, p.policy_number as "policyNumber", coalesce(p.holder_member_id, p.member_id) as "memberId",
  coalesce(p.member_first_name || ' ' || p.member_last_name, p.member_first_name, p.member_last_name, '') as "memberName",
  p.member_phone as "memberPhone", p.member_id_number as "memberSaId", coalesce(p.policy_type_id::text, '') as "policyTypeId",
  coalesce(t.name, s.name, '') as "policyTypeName", p.scheme_id as "schemeId", s.name as "schemeName", p.status, p.monthly_premium::text as "monthlyPremium",
  p.coverage_amount::text as "coverageAmount", p.waiting_period as "waitingPeriod",
  to_char(p.start_date, 'YYYY-MM-DD') as "startDate", p.debit_day as "debitDay", p.lives,
  p.suicide_waiting_months as "suicideWaitingMonths", p.created_at as "createdAt"`;

/**
 * Policy number, member name ("first", "last", "first last"), SA ID / passport, policy type or group scheme name,
 * each a case-insensitive prefix. Each arm on policies is a prefix of a stored lower-cased column as a range of its
 * own index (prefixArms; portfolio.schema.ts), a form the tenant wall lets PostgreSQL take an index for in a plan made
 * once (ADR 0003).
 * The type-name and scheme-name arms are the company's few matching types and schemes, looked up first and
 * given as id lists (left out when none match): written as sub-selects in the statement, the planner could not
 * know what they match and, with the tables' statistics, took the whole search for most of the book and walked
 * every policy newest first (issue #26: 50,000 policies, an SA ID searched in 83–95 ms instead of a few).
 */
function searchCondition(prefix: string, typeIds: string | null, schemeIds: string | null): string {
  return `(${[
    ...prefixArms(['p.search_policy_number', 'p.search_member_name', 'p.search_member_last_name', 'p.search_member_id_number'], prefix),
    ...(typeIds ? [`p.policy_type_id = any(${typeIds}::uuid[])`] : []),
    ...(schemeIds ? [`p.scheme_id = any(${schemeIds}::uuid[])`] : []),
  ].join(' or ')})`;
}

async function filterOf(sql: SqlExecutor, companyId: string, search: string | undefined, status: PolicyStatus | null | undefined) {
  const p = parameters();
  const company = p.add(companyId);
  const where = [`p.company_id = ${company}`];
  if (status) where.push(`p.status = ${p.add(status)}`);
  if (search) {
    // The names' lookup and the ranges take the text as it is: no LIKE pattern, nothing to escape.
    const [named] = await sql.query<{ types: string[]; schemes: string[] }>(
      `select array(select pt.id::text from policy_types pt where pt.company_id = $1 and starts_with(lower(pt.name), lower($2))) as types,
              array(select ps.id::text from portfolio_schemes ps where ps.company_id = $1 and starts_with(lower(ps.name), lower($2))) as schemes`,
      [companyId, search],
    );
    const ids = (list: string[] | undefined) => (list && list.length > 0 ? p.add(list) : null);
    where.push(searchCondition(p.add(search), ids(named?.types), ids(named?.schemes)));
  }
  return { p, where };
}

/** Newest first, optionally one status only. */
export async function listPolicies(sql: SqlExecutor, companyId: string, args: PolicyListArgs = {}): Promise<Connection<PolicyRow>> {
  const first = pageSize(args.first);
  const search = normalizeSearch(args.search);
  // The search's lookup of types and schemes, the page and its count: one walled transaction.
  return readTogether(sql, async (tx) => {
    const { p, where } = await filterOf(tx, companyId, search, args.status);
    return pagedList<PolicyRow>(tx, {
      alias: 'p',
      columns: COLUMNS,
      from: FROM,
      joinsAfterLimit: JOINS,
      countFrom: 'policies p',
      where,
      params: p,
      first,
      after: args.after,
      prefixSearch: search ? 'ranges' : false,
      countFiltered: !!search,
      counted: async (on) => {
        const counts = await policyCounts(on, companyId);
        return args.status ? counts[args.status] : counts.total;
      },
    });
  });
}

/** The whole list, newest first: the REST route answers it in one piece. */
export async function listAllPolicies(sql: SqlExecutor, companyId: string): Promise<PolicyRow[]> {
  return sql.query<PolicyRow>(`select ${COLUMNS} ${FROM} where p.company_id = $1 order by p.created_at desc, p.position desc`, [companyId]);
}

export async function findPolicy(sql: SqlExecutor, companyId: string, id: string): Promise<PolicyRow | null> {
  if (!isUuid(id)) return null;
  const rows = await sql.query<PolicyRow>(`select ${COLUMNS} ${FROM} where p.company_id = $1 and p.id = $2`, [companyId, id]);
  return rows[0] ?? null;
}

/** Every policy a member holds or held (a cancelled one and its successor), newest first. */
export async function policiesOfMember(sql: SqlExecutor, companyId: string, memberId: string): Promise<PolicyRow[]> {
  if (!isUuid(memberId)) return [];
  return sql.query<PolicyRow>(
    `select ${COLUMNS} ${FROM} where p.company_id = $1 and p.member_id = $2 order by p.created_at desc, p.position desc`,
    [companyId, memberId],
  );
}

/** The four count cards. Without a search they are the maintained counters; with one, the matching policies'. */
export async function policyCounts(sql: SqlExecutor, companyId: string, args: { search?: string | null } = {}): Promise<PolicyCounts> {
  const search = normalizeSearch(args.search);
  if (!search) {
    const [row] = await sql.query<PolicyCounts>(
      `select active_policies + scheme_active_policies as active, lapsed_policies as lapsed,
              cancelled_policies + scheme_cancelled_policies as cancelled,
              active_policies + lapsed_policies + cancelled_policies + scheme_active_policies + scheme_cancelled_policies as total
         from portfolio_stats where company_id = $1`,
      [companyId],
    );
    return row ?? { active: 0, lapsed: 0, cancelled: 0, total: 0 };
  }
  const [row] = await readTogether(sql, async (tx) => {
    const { p, where } = await filterOf(tx, companyId, search, null);
    return tx.query<PolicyCounts>(
      `select count(*) filter (where p.status = 'active')::int as active,
              count(*) filter (where p.status = 'lapsed')::int as lapsed,
              count(*) filter (where p.status = 'cancelled')::int as cancelled,
              count(*)::int as total
         from policies p where ${where.join(' and ')}`,
      p.values,
    );
  });
  return row ?? { active: 0, lapsed: 0, cancelled: 0, total: 0 };
}

import type { SqlExecutor } from '@fpa/write-model/event-store';
import { priorCoverOf, type IdentifierType, type PolicyStatus, type PriorCover, type Relationship } from '@fpa/write-model/validation';
import { prefixArms } from '../engine/prefix-range.ts';
import { normalizeSearch, pageSize, pagedList, parameters, type Connection, type PageArgs } from './portfolio.paging.ts';
import { isUuid } from './uuid.ts';
import { jsonList, selectList, type ListField } from './json-list.ts';

export type MemberRow = {
  id: string;
  firstName: string;
  lastName: string;
  identifierType: IdentifierType;
  saId: string | null;
  passportNumber: string | null;
  nationality: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  province: string | null;
  postalCode: string | null;
  /** YYYY-MM-DD as entered ('[erased]' once the person is erased). */
  dateOfBirth: string | null;
  isMainMember: boolean;
  mainMemberId: string | null;
  mainMemberName: string | null;
  relationship: Relationship | null;
  otherRelationship: string | null;
  /** The covering policy: the member's own, or for a family member the main member's. */
  policyTypeId: string | null;
  policyId: string | null;
  policyNumber: string | null;
  /** The covering policy's status: a main member without one in force can be issued a new policy. */
  policyStatus: PolicyStatus | null;
  status: string;
  /** A group scheme's member (issue #22): the scheme, whose policy covers them; null for everyone else. */
  schemeId: string | null;
  schemeName: string | null;
  createdAt: Date;
};

export type MemberListArgs = PageArgs & { search?: string | null; mainOnly?: boolean | null };

// A family member is covered by its main member's policy, so it shows that policy's number. The joined
// tables name the company as the parameter (`company`), not m.company_id: partitioned by company
// (issue #28), PostgreSQL prunes their partitions when it plans only for a value it knows.
const joins = (company: string) => `
  left join members main on main.id = m.main_member_id and main.company_id = ${company}
  left join policies p on p.id = (case when m.is_main_member then m.policy_id else main.policy_id end)
                      and p.company_id = ${company}
  left join portfolio_schemes s on s.id = m.scheme_id and s.company_id = m.company_id`;
/** Every query below has the company as $1. */
const FROM = `from members m ${joins('$1::uuid')}`;

const FIELDS: readonly ListField[] = [
  { key: 'id', sql: 'm.id' },
  { key: 'firstName', sql: 'm.first_name' },
  { key: 'lastName', sql: 'm.last_name' },
  { key: 'identifierType', sql: 'm.identifier_type' },
  { key: 'saId', sql: 'm.sa_id' },
  { key: 'passportNumber', sql: 'm.passport_number' },
  { key: 'nationality', sql: 'm.nationality' },
  { key: 'email', sql: 'm.email' },
  { key: 'phone', sql: 'm.phone' },
  { key: 'address', sql: 'm.address' },
  { key: 'city', sql: 'm.city' },
  { key: 'province', sql: 'm.province' },
  { key: 'postalCode', sql: 'm.postal_code' },
  { key: 'dateOfBirth', sql: 'm.date_of_birth' },
  { key: 'isMainMember', sql: 'm.is_main_member' },
  { key: 'mainMemberId', sql: 'm.main_member_id' },
  { key: 'mainMemberName', sql: "main.first_name || ' ' || main.last_name" },
  { key: 'relationship', sql: 'm.relationship' },
  { key: 'otherRelationship', sql: 'm.other_relationship' },
  { key: 'policyTypeId', sql: 'p.policy_type_id' },
  { key: 'policyId', sql: 'p.id' },
  { key: 'policyNumber', sql: 'p.policy_number' },
  { key: 'policyStatus', sql: 'p.status' },
  { key: 'status', sql: 'm.status' },
  { key: 'schemeId', sql: 'm.scheme_id' },
  { key: 'schemeName', sql: 's.name' },
  { key: 'createdAt', sql: 'm.created_at', timestamp: true },
];
const COLUMNS = selectList(FIELDS);

/**
 * Each arm is one index of members (see portfolio.schema.ts): a prefix of a stored lower-cased column as a range of
 * its index (prefixArms), the form the tenant wall lets PostgreSQL take an index for in a plan made once.
 */
function searchCondition(prefix: string): string {
  const arms = ['m.search_full_name', 'm.search_last_name', 'm.sa_id', 'm.search_passport', 'm.search_email'];
  return `(${prefixArms(arms, prefix).join(' or ')})`;
}

/**
 * Newest first. Search: name ("first", "last", "first last"), SA ID, passport number or e-mail,
 * each a case-insensitive prefix. mainOnly lists principal members (the family member form's choice).
 */
export async function listMembers(sql: SqlExecutor, companyId: string, args: MemberListArgs = {}): Promise<Connection<MemberRow>> {
  const first = pageSize(args.first);
  const search = normalizeSearch(args.search);
  const p = parameters();
  const company = p.add(companyId);
  const where = [`m.company_id = ${company}`];
  // A scheme's main member is no one else's main member: their family joins through the scheme.
  if (args.mainOnly) where.push('m.is_main_member and m.scheme_id is null');
  // A range takes the text as it is: no LIKE pattern, nothing to escape.
  if (search) where.push(searchCondition(p.add(search)));
  return pagedList<MemberRow>(sql, {
    alias: 'm',
    columns: COLUMNS,
    from: `from members m ${joins(`${company}::uuid`)}`,
    joinsAfterLimit: joins(`${company}::uuid`),
    countFrom: 'members m',
    where,
    params: p,
    first,
    after: args.after,
    prefixSearch: search ? 'ranges' : false,
    countFiltered: !!search,
    counted: (tx) => countFromStats(tx, companyId, args.mainOnly ? 'main_members' : 'total_members + scheme_members'),
  });
}

async function countFromStats(
  sql: SqlExecutor,
  companyId: string,
  column: 'main_members' | 'total_members' | 'total_members + scheme_members',
) {
  const [row] = await sql.query<{ count: number }>(`select ${column} as count from portfolio_stats where company_id = $1`, [companyId]);
  return row?.count ?? 0;
}

/**
 * The whole list, newest first, as JSON text (an array of MemberRow as JSON.stringify writes one): the REST
 * route answers it in one piece, as the spec's client expects, and passes it on as it is (json-list.ts).
 */
export function allMembersJson(sql: SqlExecutor, companyId: string): Promise<string> {
  return jsonList(sql, {
    fields: FIELDS,
    from: FROM,
    where: 'm.company_id = $1',
    params: [companyId],
    newestFirst: ['m.created_at', 'm.position'],
  });
}

export async function findMember(sql: SqlExecutor, companyId: string, id: string): Promise<MemberRow | null> {
  if (!isUuid(id)) return null;
  const rows = await sql.query<MemberRow>(`select ${COLUMNS} ${FROM} where m.company_id = $1 and m.id = $2`, [companyId, id]);
  return rows[0] ?? null;
}

/** A main member's family (the lives their policy covers besides them), oldest first; none for a family member. */
export async function familyOf(sql: SqlExecutor, companyId: string, mainMemberId: string): Promise<MemberRow[]> {
  if (!isUuid(mainMemberId)) return [];
  return sql.query<MemberRow>(
    `select ${COLUMNS} ${FROM} where m.company_id = $1 and m.main_member_id = $2 order by m.created_at, m.position`,
    [companyId, mainMemberId],
  );
}

/** The lives' cover proven elsewhere (issue #22), by member id: what shortens their waiting periods. */
export async function priorCoverOfLives(
  sql: SqlExecutor,
  companyId: string,
  memberIds: readonly string[],
): Promise<Map<string, PriorCover>> {
  const ids = memberIds.filter(isUuid);
  const found = new Map<string, PriorCover>();
  if (ids.length === 0) return found;
  const rows = await sql.query<{ id: string; priorCover: unknown }>(
    `select id, prior_cover as "priorCover" from members where company_id = $1 and id = any($2::uuid[]) and prior_cover is not null`,
    [companyId, ids],
  );
  for (const row of rows) {
    const prior = priorCoverOf(row.priorCover);
    if (prior) found.set(row.id, prior);
  }
  return found;
}

/**
 * The member holding an SA ID (exact) or a passport number (any case): how a CSV family row finds
 * its main member. The SA ID is tried first when both are given.
 */
export async function findMemberByIdentifier(
  sql: SqlExecutor,
  companyId: string,
  identifier: { saId?: string | null; passportNumber?: string | null },
): Promise<MemberRow | null> {
  const saId = identifier.saId?.trim();
  if (saId) {
    const rows = await sql.query<MemberRow>(
      `select ${COLUMNS} ${FROM} where m.company_id = $1 and m.sa_id = $2 order by m.created_at, m.position limit 1`,
      [companyId, saId],
    );
    if (rows[0]) return rows[0];
  }
  const passport = identifier.passportNumber?.trim();
  if (passport) {
    const rows = await sql.query<MemberRow>(
      `select ${COLUMNS} ${FROM} where m.company_id = $1 and lower(m.passport_number) = lower($2)
        order by m.created_at, m.position limit 1`,
      [companyId, passport],
    );
    if (rows[0]) return rows[0];
  }
  return null;
}

/** Members the company has now (main and family, deleted ones gone): the subscription's usage. */
export async function memberCount(sql: SqlExecutor, companyId: string): Promise<number> {
  return countFromStats(sql, companyId, 'total_members');
}

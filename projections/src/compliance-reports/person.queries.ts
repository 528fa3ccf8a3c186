import type { SqlExecutor } from '@fpa/write-model/event-store';
import { southAfricanDate } from '@fpa/write-model/validation';
import { identifierKeyOf } from './data-subjects.projection.ts';

/*
 * A person (by SA ID or passport) across the read models, for POPIA requests: which data subjects
 * they are, what holds their data back from erasure, and everything the read models hold on them.
 */
export type PersonSubject = { subjectId: string; kind: string; recordId: string; label: string };

export type PersonFile = {
  subjects: PersonSubject[];
  openClaims: { claimId: string; claimNumber: string; status: string }[];
  activePolicies: { policyId: string; policyNumber: string }[];
  /** The latest payment date or claim payment concerning the person (YYYY-MM-DD), if any. */
  lastFinancialEvent: string | null;
  activeStaff: { kind: 'agent' | 'user'; recordId: string; label: string }[];
};

type Ids = { members: string[]; claims: string[]; schemeMembers: string[]; agents: string[]; users: string[] };

function idsOf(subjects: PersonSubject[]): Ids {
  const of = (...kinds: string[]) => [...new Set(subjects.filter((s) => kinds.includes(s.kind)).map((s) => s.recordId))];
  return {
    members: of('member', 'family_member'),
    claims: of('claim_deceased', 'claim_claimant'),
    schemeMembers: of('scheme_member'),
    agents: of('agent'),
    users: of('user'),
  };
}

export async function findPersonSubjects(sql: SqlExecutor, companyId: string, idNumber: string): Promise<PersonSubject[]> {
  return sql.query<PersonSubject>(
    `select subject_id as "subjectId", kind, record_id::text as "recordId", label from data_subjects
      where company_id = $1 and identifier_key = $2 order by position, subject_id`,
    [companyId, identifierKeyOf(idNumber)],
  );
}

/** The person's policies: held, covered under (a family member's main member's), and group policies of their scheme rows. */
const PERSON_POLICIES = `
  select p.id, p.policy_number, p.status from policies p
   where p.company_id = $1 and (p.member_id = any($2::uuid[])
      or p.member_id in (select main_member_id from members where company_id = $1 and id = any($2::uuid[]) and main_member_id is not null))
  union
  select sm.policy_id, sm.policy_number, case when sm.status = 'active' then 'active' else 'removed' end from scheme_members sm
   where sm.company_id = $1 and sm.id = any($3::uuid[])`;

export async function findPersonFile(sql: SqlExecutor, companyId: string, idNumber: string): Promise<PersonFile> {
  const subjects = await findPersonSubjects(sql, companyId, idNumber);
  const ids = idsOf(subjects);
  const policies = await sql.query<{ id: string; policy_number: string; status: string }>(
    `select id::text as id, policy_number, status from (${PERSON_POLICIES}) as x order by policy_number`,
    [companyId, ids.members, ids.schemeMembers],
  );
  const policyIds = policies.map((p) => p.id);
  const claims = await sql.query<{ id: string; claim_number: string; status: string; updated_at: Date }>(
    `select id::text as id, claim_number, status, updated_at from claims
      where company_id = $1 and (id = any($2::uuid[]) or member_id = any($3::uuid[]) or policy_id = any($4::uuid[]))
      order by claim_number`,
    [companyId, ids.claims, ids.members, policyIds],
  );
  const [paid] = await sql.query<{ last: string | null }>(
    `select to_char(max(payment_date), 'YYYY-MM-DD') as last from payments where company_id = $1 and policy_id = any($2::uuid[])`,
    [companyId, policyIds],
  );
  const claimPaid = claims.filter((c) => c.status === 'paid').map((c) => southAfricanDate(c.updated_at));
  const last =
    [paid?.last ?? null, ...claimPaid]
      .filter((d): d is string => d !== null)
      .sort()
      .pop() ?? null;
  const staff = await sql.query<{ kind: 'agent' | 'user'; record_id: string; label: string }>(
    `select 'agent' as kind, id::text as record_id, first_name || ' ' || last_name || ' (' || agent_code || ')' as label
       from agents where company_id = $1 and id = any($2::uuid[]) and status = 'active'
     union all
     select 'user', id::text, username from user_accounts where company_id = $1 and id = any($3::uuid[]) and is_active`,
    [companyId, ids.agents, ids.users],
  );
  return {
    subjects,
    openClaims: claims
      .filter((c) => !['paid', 'rejected'].includes(c.status))
      .map((c) => ({ claimId: c.id, claimNumber: c.claim_number, status: c.status })),
    activePolicies: policies.filter((p) => p.status === 'active').map((p) => ({ policyId: p.id, policyNumber: p.policy_number })),
    lastFinancialEvent: last,
    activeStaff: staff.map((s) => ({ kind: s.kind, recordId: s.record_id, label: s.label })),
  };
}

export type PersonRecords = Record<
  'members' | 'policies' | 'claims' | 'payments' | 'schemeMembers' | 'agents' | 'agentSales' | 'users',
  unknown[]
>;

/** Every read-model row about the person, as stored (to_jsonb of the row). */
export async function personRecords(sql: SqlExecutor, companyId: string, subjects: PersonSubject[]): Promise<PersonRecords> {
  const ids = idsOf(subjects);
  const rows = async (query: string, params: unknown[]) => (await sql.query<{ row: unknown }>(query, params)).map((r) => r.row);
  const policies = await rows(
    `select to_jsonb(x) as row from policies x where x.company_id = $1 and x.id in (select id from (${PERSON_POLICIES}) p) order by x.policy_number`,
    [companyId, ids.members, ids.schemeMembers],
  );
  const policyIds = policies.map((p) => (p as { id: string }).id);
  return {
    members: await rows(`select to_jsonb(x) as row from members x where x.company_id = $1 and x.id = any($2::uuid[])`, [
      companyId,
      ids.members,
    ]),
    policies,
    claims: await rows(
      `select to_jsonb(x) as row from claims x where x.company_id = $1 and (x.id = any($2::uuid[]) or x.member_id = any($3::uuid[]) or x.policy_id = any($4::uuid[])) order by x.claim_number`,
      [companyId, ids.claims, ids.members, policyIds],
    ),
    payments: await rows(
      `select to_jsonb(x) as row from payments x where x.company_id = $1 and (x.member_id = any($2::uuid[]) or x.policy_id = any($3::uuid[])) order by x.payment_date, x.position`,
      [companyId, ids.members, policyIds],
    ),
    schemeMembers: await rows(`select to_jsonb(x) as row from scheme_members x where x.company_id = $1 and x.id = any($2::uuid[])`, [
      companyId,
      ids.schemeMembers,
    ]),
    agents: await rows(`select to_jsonb(x) as row from agents x where x.company_id = $1 and x.id = any($2::uuid[])`, [
      companyId,
      ids.agents,
    ]),
    agentSales: await rows(`select to_jsonb(x) as row from agent_sales x where x.company_id = $1 and x.policy_id = any($2::uuid[])`, [
      companyId,
      policyIds,
    ]),
    users: await rows(`select to_jsonb(x) as row from user_accounts x where x.company_id = $1 and x.id = any($2::uuid[])`, [
      companyId,
      ids.users,
    ]),
  };
}

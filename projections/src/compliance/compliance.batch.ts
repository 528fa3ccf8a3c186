import type { MemberRegistered, PolicyIssued } from '@fpa/write-model';
import type { SqlExecutor } from '@fpa/write-model/event-store';
import { applyTypeRuns, inTypeRuns, type EventKeys } from '../engine/type-runs.ts';
import type { Recorded } from '../engine/typed.ts';
import { rowSet } from '../engine/row-set.ts';
import type { ComplianceEvent } from './compliance.projection.ts';

const POLICY_ROWS = rowSet(`
  ord int, policy_id uuid, company_id uuid, policy_number text`);

const COUNT_ROWS = rowSet(`
  company_id text, n integer`);

type Event = Recorded<ComplianceEvent>;
type ApplyOne = (tx: SqlExecutor, event: Event) => Promise<void>;

/**
 * The compliance log's set-based path. A rebuild reads every registration and every issued policy
 * (a member count per company, and the policy numbers a lapse entry names), member by member; the
 * batch is reordered into runs of one type (inTypeRuns) and a run of registrations or of policies is
 * one statement. Everything else goes through apply, in order. compliance-batch.int.test.ts compares
 * both paths on random logs cut into random batches.
 */
export async function applyComplianceRuns(tx: SqlExecutor, events: readonly Event[], applyOne: ApplyOne): Promise<void> {
  await applyTypeRuns(
    tx,
    inTypeRuns(events, complianceKeys),
    { MemberRegistered: (t, run) => membersRegistered(t, run, applyOne), PolicyIssued: policiesIssued },
    applyOne,
  );
}

/** A company's member count and limit entry; a policy's number and lapse entries; a claim's row and overdue entry. The rest stays in place. */
function complianceKeys(event: Event): EventKeys {
  switch (event.type) {
    case 'MemberRegistered':
    case 'MemberDeleted':
    case 'SchemeMemberAdded':
    case 'SchemeMemberRemoved':
      return [`company:${companyOf(event)}`];
    case 'PolicyIssued':
    case 'PolicyStatusChanged':
    case 'PolicyLapsed':
    case 'PolicyReinstated':
      return [`policy:${event.data.policyId}`];
    case 'ClaimSubmitted':
    case 'ClaimStatusChanged':
    case 'ClaimDecisionClockStarted':
    case 'ClaimDecisionDeadlineExtended':
      return [`claim:${event.data.claimId}`];
    default:
      return 'barrier';
  }
}

/**
 * One by one, each registration adds one to its company's count and opens the limit entry when the
 * count first passes the limit (checkMemberLimit). Over a run the count only rises, so when the
 * company is over its limit after the first registration and was already marked so, or is still
 * within it after the last and was not marked, or has no limit and was not marked, nothing but the
 * count changes: one statement adds each company's registrations. A company for which any of the
 * run's registrations could open or resolve an entry (or that has no row) gets its registrations one
 * by one, after the others (companies' rows and entries are their own, so the order between companies
 * does not matter).
 */
async function membersRegistered(tx: SqlExecutor, run: readonly Recorded<MemberRegistered>[], applyOne: ApplyOne): Promise<void> {
  const counts = new Map<string, number>();
  for (const event of run) counts.set(companyOf(event), (counts.get(companyOf(event)) ?? 0) + 1);
  const added = await tx.query<{ company_id: string }>(
    `update compliance_companies c set member_count = c.member_count + r.n
       from ${COUNT_ROWS.from('$1', 'r')}
      where c.company_id = r.company_id::uuid
        and (c.member_limit = -1 and not c.over_limit
             or c.member_limit <> -1 and not c.over_limit and c.member_count + r.n <= c.member_limit
             or c.member_limit <> -1 and c.over_limit and c.member_count + 1 > c.member_limit)
      returning r.company_id`,
    [COUNT_ROWS.json([...counts].map(([company_id, n]) => ({ company_id, n })))],
  );
  const done = new Set(added.map((row) => row.company_id));
  for (const event of run) if (!done.has(companyOf(event))) await applyOne(tx, event);
}

/** The policies' numbers, in log order (the first of a repeated policy id stands, as with apply). */
async function policiesIssued(tx: SqlExecutor, run: readonly Recorded<PolicyIssued>[]): Promise<void> {
  const rows = run.map((event, ord) => ({
    ord,
    policy_id: event.data.policyId,
    company_id: event.data.companyId,
    policy_number: event.data.policyNumber,
  }));
  await tx.query(
    `insert into compliance_policies (policy_id, company_id, policy_number)
     select policy_id, company_id, policy_number
       from ${POLICY_ROWS.from('$1', 'r')}
      order by ord
     on conflict do nothing`,
    [POLICY_ROWS.json(rows)],
  );
}

/** The append's company when the data names none (hand-written logs), as checkMemberLimit reads it. */
const companyOf = (event: Event & { data: { companyId: string | null } }) => String(event.data.companyId ?? event.metadata.companyId);

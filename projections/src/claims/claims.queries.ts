import type { DeadlineExtensionReason } from '@fpa/write-model';
import type { SqlExecutor } from '@fpa/write-model/event-store';
import type { ClaimOverridableFlag, ClaimRejectionReason, ClaimStatus, DeathType, Role, WaitingRule } from '@fpa/write-model/validation';
import {
  normalizeSearch,
  pageSize,
  pagedList,
  parameters,
  prefixPattern,
  type Connection,
  type PageArgs,
} from '../portfolio/portfolio.paging.ts';
import { isUuid } from '../portfolio/uuid.ts';
import { claimDocuments, type DocumentRow } from './documents.queries.ts';

export type ClaimRow = {
  id: string;
  claimNumber: string;
  policyId: string;
  policyNumber: string;
  memberId: string;
  /** Names as submitted; '[erased]' once the person's key is destroyed. */
  memberName: string;
  deceasedName: string;
  claimantName: string;
  status: ClaimStatus;
  /** Decimal strings with two places ('15000.00'). */
  claimAmount: string;
  /** YYYY-MM-DD; null once the deceased's data is erased. */
  dateOfDeath: string | null;
  submittedDate: string;
  /** The flags computed at submission (not refusals: staff decide). */
  withinWaitingPeriod: boolean;
  waitingPeriodEndsOn: string | null;
  exceedsCover: boolean;
  coverageAmount: string | null;
  deceasedOnPolicy: boolean;
  /** Issue #22: the manner of death and the wait it was checked against; null for claims submitted before it. */
  deathType: DeathType | null;
  waitingRule: WaitingRule | null;
  lifeJoinedOn: string | null;
  priorCoverMonths: number | null;
  /** The claimant's bank account on the claim (a payout goes there): holder and the number's last four digits. */
  accountHolderName: string | null;
  bankAccountLast4: string | null;
  /** The decision (issue #23); null until the claim is approved, rejected or paid, and for claims decided before it. */
  approvedAmount: string | null;
  /** The reason an approval set the flags aside, and which (withinWaitingPeriod, deceasedNotOnPolicy); none when nothing was overridden. */
  overrideReason: string | null;
  overriddenFlags: ClaimOverridableFlag[];
  rejectionReason: ClaimRejectionReason | null;
  rejectionDetail: string | null;
  payoutAmount: string | null;
  paidOn: string | null;
  paymentReference: string | null;
  /** The claimant's account the payout went to: holder ('[erased]' once erased) and the account number's last four digits. */
  payoutAccountHolder: string | null;
  payoutAccountLast4: string | null;
  /** The decision clock (rule 2A.8): started when the last form document was verified; null before. */
  clockStartedAt: Date | null;
  decisionDueAt: Date | null;
  /** Why the deadline has 14 more business days (sent_to_underwriter); null when it has not. */
  deadlineExtendedFor: DeadlineExtensionReason | null;
  /** Why staff marked the claim as disputed; null when it is not. */
  disputeReason: string | null;
  /** When the claim was approved or rejected; null while undecided. */
  decidedAt: Date | null;
  /** The submitting user's "First Last"; null when the user is not known. */
  submittedBy: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** One step of a claim's life; the first is its submission (fromStatus null). */
export type ClaimHistoryEntry = {
  fromStatus: ClaimStatus | null;
  toStatus: ClaimStatus;
  note: string | null;
  changedAt: Date;
  changedById: string | null;
  /** "First Last" and role of the user who made the change; null when the user is not known. */
  changedByName: string | null;
  changedByRole: Role | null;
};

export type ClaimDetail = ClaimRow & { documents: DocumentRow[]; history: ClaimHistoryEntry[] };

/** The count cards. active: neither rejected nor paid (still to be decided or paid out). */
export type ClaimCounts = {
  total: number;
  submitted: number;
  underReview: number;
  approved: number;
  rejected: number;
  sentToUnderwriter: number;
  paid: number;
  active: number;
};

export type ClaimListArgs = PageArgs & { search?: string | null; status?: ClaimStatus | null };

const COLUMNS = `c.id, c.claim_number as "claimNumber", c.policy_id as "policyId", c.policy_number as "policyNumber",
  c.member_id as "memberId", c.member_name as "memberName", c.deceased_name as "deceasedName",
  c.claimant_name as "claimantName", c.status, c.claim_amount::text as "claimAmount",
  to_char(c.date_of_death, 'YYYY-MM-DD') as "dateOfDeath", to_char(c.submitted_date, 'YYYY-MM-DD') as "submittedDate",
  c.within_waiting_period as "withinWaitingPeriod",
  to_char(c.waiting_period_ends_on, 'YYYY-MM-DD') as "waitingPeriodEndsOn", c.exceeds_cover as "exceedsCover",
  c.coverage_amount::text as "coverageAmount", c.deceased_on_policy as "deceasedOnPolicy",
  c.death_type as "deathType", c.waiting_rule as "waitingRule", to_char(c.life_joined_on, 'YYYY-MM-DD') as "lifeJoinedOn",
  c.prior_cover_months as "priorCoverMonths",
  c.account_holder_name as "accountHolderName", c.bank_account_last4 as "bankAccountLast4",
  c.approved_amount::text as "approvedAmount", c.override_reason as "overrideReason",
  c.overridden_flags as "overriddenFlags", c.rejection_reason as "rejectionReason",
  c.rejection_detail as "rejectionDetail", c.payout_amount::text as "payoutAmount",
  to_char(c.paid_on, 'YYYY-MM-DD') as "paidOn", c.payment_reference as "paymentReference",
  c.payout_account_holder as "payoutAccountHolder", c.payout_account_last4 as "payoutAccountLast4",
  c.clock_started_at as "clockStartedAt", c.decision_due_at as "decisionDueAt",
  c.deadline_extended_for as "deadlineExtendedFor", c.dispute_reason as "disputeReason", c.decided_at as "decidedAt",
  nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as "submittedBy",
  c.created_at as "createdAt", c.updated_at as "updatedAt"`;

const FROM = `from claims c left join user_accounts u on u.id = c.submitted_by`;

/** Each arm matches one index of claims (see claims.schema.ts); the expressions must stay identical. */
function searchCondition(pattern: string): string {
  return `(lower(c.claim_number) like lower(${pattern})
        or lower(c.policy_number) like lower(${pattern})
        or lower(c.member_name) like lower(${pattern})
        or lower(c.claimant_name) like lower(${pattern})
        or lower(c.deceased_name) like lower(${pattern}))`;
}

/**
 * Newest first, optionally one status only. Search: claim number, policy number, member, claimant
 * or deceased name ("first", "first last"), each a case-insensitive prefix.
 */
export async function listClaims(sql: SqlExecutor, companyId: string, args: ClaimListArgs = {}): Promise<Connection<ClaimRow>> {
  const first = pageSize(args.first);
  const search = normalizeSearch(args.search);
  const p = parameters();
  const where = [`c.company_id = ${p.add(companyId)}`];
  if (args.status) where.push(`c.status = ${p.add(args.status)}`);
  if (search) where.push(searchCondition(p.add(prefixPattern(search))));
  const status = args.status;
  return pagedList<ClaimRow>(sql, {
    alias: 'c',
    columns: COLUMNS,
    from: FROM,
    countFrom: 'claims c',
    where,
    params: p,
    first,
    after: args.after,
    prefixSearch: search ? 'planned' : false,
    countFiltered: !!search,
    counted: async (tx) => {
      const counts = await claimCounts(tx, companyId);
      return status ? counts[COUNT_KEY[status]] : counts.total;
    },
  });
}

/** The whole list, newest first: the REST route answers it in one piece, as the spec's client expects. */
export async function listAllClaims(sql: SqlExecutor, companyId: string): Promise<ClaimRow[]> {
  return sql.query<ClaimRow>(`select ${COLUMNS} ${FROM} where c.company_id = $1 order by c.created_at desc, c.position desc`, [companyId]);
}

/** The claim with its documents (form order) and its status history (oldest first) with who and when. */
/** The claims made on one policy, newest first. */
export async function claimsOfPolicy(sql: SqlExecutor, companyId: string, policyId: string): Promise<ClaimRow[]> {
  if (!isUuid(policyId)) return [];
  return sql.query<ClaimRow>(
    `select ${COLUMNS} ${FROM} where c.company_id = $1 and c.policy_id = $2 order by c.created_at desc, c.position desc`,
    [companyId, policyId],
  );
}

export async function findClaim(sql: SqlExecutor, companyId: string, id: string): Promise<ClaimDetail | null> {
  if (!isUuid(id)) return null;
  const [claim] = await sql.query<ClaimRow>(`select ${COLUMNS} ${FROM} where c.company_id = $1 and c.id = $2`, [companyId, id]);
  if (!claim) return null;
  const history = await sql.query<ClaimHistoryEntry>(
    `select h.from_status as "fromStatus", h.to_status as "toStatus", h.note, h.changed_at as "changedAt",
            h.changed_by as "changedById",
            nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as "changedByName",
            u.role as "changedByRole"
       from claim_status_history h left join user_accounts u on u.id = h.changed_by
      where h.company_id = $1 and h.claim_id = $2
      order by h.position`,
    [companyId, id],
  );
  return { ...claim, documents: await claimDocuments(sql, companyId, id), history };
}

const COUNT_KEY = {
  submitted: 'submitted',
  under_review: 'underReview',
  approved: 'approved',
  rejected: 'rejected',
  sent_to_underwriter: 'sentToUnderwriter',
  paid: 'paid',
} as const satisfies Record<ClaimStatus, keyof ClaimCounts>;

const NO_CLAIMS: ClaimCounts = {
  total: 0,
  submitted: 0,
  underReview: 0,
  approved: 0,
  rejected: 0,
  sentToUnderwriter: 0,
  paid: 0,
  active: 0,
};

/** The count cards, from the maintained counters (no scan). under_review is the status claims really take. */
export async function claimCounts(sql: SqlExecutor, companyId: string): Promise<ClaimCounts> {
  const [row] = await sql.query<ClaimCounts>(
    `select total, submitted, under_review as "underReview", approved, rejected,
            sent_to_underwriter as "sentToUnderwriter", paid, total - rejected - paid as active
       from claim_stats where company_id = $1`,
    [companyId],
  );
  return row ?? { ...NO_CLAIMS };
}

/** Claims neither rejected nor paid: one company's, or (null) every company's for the platform stats. */
export async function activeClaims(sql: SqlExecutor, companyId: string | null): Promise<number> {
  const [row] = await sql.query<{ count: number }>(
    `select coalesce(sum(total - rejected - paid), 0)::int as count
       from claim_stats where $1::uuid is null or company_id = $1::uuid`,
    [companyId],
  );
  return row?.count ?? 0;
}

/** Undecided claims past their decision deadline at `now` (the caller's clock): the breaches the dashboard and the bell show. */
export async function overdueClaimCount(sql: SqlExecutor, companyId: string, now: Date): Promise<number> {
  const [row] = await sql.query<{ count: number }>(
    `select count(*)::int as count from claims where company_id = $1 and decided_at is null and decision_due_at < $2`,
    [companyId, now],
  );
  return row?.count ?? 0;
}

export type ClockedClaim = {
  id: string;
  claimNumber: string;
  memberId: string;
  memberName: string;
  clockStartedAt: Date;
  decisionDueAt: Date;
};

/** Undecided claims whose decision clock runs, the earliest deadline first (at most 500: the dashboard's panel). */
export async function claimsOnTheClock(sql: SqlExecutor, companyId: string): Promise<ClockedClaim[]> {
  return sql.query<ClockedClaim>(
    `select id, claim_number as "claimNumber", member_id as "memberId", member_name as "memberName",
            clock_started_at as "clockStartedAt", decision_due_at as "decisionDueAt"
       from claims where company_id = $1 and decided_at is null and decision_due_at is not null
      order by decision_due_at, id limit 500`,
    [companyId],
  );
}

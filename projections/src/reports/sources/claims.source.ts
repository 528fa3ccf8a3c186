import { CLAIM_STATUSES, type ClaimStatus } from '@fpa/write-model/validation';
import type { SqlExecutor } from '@fpa/write-model/event-store';
import { claimCounts } from '../../claims/claims.queries.ts';
import { cardsFromFigures, type ReportSource, type StatusFigure } from '../report-source.ts';
import { claimFiguresByStatus } from '../reports.queries.ts';

const STATUS_LABELS: Record<ClaimStatus, string> = {
  submitted: 'Submitted',
  under_review: 'Under Review',
  approved: 'Approved',
  rejected: 'Rejected',
  sent_to_underwriter: 'Sent to Underwriter',
  paid: 'Paid',
};

/** Neither rejected nor paid: still to be decided or paid out (the claims page's "active"). */
const OPEN: readonly ClaimStatus[] = ['submitted', 'under_review', 'approved', 'sent_to_underwriter'];

/**
 * Claims as submitted. The counts are the claims read model's counters; the amounts come from the
 * reports projector's month rows (claims per month and status), which the claims charts read too.
 */
export const claimsReport: ReportSource = {
  type: 'claims',
  label: 'Claims',
  statuses: CLAIM_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
  // The spec's claim filter says 'review' for claims under review.
  statusAliases: { review: 'under_review' },
  columns: [
    { key: 'claimNumber', label: 'Claim Number', kind: 'text' },
    { key: 'policyNumber', label: 'Policy Number', kind: 'text' },
    { key: 'memberName', label: 'Member', kind: 'text' },
    { key: 'claimantName', label: 'Claimant', kind: 'text' },
    { key: 'status', label: 'Status', kind: 'status' },
    { key: 'claimAmount', label: 'Claim Amount', kind: 'money' },
    { key: 'dateOfDeath', label: 'Date of Death', kind: 'date' },
    { key: 'submittedDate', label: 'Submitted', kind: 'date' },
  ],
  rows: (sql, companyId, status, limit) =>
    sql.query(
      `select c.claim_number as "claimNumber", c.policy_number as "policyNumber", c.member_name as "memberName",
              c.claimant_name as "claimantName", c.status, c.claim_amount::text as "claimAmount",
              to_char(c.date_of_death, 'YYYY-MM-DD') as "dateOfDeath", to_char(c.submitted_date, 'YYYY-MM-DD') as "submittedDate"
         from claims c
        where c.company_id = $1 and ($2::text is null or c.status = $2::text)
        order by c.created_at desc, c.position desc
        limit $3::int`,
      [companyId, status, limit],
    ),
  async summary(sql, companyId, status) {
    const figures = await claimFigures(sql, companyId);
    return cardsFromFigures(figures, status as ClaimStatus | null, [
      { key: 'totalClaims', label: 'Total Claims', kind: 'count' },
      { key: 'openClaims', label: 'Open', kind: 'count', statuses: OPEN },
      { key: 'paidClaims', label: 'Paid', kind: 'count', statuses: ['paid'] },
      { key: 'claimedAmount', label: 'Amount Claimed', kind: 'money' },
      { key: 'paidOut', label: 'Paid Out', kind: 'money', statuses: ['paid'] },
    ]);
  },
};

/** Claims per status: the count from the claims read model's counters, the amount from the reports projector. */
export async function claimFigures(sql: SqlExecutor, companyId: string): Promise<Record<ClaimStatus, StatusFigure>> {
  const [counts, amounts] = await Promise.all([claimCounts(sql, companyId), claimFiguresByStatus(sql, companyId)]);
  const countOf: Record<ClaimStatus, number> = {
    submitted: counts.submitted,
    under_review: counts.underReview,
    approved: counts.approved,
    rejected: counts.rejected,
    sent_to_underwriter: counts.sentToUnderwriter,
    paid: counts.paid,
  };
  return Object.fromEntries(CLAIM_STATUSES.map((s) => [s, { count: countOf[s], amount: amounts[s].amount }])) as Record<
    ClaimStatus,
    StatusFigure
  >;
}

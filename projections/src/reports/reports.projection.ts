import type { ClaimEvent, ClaimStatusChanged, ClaimSubmitted } from '@fpa/write-model';
import type { SqlExecutor } from '@fpa/write-model/event-store';
import { CLAIM_STATUSES, type ClaimStatus } from '@fpa/write-model/validation';
import { projectorOf, type Recorded } from '../engine/typed.ts';
import { companyOf } from '../portfolio/event-data.ts';
import { ADD_TO_CLAIM_MONTHS, createReportsTables, REPORTS_TABLES } from './reports.schema.ts';

/**
 * Claims per month of submission and status, with their amounts: what the reports page charts and
 * sums. Each handler is one statement (writable CTEs move the claim and its month's counters together).
 */
export const reportsProjection = projectorOf<ClaimEvent>()({
  name: 'reports',
  version: 1,
  handles: ['ClaimSubmitted', 'ClaimStatusChanged'],
  tables: REPORTS_TABLES,
  init: createReportsTables,
  async apply(tx, event) {
    switch (event.type) {
      case 'ClaimSubmitted':
        return claimSubmitted(tx, event);
      case 'ClaimStatusChanged':
        return claimStatusChanged(tx, event);
    }
  },
});

/** A claim is 'submitted' when it arrives, in the month of its submission date (South African). */
async function claimSubmitted(tx: SqlExecutor, event: Recorded<ClaimSubmitted>): Promise<void> {
  await tx.query(
    `with c as (
       insert into report_claims (claim_id, company_id, month, status, amount)
       values ($1, $2, date_trunc('month', $3::date)::date, 'submitted', $4)
       on conflict (claim_id) do nothing
       returning company_id, month, status, amount
     )
     insert into report_claim_months (company_id, month, status, claims, amount)
     select company_id, month, status, 1, amount from c
     ${ADD_TO_CLAIM_MONTHS}`,
    [event.data.claimId, companyOf(event), event.data.submittedDate, event.data.claimAmount],
  );
}

/** The claim leaves its old (month, status) row for the new one; a repeated status moves nothing. */
async function claimStatusChanged(tx: SqlExecutor, event: Recorded<ClaimStatusChanged>): Promise<void> {
  const to: string = event.data.to;
  if (!isClaimStatus(to)) throw new Error(`${event.type} ${event.eventId} has an unknown status "${to}"`);
  await tx.query(
    `with old as (
       select claim_id, company_id, month, status, amount from report_claims where claim_id = $1 and company_id = $2
     ), u as (
       update report_claims r set status = $3::text from old where r.claim_id = old.claim_id and old.status <> $3::text
       returning old.company_id, old.month, old.status as was, old.amount
     )
     insert into report_claim_months (company_id, month, status, claims, amount)
     select company_id, month, was, -1, -amount from u
     union all
     select company_id, month, $3::text, 1, amount from u
     ${ADD_TO_CLAIM_MONTHS}`,
    [event.data.claimId, companyOf(event), to],
  );
}

function isClaimStatus(value: string): value is ClaimStatus {
  return (CLAIM_STATUSES as readonly string[]).includes(value);
}

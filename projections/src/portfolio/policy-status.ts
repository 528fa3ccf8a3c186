import type { PolicyLapsed, PolicyReinstated, PolicyStatusChanged } from '@fpa/write-model';
import type { PolicyStatus } from '@fpa/write-model/validation';
import type { Recorded } from '../engine/typed.ts';

/**
 * The events that move a policy's status: staff's switch on /policies, and the calendar's lapse and
 * reinstatement (issue #20). Every read model that follows a policy's status handles all three, so an
 * automatic lapse reads like a manual one everywhere (the list, the counters, arrears, commissions,
 * the compliance log, the lapse ratio).
 */
export const POLICY_STATUS_EVENTS = ['PolicyStatusChanged', 'PolicyLapsed', 'PolicyReinstated'] as const;

export type PolicyStatusEvent = PolicyStatusChanged | PolicyLapsed | PolicyReinstated;

export type StatusMove = { policyId: string; companyId: string; from: PolicyStatus; to: PolicyStatus; note: string | null };

/**
 * The move an event makes. The calendar lapses only an active policy and reinstates only a lapsed one
 * (calendar-steps.ts refuses anything else), so its events' `from` is known without reading a row.
 */
export function statusMove(event: Recorded<PolicyStatusEvent>): StatusMove {
  switch (event.type) {
    case 'PolicyStatusChanged': {
      const d = event.data;
      return { policyId: d.policyId, companyId: d.companyId, from: d.from, to: d.to, note: d.note ?? null };
    }
    case 'PolicyLapsed': {
      const d = event.data;
      return { policyId: d.policyId, companyId: d.companyId, from: 'active', to: 'lapsed', note: lapseReason(d) };
    }
    case 'PolicyReinstated': {
      const d = event.data;
      const why = d.reason === 'arrears_paid' ? 'arrears paid' : 'staff decision';
      return { policyId: d.policyId, companyId: d.companyId, from: 'lapsed', to: 'active', note: d.note ? `${why}: ${d.note}` : why };
    }
  }
}

/** In the audit trail's words (write-model/src/audit/titles.ts): "non-payment after 15 days' grace". */
export function lapseReason(d: PolicyLapsed['data']): string {
  return `non-payment after ${typeof d.graceDays === 'number' ? d.graceDays : 15} days' grace`;
}

import { z } from 'zod';

/**
 * A policy's statuses and the changes between them: the one home of this rule. The policy decider
 * refuses what the table does not allow; the web offers only what it allows (policies/policyStatus.ts).
 */
export const POLICY_STATUSES = ['active', 'lapsed', 'cancelled'] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

/**
 * Spec part 1 §4: active ⇄ lapsed, active → cancelled, and a cancelled policy can only be reinstated
 * to active. Everything else is refused.
 */
export const POLICY_TRANSITIONS: Record<PolicyStatus, readonly PolicyStatus[]> = {
  active: ['lapsed', 'cancelled'],
  lapsed: ['active'],
  cancelled: ['active'],
};

export function canChangePolicyStatus(from: PolicyStatus, to: PolicyStatus): boolean {
  return POLICY_TRANSITIONS[from].includes(to);
}

export function transitionRefusal(from: PolicyStatus, to: PolicyStatus): string {
  if (from === to) return `The policy is already ${from}.`;
  if (from === 'lapsed' && to === 'cancelled') return 'A lapsed policy cannot be cancelled; reinstate it to active first.';
  return `A ${from} policy cannot be changed to ${to}.`;
}

/**
 * Issue #20: staff lapse a policy, or set a lapsed one active again (a reinstatement by staff decision),
 * only for a stated reason; the web's confirmation asks for it and the policy decider refuses without it.
 */
export const LAPSE_REASON_REQUIRED = 'Give the reason for lapsing this policy.';
export const REINSTATE_REASON_REQUIRED = 'Give the reason for reinstating this policy.';

/** The message when a change from `from` to `to` needs a reason and has none; null when none is needed. */
export function missingReason(from: PolicyStatus, to: PolicyStatus, note: string | null | undefined): string | null {
  if (note?.trim()) return null;
  if (from === 'active' && to === 'lapsed') return LAPSE_REASON_REQUIRED;
  if (from === 'lapsed' && to === 'active') return REINSTATE_REASON_REQUIRED;
  return null;
}

/** PATCH /api/policies/{id}. Which transitions are allowed is decided by the table above, in the policy aggregate. */
export const policyStatusSchema = z.object({
  status: z.enum(POLICY_STATUSES, { error: 'Status must be active, lapsed or cancelled' }),
});
export type PolicyStatusInput = z.infer<typeof policyStatusSchema>;

import type { BadgeTone } from '../../ui/Badge';
import { canChangePolicyStatus } from '@fpa/write-model/validation';
import type { PolicyStatus } from './policies.operations';

export const STATUS_LABELS: Record<PolicyStatus, string> = { active: 'Active', lapsed: 'Lapsed', cancelled: 'Cancelled' };

export const STATUS_TONES: Record<PolicyStatus, BadgeTone> = { active: 'success', lapsed: 'warning', cancelled: 'dangerSoft' };

export type StatusControls = {
  /** The active ⇄ lapsed select (every policy that is not cancelled). */
  switchable: boolean;
  /** The Cancel button (active policies only). */
  cancellable: boolean;
  /** The Reinstate button (cancelled policies only: back to active). */
  reinstatable: boolean;
};

/**
 * Which controls a policy row offers: the write model's transition table (the server refuses what it
 * does not allow), shown as spec §4's controls — the select between active and lapsed, Cancel, and
 * Reinstate for a cancelled policy.
 */
export function statusControls(status: PolicyStatus): StatusControls {
  const can = (to: PolicyStatus) => canChangePolicyStatus(status, to);
  return {
    switchable: status !== 'cancelled' && (can('active') || can('lapsed')),
    cancellable: can('cancelled'),
    reinstatable: status === 'cancelled' && can('active'),
  };
}

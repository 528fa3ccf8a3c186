import type { BadgeTone } from '../../ui/Badge';
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
 * Which controls a policy row offers, from spec §4. The server enforces the same transitions; the
 * page only avoids offering a change it would refuse.
 */
export function statusControls(status: PolicyStatus): StatusControls {
  return { switchable: status !== 'cancelled', cancellable: status === 'active', reinstatable: status === 'cancelled' };
}

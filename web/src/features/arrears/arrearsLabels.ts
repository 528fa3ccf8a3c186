import type { ArrearsState } from '@fpa/write-model/validation';
import type { BadgeTone } from '../../ui/Badge';

export const STATE_LABELS: Record<ArrearsState | 'all', string> = {
  all: 'All',
  awaiting_notice: 'Awaiting notice',
  in_grace: 'In grace',
  lapsing_today: 'Lapsing today',
  grace_ended: 'Grace ended',
  lapsed_this_month: 'Lapsed this month',
};

export const STATE_TONES: Record<ArrearsState, BadgeTone> = {
  awaiting_notice: 'neutral',
  in_grace: 'warning',
  lapsing_today: 'danger',
  grace_ended: 'danger',
  lapsed_this_month: 'neutral',
};

export const CHANNEL_LABELS = { sms: 'SMS', email: 'E-mail', post: 'Post' } as const;

export const PERIOD_STATE_LABELS = { paid: 'Paid', partial: 'Part paid', unpaid: 'Unpaid', paid_in_advance: 'Paid in advance' } as const;
export const PERIOD_STATE_TONES: Record<keyof typeof PERIOD_STATE_LABELS, BadgeTone> = {
  paid: 'success',
  partial: 'warning',
  unpaid: 'danger',
  paid_in_advance: 'primary',
};

/** 'Last day', '1 day left', '9 days left'. */
export function graceLeftText(days: number | null): string {
  if (days === null) return '—';
  if (days === 0) return 'Last day';
  return `${days} ${days === 1 ? 'day' : 'days'} left`;
}

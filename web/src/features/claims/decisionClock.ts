import { formatDateTime } from '../../app/format';
import type { BadgeTone } from '../../ui/Badge';
import type { ClaimRow } from './claims.operations';

/*
 * The claims decision clock (Policyholder Protection Rule 2A.8, issue #23) in words. The server works out
 * where it stands (state, business minutes left or taken) at its clock; the page only says it.
 */

type Clock = ClaimRow['decisionClock'];

/** Business time as "1 business day 3 h", "3 h 20 min", "45 min" (a business day is 24 h of a weekday that is no public holiday). */
export function businessTime(minutes: number): string {
  const m = Math.abs(minutes);
  const days = Math.floor(m / 1440);
  const hours = Math.floor((m % 1440) / 60);
  const mins = m % 60;
  const parts = [
    days > 0 ? `${days} business ${days === 1 ? 'day' : 'days'}` : '',
    hours > 0 ? `${hours} h` : '',
    days === 0 && (mins > 0 || hours === 0) ? `${mins} min` : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/** The list's badge: time left while the clock runs, or a breach; nothing while documents wait or once decided on time. */
export function clockBadge(clock: Clock): { label: string; tone: BadgeTone } | null {
  switch (clock.state) {
    case 'running':
      return { label: `Decide within ${businessTime(clock.businessMinutesLeft ?? 0)}`, tone: 'neutral' };
    case 'due_soon':
      return { label: `Decide within ${businessTime(clock.businessMinutesLeft ?? 0)}`, tone: 'warning' };
    case 'overdue':
      return { label: `Decision overdue by ${businessTime(clock.businessMinutesLeft ?? 0)}`, tone: 'danger' };
    case 'late':
      return { label: 'Decided late', tone: 'dangerSoft' };
    default:
      return null;
  }
}

/** The claim's details: where the clock stands, with its start and deadline. */
export function clockSentence(clock: Clock): string {
  const due = formatDateTime(clock.dueAt);
  const why = clock.extendedFor === 'disputed' ? 'disputed' : 'sent to the underwriter';
  const extended = clock.extendedFor ? ` (14 more business days: ${why})` : '';
  switch (clock.state) {
    case 'not_started':
      return 'The 2-business-day decision clock starts when all four documents are verified.';
    case 'running':
    case 'due_soon':
      return `Decision due by ${due}${extended}: ${businessTime(clock.businessMinutesLeft ?? 0)} of business time left.`;
    case 'overdue':
      return `Decision was due by ${due}${extended}: overdue by ${businessTime(clock.businessMinutesLeft ?? 0)} of business time.`;
    case 'on_time':
      return `Decided on ${formatDateTime(clock.decidedAt)}, within the deadline of ${due}${extended} (${businessTime(clock.businessMinutesTaken ?? 0)} of business time).`;
    case 'late':
      return `Decided on ${formatDateTime(clock.decidedAt)}, after the deadline of ${due}${extended} (${businessTime(clock.businessMinutesTaken ?? 0)} of business time).`;
    case 'none':
      return 'Decided before all four documents were verified: no decision clock ran.';
  }
}

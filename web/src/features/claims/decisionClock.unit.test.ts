import { describe, expect, it } from 'vitest';
import { claimRow } from './claims.fixtures';
import { businessTime, clockBadge, clockSentence } from './decisionClock';

const clock = (overrides: Partial<ReturnType<typeof claimRow>['decisionClock']>) => ({ ...claimRow().decisionClock, ...overrides });

describe('the decision clock in words', () => {
  it('says business time in days, hours and minutes', () => {
    expect(businessTime(0)).toBe('0 min');
    expect(businessTime(45)).toBe('45 min');
    expect(businessTime(200)).toBe('3 h 20 min');
    expect(businessTime(1440 + 180)).toBe('1 business day 3 h');
    expect(businessTime(-2 * 1440)).toBe('2 business days');
  });

  it('badges a running clock, one due soon, a breach and a late decision; nothing before the documents or on time', () => {
    expect(clockBadge(clock({ state: 'not_started' }))).toBeNull();
    expect(clockBadge(clock({ state: 'running', businessMinutesLeft: 1500 }))).toEqual({
      label: 'Decide within 1 business day 1 h',
      tone: 'neutral',
    });
    expect(clockBadge(clock({ state: 'due_soon', businessMinutesLeft: 90 }))).toEqual({
      label: 'Decide within 1 h 30 min',
      tone: 'warning',
    });
    expect(clockBadge(clock({ state: 'overdue', businessMinutesLeft: -300 }))).toEqual({
      label: 'Decision overdue by 5 h',
      tone: 'danger',
    });
    expect(clockBadge(clock({ state: 'late' }))).toEqual({ label: 'Decided late', tone: 'dangerSoft' });
    expect(clockBadge(clock({ state: 'on_time' }))).toBeNull();
  });

  it('names the deadline and the extension in the details', () => {
    const text = clockSentence(
      clock({ state: 'running', dueAt: '2026-11-30T08:00:00.000Z', extendedFor: 'sent_to_underwriter', businessMinutesLeft: 600 }),
    );
    expect(text).toContain('Decision due by 30 Nov 2026');
    expect(text).toContain('10:00');
    expect(text).toContain('14 more business days: sent to the underwriter');
    expect(text).toContain('10 h of business time left');
  });
});

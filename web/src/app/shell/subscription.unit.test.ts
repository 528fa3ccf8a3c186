import { describe, expect, it } from 'vitest';
import { tierLabel, usagePercent, usageSummary, usageWarning } from './subscription';

describe('tier label', () => {
  it("is 'Free Tier' for the free tier", () => {
    expect(tierLabel('free')).toBe('Free Tier');
  });

  it("is 'Tier {tier}' otherwise", () => {
    expect(tierLabel('starter')).toBe('Tier starter');
    expect(tierLabel('2')).toBe('Tier 2');
  });
});

describe('usage percent', () => {
  it('is round(count / limit * 100)', () => {
    expect(usagePercent(45, 300)).toBe(15);
    expect(usagePercent(1, 300)).toBe(0);
    expect(usagePercent(2, 300)).toBe(1); // 0.67 rounds up
    expect(usagePercent(299, 300)).toBe(100);
    expect(usagePercent(330, 300)).toBe(110);
  });

  it('is 0 when the limit is not positive (unlimited plans use -1)', () => {
    expect(usagePercent(10, -1)).toBe(0);
    expect(usagePercent(10, 0)).toBe(0);
  });
});

describe('usage summary', () => {
  it('shows 0 / 300 without subscription data', () => {
    expect(usageSummary(undefined)).toEqual({ tierLabel: 'Free Tier', text: '0 / 300 members', percent: 0 });
  });

  it('shows the subscription figures', () => {
    expect(usageSummary({ tier: 'starter', currentMemberCount: 1200, memberLimit: 50000 })).toEqual({
      tierLabel: 'Tier starter',
      text: '1200 / 50000 members',
      percent: 2,
    });
  });
});

describe('usage warning (part 2 §9)', () => {
  it('is silent below 80%', () => {
    expect(usageWarning(0)).toBeNull();
    expect(usageWarning(79)).toBeNull();
  });

  it("says 'Approaching member limit' from 80% to 99%", () => {
    expect(usageWarning(80)).toEqual({ level: 'approaching', text: 'Approaching member limit' });
    expect(usageWarning(99)?.level).toBe('approaching');
  });

  it('says the limit is reached from 100%', () => {
    expect(usageWarning(100)?.level).toBe('reached');
    expect(usageWarning(110)?.text).toMatch(/^Member limit reached/);
  });
});

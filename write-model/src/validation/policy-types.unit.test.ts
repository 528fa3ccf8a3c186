import { describe, expect, it } from 'vitest';
import { POLICY_TYPE_DEFAULTS, policyTypeSchema } from './policy-types.ts';
import { policyStatusSchema } from './policy-status.ts';
import { messagesAt } from './test-support.ts';

const policyType = { name: 'Family Plan', description: '', ...POLICY_TYPE_DEFAULTS };

describe('policyTypeSchema', () => {
  it('starts from 50000 / 299 / 6 and accepts them', () => {
    expect(POLICY_TYPE_DEFAULTS).toEqual({ coverageAmount: '50000', monthlyPremium: '299', waitingPeriod: 6 });
    expect(policyTypeSchema.parse(policyType)).toEqual({
      name: 'Family Plan',
      description: undefined,
      coverageAmount: '50000',
      monthlyPremium: '299',
      waitingPeriod: 6,
      isActive: true,
    });
  });

  it('keeps amounts as decimal strings and takes the waiting period as text or number', () => {
    const parsed = policyTypeSchema.parse({ ...policyType, coverageAmount: ' 1000.00 ', monthlyPremium: 10, waitingPeriod: '24' });
    expect([parsed.coverageAmount, parsed.monthlyPremium, parsed.waitingPeriod]).toEqual(['1000.00', '10', 24]);
  });

  it.each([
    ['name', ' ', 'Policy name is required'],
    ['name', 'N'.repeat(101), 'Policy name must be at most 100 characters'],
    ['coverageAmount', '999.99', 'Coverage amount must be at least R1,000'],
    ['coverageAmount', '', 'Coverage amount must be at least R1,000'],
    ['coverageAmount', '-5000', 'Coverage amount must be at least R1,000'],
    ['monthlyPremium', '9.99', 'Monthly premium must be at least R10'],
    ['monthlyPremium', '0', 'Monthly premium must be at least R10'],
    ['waitingPeriod', -1, 'Waiting period must be 0 or more months'],
    ['waitingPeriod', '', 'Waiting period must be 0 or more months'],
    ['waitingPeriod', 25, 'Waiting period cannot exceed 24 months'],
    ['waitingPeriod', 2.5, 'Waiting period must be a whole number of months'],
  ])('%s = %j says %s', (field, value, message) => {
    expect(messagesAt(policyTypeSchema, { ...policyType, [field]: value }, field)).toEqual([message]);
  });

  it("leaves the calendar's rules out when absent (older clients), so the decider can default or keep them", () => {
    const parsed = policyTypeSchema.parse(policyType);
    expect([parsed.graceDays, parsed.lapseAfterMissed, parsed.reinstatementMonths]).toEqual([undefined, undefined, undefined]);
    expect(policyTypeSchema.parse({ ...policyType, graceDays: '', lapseAfterMissed: null }).graceDays).toBeUndefined();
    const given = policyTypeSchema.parse({ ...policyType, graceDays: '15', lapseAfterMissed: 6, reinstatementMonths: '0' });
    expect([given.graceDays, given.lapseAfterMissed, given.reinstatementMonths]).toEqual([15, 6, 0]);
    expect(policyTypeSchema.parse({ ...policyType, graceDays: 90, lapseAfterMissed: 1, reinstatementMonths: 12 })).toMatchObject({
      graceDays: 90,
      reinstatementMonths: 12,
    });
  });

  it.each([
    ['graceDays', 14, 'Grace period must be at least 15 days (Policyholder Protection Rules, rule 15A)'],
    ['graceDays', '0', 'Grace period must be at least 15 days (Policyholder Protection Rules, rule 15A)'],
    ['graceDays', 91, 'Grace period cannot exceed 90 days'],
    ['graceDays', 15.5, 'Grace period must be a whole number of days'],
    ['graceDays', 'soon', 'Grace period must be a whole number of days'],
    ['lapseAfterMissed', 0, 'Lapse after must be 1 to 6 missed premiums'],
    ['lapseAfterMissed', 7, 'Lapse after must be 1 to 6 missed premiums'],
    ['lapseAfterMissed', 1.5, 'Lapse after must be 1 to 6 missed premiums'],
    ['reinstatementMonths', -1, 'Reinstatement window must be 0 to 12 months'],
    ['reinstatementMonths', 13, 'Reinstatement window must be 0 to 12 months'],
  ])('calendar rule %s = %j says %s', (field, value, message) => {
    expect(messagesAt(policyTypeSchema, { ...policyType, [field]: value }, field)).toEqual([message]);
  });

  it('refuses amounts that are not decimal strings, never doing float maths', () => {
    expect(messagesAt(policyTypeSchema, { ...policyType, coverageAmount: '1,000' }, 'coverageAmount')).toEqual([
      'Enter an amount in rand, e.g. 1500 or 1500.50',
    ]);
    expect(messagesAt(policyTypeSchema, { ...policyType, monthlyPremium: 0.1 + 0.2 }, 'monthlyPremium')).toHaveLength(1);
    expect(messagesAt(policyTypeSchema, { ...policyType, monthlyPremium: '10.001' }, 'monthlyPremium')).toHaveLength(1);
  });
});

describe('policyStatusSchema', () => {
  it('knows active, lapsed and cancelled', () => {
    expect(policyStatusSchema.parse({ status: 'lapsed' })).toEqual({ status: 'lapsed' });
    expect(policyStatusSchema.safeParse({ status: 'paused' }).success).toBe(false);
  });
});

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

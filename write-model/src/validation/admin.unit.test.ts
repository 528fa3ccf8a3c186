import { describe, expect, it } from 'vitest';
import { PLAN_DEFAULTS, newUserSchema, planSchema, suspensionSchema, systemSettingSchema, userRoleSchema } from './admin.ts';
import { messagesAt, messagesOf } from './test-support.ts';

describe('newUserSchema', () => {
  const user = { username: 'claims1', password: 'longenough', email: 'c@example.com', firstName: 'C', lastName: 'D' };
  it('defaults the role to agent', () => {
    expect(newUserSchema.parse(user).role).toBe('agent');
    expect(newUserSchema.parse({ ...user, role: 'claim_admin' }).role).toBe('claim_admin');
  });
  it('says the spec words', () => {
    expect(messagesOf(newUserSchema, { username: 'ab', password: 'short', email: 'x', firstName: '', lastName: '' })).toEqual([
      'Username must be at least 3 characters',
      'Password must be at least 8 characters',
      'Invalid email address',
      'First name is required',
      'Last name is required',
    ]);
  });
  it('cannot make a super admin', () => {
    expect(messagesAt(newUserSchema, { ...user, role: 'super_admin' }, 'role')).toEqual(['Please choose a role']);
    expect(messagesOf(userRoleSchema, { role: 'super_admin' })).toEqual(['Please choose a role']);
  });
});

describe('suspensionSchema', () => {
  it('needs a reason', () => {
    expect(messagesOf(suspensionSchema, { reason: '  ' })).toEqual(['Suspension reason is required']);
    expect(messagesOf(suspensionSchema, {})).toEqual(['Suspension reason is required']);
    expect(suspensionSchema.parse({ reason: ' Unpaid ' })).toEqual({ reason: 'Unpaid' });
  });
});

describe('systemSettingSchema', () => {
  it('defaults the category to general and takes text or structured values', () => {
    expect(systemSettingSchema.parse({ key: 'smtp.host', value: 'mail', category: '' })).toEqual({
      key: 'smtp.host',
      value: 'mail',
      description: undefined,
      category: 'general',
    });
    expect(systemSettingSchema.parse({ key: 'k', value: { retries: 3 }, category: 'integrations' }).value).toEqual({ retries: 3 });
  });
  it('says the spec words', () => {
    expect(messagesOf(systemSettingSchema, { key: '', value: '' })).toEqual(['Setting key is required', 'Setting value is required']);
    expect(messagesOf(systemSettingSchema, { key: 'k' })).toEqual(['Setting value is required']);
    expect(messagesAt(systemSettingSchema, { key: 'k', value: 'v', category: 'misc' }, 'category')).toHaveLength(1);
  });
});

describe('planSchema', () => {
  const plan = { name: 'Premium Plan', tier: 'starter', memberLimit: PLAN_DEFAULTS.memberLimit, monthlyPrice: PLAN_DEFAULTS.monthlyPrice };
  it('fills the defaults', () => {
    expect(PLAN_DEFAULTS).toEqual({ memberLimit: 300, monthlyPrice: '0', sortOrder: 0, isActive: true });
    expect(planSchema.parse(plan)).toEqual({ ...plan, features: [], description: undefined, sortOrder: 0, isActive: true });
    expect(planSchema.parse({ ...plan, memberLimit: '-1', sortOrder: '', features: ['SMS', ' '] })).toMatchObject({
      memberLimit: -1,
      sortOrder: 0,
      features: ['SMS'],
    });
  });
  it.each([
    ['name', '', 'Plan name is required'],
    ['tier', '', 'Tier is required'],
    ['memberLimit', -2, 'Member limit must be -1 for unlimited or positive number'],
    ['memberLimit', 1.5, 'Member limit must be -1 for unlimited or positive number'],
    ['memberLimit', '0', 'Member limit must be -1 for unlimited or positive number'],
    ['monthlyPrice', '-1', 'Monthly price must be positive'],
    ['monthlyPrice', '', 'Monthly price must be positive'],
    ['sortOrder', 'first', 'Sort order must be a whole number'],
    // Integer columns (member_limit, sort_order) and numeric(12,2) (monthly_price) refuse these.
    ['memberLimit', 2147483648, 'Member limit cannot be more than 10000000'],
    ['memberLimit', 1e20, 'Member limit cannot be more than 10000000'],
    ['memberLimit', 'NaN', 'Member limit must be -1 for unlimited or positive number'],
    ['memberLimit', 'Infinity', 'Member limit must be -1 for unlimited or positive number'],
    ['sortOrder', 2147483648, 'Sort order must be between -1000000 and 1000000'],
    ['sortOrder', -2147483649, 'Sort order must be between -1000000 and 1000000'],
    ['monthlyPrice', 1e20, 'Enter an amount in rand, e.g. 1500 or 1500.50'],
    ['monthlyPrice', '10000000000', 'Amount cannot be more than 999999999.99'],
  ])('%s = %j says %s', (field, value, message) => {
    expect(messagesAt(planSchema, { ...plan, [field]: value }, field)).toEqual([message]);
  });
});

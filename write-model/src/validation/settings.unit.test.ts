import { describe, expect, it } from 'vitest';
import { checkoutSchema, companySettingsSchema, profileSettingsSchema } from './settings.ts';
import { messagesAt, messagesOf } from './test-support.ts';

const company = {
  name: 'Ubuntu Funeral Cover',
  cipNumber: '2015/123456/07',
  address: '1 Main Road',
  city: 'Durban',
  province: 'KZN',
  postalCode: '4001',
  phone: '031 555 1234',
  email: 'info@ubuntu.co.za',
};

describe('companySettingsSchema', () => {
  it('accepts the company section, a province as code or name, kept as its code', () => {
    expect(companySettingsSchema.parse(company)).toEqual({ ...company, phone: '0315551234' });
    expect(companySettingsSchema.parse({ ...company, province: 'KwaZulu-Natal' }).province).toBe('KZN');
    expect(companySettingsSchema.parse({ ...company, province: ' gauteng ' }).province).toBe('GP');
    expect(companySettingsSchema.parse({ ...company, province: '', phone: '', email: '' })).toMatchObject({
      province: undefined,
      phone: undefined,
      email: undefined,
    });
  });
  it.each([
    ['name', '', 'Company name is required'],
    ['cipNumber', '', 'CIPC number is required'],
    ['cipNumber', '2015/123456', 'CIPC number must be in format YYYY/NNNNNN/NN'],
    ['province', 'Transvaal', 'Please choose one of the nine provinces'],
    ['postalCode', '40', 'Postal code must be at least 4 characters'],
    ['phone', '12345', 'Invalid South African phone number'],
    ['email', 'info@', 'Invalid company email address'],
  ])('%s = %j says %s', (field, value, message) => {
    expect(messagesAt(companySettingsSchema, { ...company, [field]: value }, field)).toEqual([message]);
  });
});

describe('profileSettingsSchema', () => {
  it('needs names and an email; the phone is optional', () => {
    expect(messagesOf(profileSettingsSchema, { firstName: 'A', lastName: 'B', email: 'a@b.co', phone: '' })).toEqual([]);
    expect(messagesOf(profileSettingsSchema, { firstName: '', lastName: '', email: '' })).toEqual([
      'First name is required',
      'Last name is required',
      'Valid email is required',
    ]);
  });
});

describe('checkoutSchema', () => {
  it('never takes the free plan', () => {
    expect(checkoutSchema.parse({ tier: 'starter' })).toEqual({ tier: 'starter' });
    expect(checkoutSchema.parse({ tier: 'enterprise' })).toEqual({ tier: 'enterprise' });
    expect(messagesOf(checkoutSchema, { tier: 'free' })).toEqual(['The free plan cannot be chosen']);
    // Tiers are data: any other tier is the plan's to offer or not (the checkout looks it up).
    expect(checkoutSchema.parse({ tier: ' Basic ' })).toEqual({ tier: 'basic' });
    expect(messagesOf(checkoutSchema, { tier: 'gold/*' })).toEqual(['Tier may use letters, digits, spaces and hyphens (at most 40)']);
    expect(messagesOf(checkoutSchema, {})).toEqual(['Please choose a plan']);
  });
});

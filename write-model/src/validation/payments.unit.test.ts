import { describe, expect, it } from 'vitest';
import { groupPaymentSchemaOn, paymentSchemaOn, paymentStatusSchema } from './payments.ts';
import { messagesAt, messagesOf } from './test-support.ts';
const groupPaymentSchema = groupPaymentSchemaOn('2026-06-15');
const paymentSchema = paymentSchemaOn('2026-06-15');

const payment = {
  policyId: 'policy-1',
  amount: '299.00',
  paymentDate: '2025-03-01',
  paymentMethod: 'debit_order',
  reference: '',
  notes: '',
};

describe('paymentSchema', () => {
  it('accepts a payment', () => {
    expect(paymentSchema.parse(payment)).toEqual({ ...payment, reference: undefined, notes: undefined });
  });
  it.each([
    ['policyId', '', 'Policy selection is required'],
    ['amount', '', 'Amount is required'],
    ['amount', '0.00', 'Amount must be greater than 0'],
    ['paymentDate', '', 'Payment date is required'],
    ['paymentMethod', '', 'Payment method is required'],
    ['paymentMethod', 'mobile_money', 'Payment method is required'],
    // numeric(17,2) and its numeric(20,2) sums: amounts stop just under R1 billion; JSON numbers too.
    ['amount', 1e20, 'Enter an amount in rand, e.g. 1500 or 1500.50'],
    ['amount', '1000000000', 'Amount cannot be more than 999999999.99'],
    ['amount', '999999999999999.99', 'Amount cannot be more than 999999999.99'],
    ['amount', '-1', 'Enter an amount in rand, e.g. 1500 or 1500.50'],
    ['amount', 'NaN', 'Enter an amount in rand, e.g. 1500 or 1500.50'],
    ['amount', 'Infinity', 'Enter an amount in rand, e.g. 1500 or 1500.50'],
    ['paymentDate', '0000-01-01', 'Payment date cannot be before 1900-01-01'],
    ['paymentDate', '1899-12-31', 'Payment date cannot be before 1900-01-01'],
    ['paymentDate', '2026-02-30', 'Payment date must be a valid date'],
    ['paymentDate', '2027-06-16', 'Payment date cannot be more than a year ahead (after 2027-06-15)'],
    ['paymentDate', '9999-12-31', 'Payment date cannot be more than a year ahead (after 2027-06-15)'],
  ])('%s = %j says %s', (field, value, message) => {
    expect(messagesAt(paymentSchema, { ...payment, [field]: value }, field)).toEqual([message]);
  });
});

it('takes the largest amount, 999999999.99', () => {
  expect(paymentSchema.parse({ ...payment, amount: '999999999.99' }).amount).toBe('999999999.99');
});

describe('groupPaymentSchema', () => {
  const group = { amountPerMember: '150', paymentMethod: 'mobile_money', paymentDate: '2025-03-01' };
  it('accepts a group payment with an optional reference', () => {
    expect(groupPaymentSchema.parse(group)).toEqual({ ...group, reference: undefined });
  });
  it('bounds the payment date by the South African today it is built on', () => {
    expect(groupPaymentSchema.parse({ ...group, paymentDate: '2027-06-15' }).paymentDate).toBe('2027-06-15');
    expect(messagesAt(groupPaymentSchema, { ...group, paymentDate: '0000-01-01' }, 'paymentDate')).toEqual([
      'Payment date cannot be before 1900-01-01',
    ]);
    expect(messagesAt(groupPaymentSchema, { ...group, paymentDate: '2206-01-01' }, 'paymentDate')).toEqual([
      'Payment date cannot be more than a year ahead (after 2027-06-15)',
    ]);
  });
  it('says the spec words', () => {
    expect(messagesOf(groupPaymentSchema, {})).toEqual([
      'Amount per member is required',
      'Payment method is required',
      'Payment date is required',
    ]);
    expect(messagesAt(groupPaymentSchema, { ...group, paymentMethod: 'bank_transfer' }, 'paymentMethod')).toEqual([
      'Payment method is required',
    ]);
  });
});

describe('paymentStatusSchema', () => {
  it('allows the four statuses', () => {
    for (const status of ['pending', 'completed', 'failed', 'refunded']) {
      expect(paymentStatusSchema.safeParse({ status }).success).toBe(true);
    }
    expect(paymentStatusSchema.safeParse({ status: 'paid' }).success).toBe(false);
  });
});

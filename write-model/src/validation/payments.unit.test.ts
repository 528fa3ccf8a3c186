import { describe, expect, it } from 'vitest';
import { groupPaymentSchema, paymentSchema, paymentStatusSchema } from './payments.ts';
import { messagesAt, messagesOf } from './test-support.ts';

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
  ])('%s = %j says %s', (field, value, message) => {
    expect(messagesAt(paymentSchema, { ...payment, [field]: value }, field)).toEqual([message]);
  });
});

describe('groupPaymentSchema', () => {
  const group = { amountPerMember: '150', paymentMethod: 'mobile_money', paymentDate: '2025-03-01' };
  it('accepts a group payment with an optional reference', () => {
    expect(groupPaymentSchema.parse(group)).toEqual({ ...group, reference: undefined });
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

import { z } from 'zod';
import { decimalString, isoDateField, optionalText, requiredText } from './fields.ts';

export const PAYMENT_METHODS = ['bank_transfer', 'debit_order', 'cash', 'credit_card', 'eft'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const GROUP_PAYMENT_METHODS = ['cash', 'eft', 'debit_order', 'credit_card', 'mobile_money'] as const;
export type GroupPaymentMethod = (typeof GROUP_PAYMENT_METHODS)[number];

export const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

const AMOUNT_POSITIVE = 'Amount must be greater than 0';

/** POST /api/payments: one premium payment against one policy. */
export const paymentSchema = z.object({
  policyId: requiredText('Policy selection is required'),
  amount: decimalString({ required: 'Amount is required', positive: AMOUNT_POSITIVE }),
  paymentDate: isoDateField({ required: 'Payment date is required', invalid: 'Payment date must be a valid date' }),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Payment method is required' }),
  reference: optionalText(),
  notes: optionalText(),
});
export type PaymentInput = z.output<typeof paymentSchema>;
export type PaymentFormValues = z.input<typeof paymentSchema>;

/** POST /api/group-schemes/{id}/payments: the same amount for every member of the scheme. */
export const groupPaymentSchema = z.object({
  amountPerMember: decimalString({ required: 'Amount per member is required', positive: AMOUNT_POSITIVE }),
  paymentMethod: z.enum(GROUP_PAYMENT_METHODS, { error: 'Payment method is required' }),
  paymentDate: isoDateField({ required: 'Payment date is required', invalid: 'Payment date must be a valid date' }),
  reference: optionalText(),
});
export type GroupPaymentInput = z.output<typeof groupPaymentSchema>;
export type GroupPaymentFormValues = z.input<typeof groupPaymentSchema>;

/** PATCH /api/payments/{id}: any status may follow any other. */
export const paymentStatusSchema = z.object({
  status: z.enum(PAYMENT_STATUSES, { error: 'Status must be pending, completed, failed or refunded' }),
});
export type PaymentStatusInput = z.infer<typeof paymentStatusSchema>;

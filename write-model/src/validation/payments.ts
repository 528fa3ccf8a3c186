import { z } from 'zod';
import { paymentDateField } from './date-fields.ts';
import { oncePerDay } from './dates.ts';
import { decimalString, optionalText, requiredText } from './fields.ts';

export const PAYMENT_METHODS = ['bank_transfer', 'debit_order', 'cash', 'credit_card', 'eft'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const GROUP_PAYMENT_METHODS = ['cash', 'eft', 'debit_order', 'credit_card', 'mobile_money'] as const;
export type GroupPaymentMethod = (typeof GROUP_PAYMENT_METHODS)[number];

export const PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

const AMOUNT_POSITIVE = 'Amount must be greater than 0';

const paymentDate = (today: string) => paymentDateField(today, { invalid: 'Payment date must be a valid date' });

/**
 * POST /api/payments: one premium payment against one policy. `today` is the South African date the
 * payment date is bounded by (southAfricanDate of ctx.now; of the browser's clock in the form).
 */
export const paymentSchemaOn = oncePerDay((today: string) => {
  return z.object({
    policyId: requiredText('Policy selection is required'),
    amount: decimalString({ required: 'Amount is required', positive: AMOUNT_POSITIVE }),
    paymentDate: paymentDate(today),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Payment method is required' }),
    reference: optionalText(),
    notes: optionalText(),
  });
});
export type PaymentInput = z.output<ReturnType<typeof paymentSchemaOn>>;
export type PaymentFormValues = z.input<ReturnType<typeof paymentSchemaOn>>;

/** POST /api/group-schemes/{id}/payments: the same amount for every member of the scheme. */
export const groupPaymentSchemaOn = oncePerDay((today: string) => {
  return z.object({
    amountPerMember: decimalString({ required: 'Amount per member is required', positive: AMOUNT_POSITIVE }),
    paymentMethod: z.enum(GROUP_PAYMENT_METHODS, { error: 'Payment method is required' }),
    paymentDate: paymentDate(today),
    reference: optionalText(),
  });
});
export type GroupPaymentInput = z.output<ReturnType<typeof groupPaymentSchemaOn>>;
export type GroupPaymentFormValues = z.input<ReturnType<typeof groupPaymentSchemaOn>>;

/** PATCH /api/payments/{id}: any status may follow any other. */
export const paymentStatusSchema = z.object({
  status: z.enum(PAYMENT_STATUSES, { error: 'Status must be pending, completed, failed or refunded' }),
});
export type PaymentStatusInput = z.infer<typeof paymentStatusSchema>;

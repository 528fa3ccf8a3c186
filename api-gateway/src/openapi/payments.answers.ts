import { z } from 'zod';
import type { PaymentRow } from '@fpa/projections';
import { PAYMENT_STATUSES } from '@fpa/write-model/validation';
import { day, id, instant, money, named, rowOf, type AnswerMap } from './shapes.ts';

const paymentFields = {
  id,
  policyId: id,
  policyNumber: z.string(),
  memberId: id,
  memberName: z.string(),
  amount: money,
  paymentDate: day,
  paymentMethod: z.string().meta({ description: 'One of the individual or the group payment methods' }),
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  status: z.enum(PAYMENT_STATUSES),
  groupSchemeId: z.string().nullable(),
  schemeName: z.string().nullable(),
  groupPaymentId: z.string().nullable(),
  recordedBy: z.string().nullable(),
  statusChangedAt: instant.nullable(),
  statusChangedByName: z.string().nullable(),
  createdAt: instant,
};

export const payment = named('Payment', rowOf<PaymentRow>()(z.strictObject(paymentFields)));

/** A row of GET /api/payments: the payment, with its method also as `method` (spec part 2 §3, as the reports read it). */
const listedPayment = named(
  'ListedPayment',
  rowOf<PaymentRow & { method: string }>()(z.strictObject({ ...paymentFields, method: z.string() })),
);

/** Spec part 2 §7 Payments. */
export const paymentsAnswers: AnswerMap = {
  'GET /api/payments': {
    summary: 'The company’s payments, newest first (a page of up to 500)',
    answer: z.array(listedPayment),
    headers: { 'x-total-count': 'How many payments match', 'x-next-cursor': 'The ?after= of the next page, when there is one' },
  },
  'GET /api/payments/:id/receipt.pdf': {
    summary: 'A completed payment’s premium receipt (issue #23): amount, date, method, reference and where the policy stands',
    responses: { 200: { description: 'An A4 PDF', content: { 'application/pdf': z.string().meta({ format: 'binary' }) } } },
  },
  'POST /api/payments': { summary: 'Record a payment against a policy', answer: payment },
  'PATCH /api/payments/:id': { summary: 'Change a payment’s status', answer: payment },
};

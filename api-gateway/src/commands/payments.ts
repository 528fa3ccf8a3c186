import { changePaymentStatusSlice, NotFoundError, recordGroupPaymentSlice, recordPaymentSlice } from '@fpa/write-model';
import { findPayment, paymentsOfGroupPayment, type PaymentRow } from '@fpa/projections';
import type { RequestContext } from '../context.ts';
import { tenantSql } from '../queries/tenant.ts';
import { GroupPaymentResult, PaymentType } from '../schema/payments.ts';
import { companyOf, endpoint } from './expose.ts';

async function payment(ctx: RequestContext, id: string): Promise<PaymentRow> {
  const companyId = companyOf(ctx);
  const row = await findPayment(tenantSql(ctx, companyId), companyId, id);
  if (!row) throw new NotFoundError('Payment not found');
  return row;
}

/** Spec part 2 §7 Payments, and the group payment of the group schemes' table. */
export const paymentEndpoints = [
  endpoint({
    slice: recordPaymentSlice,
    rest: { method: 'POST', path: '/api/payments', status: 201 },
    graphql: { type: PaymentType, description: "Records a 'completed' payment against a regular policy of the caller's company." },
    answer: (ctx, { paymentId }) => payment(ctx, paymentId),
  }),
  endpoint({
    slice: changePaymentStatusSlice,
    rest: { method: 'PATCH', path: '/api/payments/:id' },
    graphql: { type: PaymentType, args: 'flat', description: 'Any status to any other.' },
    answer: (ctx, _outcome, { target }) => payment(ctx, target),
  }),
  endpoint({
    slice: recordGroupPaymentSlice,
    rest: { method: 'POST', path: '/api/group-schemes/:schemeId/payments', status: 201 },
    graphql: {
      type: GroupPaymentResult,
      description: "One payment per main member's group policy, in one atomic append; refused for an inactive or empty scheme.",
    },
    /** The total (spec §7) and the payments it recorded, one per group policy. */
    answer: async (ctx, { append: _append, paymentIds: _ids, companyId, ...run }) => ({
      ...run,
      payments: await paymentsOfGroupPayment(tenantSql(ctx, companyId), companyId, run.groupPaymentId),
    }),
  }),
];

import {
  changePaymentStatus as changePaymentStatusCommand,
  NotFoundError,
  recordGroupPayment as recordGroupPaymentCommand,
  recordPayment as recordPaymentCommand,
  southAfricanDate,
} from '@fpa/write-model';
import type { GroupPaymentMethod } from '@fpa/write-model/validation';
import {
  findPayment,
  listPayments,
  paymentsOfGroupPayment,
  policyArrears as policyArrearsQuery,
  premiumsCollected as premiumsCollectedQuery,
  type ArrearsArgs,
  type PaymentListArgs,
  type PaymentRow,
} from '@fpa/projections';
import type { RequestContext } from '../context.ts';
import { requireCompanyUser, type Operation } from '../auth/policy.ts';
import { commandFor, readYourWrites } from './consistency.ts';
import { tenantRead, tenantSql } from './tenant.ts';

function caller(ctx: RequestContext, operation: Operation) {
  const user = requireCompanyUser(ctx.user, operation);
  return { companyId: user.companyId, command: commandFor(ctx) };
}

async function paymentOrMissing(ctx: RequestContext, companyId: string, id: string): Promise<PaymentRow> {
  const row = await findPayment(tenantSql(ctx, companyId), companyId, id);
  if (!row) throw new NotFoundError('Payment not found');
  return row;
}

export function payments(ctx: RequestContext, args: PaymentListArgs) {
  return listPayments(...tenantRead(ctx, 'payments:read'), args);
}

export async function recordPayment(ctx: RequestContext, input: unknown): Promise<PaymentRow> {
  const { companyId, command } = caller(ctx, 'payments:create');
  const { paymentId, append } = await recordPaymentCommand(ctx.services.store, input, command);
  await readYourWrites(ctx, append);
  return paymentOrMissing(ctx, companyId, paymentId);
}

export async function changePaymentStatus(ctx: RequestContext, id: string, input: unknown): Promise<PaymentRow> {
  const { companyId, command } = caller(ctx, 'payments:update_status');
  const { append } = await changePaymentStatusCommand(ctx.services.store, id, input, command);
  await readYourWrites(ctx, append);
  return paymentOrMissing(ctx, companyId, id);
}

export type GroupPaymentAnswer = {
  groupPaymentId: string;
  schemeId: string;
  amountPerMember: string;
  memberCount: number;
  totalAmount: string;
  paymentMethod: GroupPaymentMethod;
  paymentDate: string;
  reference: string | null;
  payments: PaymentRow[];
};

/** POST /api/group-schemes/{id}/payments: the total (spec §7) and the payments it recorded, one per group policy. */
export async function recordGroupPayment(ctx: RequestContext, schemeId: string, input: unknown): Promise<GroupPaymentAnswer> {
  const { companyId, command } = caller(ctx, 'payments:create');
  const { append, paymentIds: _ids, companyId: _company, ...run } = await recordGroupPaymentCommand(ctx.services.store, schemeId, input, command);
  await readYourWrites(ctx, append);
  return { ...run, payments: await paymentsOfGroupPayment(tenantSql(ctx, companyId), companyId, run.groupPaymentId) };
}

export function premiumsCollected(ctx: RequestContext, months?: number) {
  const { companyId } = caller(ctx, 'payments:read');
  return premiumsCollectedQuery(ctx.services.sql, companyId, months === undefined ? {} : { months });
}

/** Months in arrears are counted to today in South Africa. */
export function policyArrears(ctx: RequestContext, args: Omit<ArrearsArgs, 'today'>) {
  const { companyId } = caller(ctx, 'payments:read');
  return policyArrearsQuery(ctx.services.sql, companyId, { ...args, today: southAfricanDate(ctx.services.now()) });
}

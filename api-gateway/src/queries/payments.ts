import { southAfricanDate } from '@fpa/write-model';
import {
  listPayments,
  policyArrears as policyArrearsQuery,
  premiumsCollected as premiumsCollectedQuery,
  type ArrearsArgs,
  type PaymentListArgs,
} from '@fpa/projections';
import { readSql, type RequestContext } from '../context.ts';
import { tenantRead } from './tenant.ts';

export function payments(ctx: RequestContext, args: PaymentListArgs) {
  return listPayments(...tenantRead(ctx, 'payments:read'), args);
}

export function premiumsCollected(ctx: RequestContext, months?: number) {
  const [, companyId] = tenantRead(ctx, 'payments:read');
  return premiumsCollectedQuery(readSql(ctx), companyId, months === undefined ? {} : { months });
}

/** Months in arrears are counted to today in South Africa. */
export function policyArrears(ctx: RequestContext, args: Omit<ArrearsArgs, 'today'>) {
  const [, companyId] = tenantRead(ctx, 'payments:read');
  return policyArrearsQuery(readSql(ctx), companyId, { ...args, today: southAfricanDate(ctx.services.now()) });
}

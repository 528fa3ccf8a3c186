import { NotFoundError } from '@fpa/write-model';
import { findCompany, findSubscription, type CompanyRow, type SubscriptionRow } from '@fpa/projections';
import type { RequestContext } from '../context.ts';
import { requireCompanyUser } from '../auth/policy.ts';

/** The caller's own company; the id always comes from the session. */
export async function company(ctx: RequestContext): Promise<CompanyRow> {
  const user = requireCompanyUser(ctx.user, 'company:read');
  const row = await findCompany(ctx.services.sql, user.companyId);
  if (!row) throw new NotFoundError('Company not found');
  return row;
}

export async function subscription(ctx: RequestContext): Promise<SubscriptionRow> {
  const user = requireCompanyUser(ctx.user, 'subscription:read');
  const row = await findSubscription(ctx.services.sql, user.companyId);
  if (!row) throw new NotFoundError('Subscription not found');
  return row;
}

import { NotFoundError } from '@fpa/write-model';
import { findCompany, type CompanyRow } from '@fpa/projections';
import { readSql, type RequestContext } from '../context.ts';
import { requireCompanyUser } from '../auth/policy.ts';

/** The caller's own company; the id always comes from the session. */
export async function company(ctx: RequestContext): Promise<CompanyRow> {
  return companyRow(ctx, requireCompanyUser(ctx.user, 'company:read').companyId);
}

/** The company as stored (after Settings → company information, its answer). */
export async function companyRow(ctx: RequestContext, companyId: string): Promise<CompanyRow> {
  const row = await findCompany(readSql(ctx), companyId);
  if (!row) throw new NotFoundError('Company not found');
  return row;
}

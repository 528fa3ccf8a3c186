import { NotFoundError, updateCompanyDetails } from '@fpa/write-model';
import { findCompany, type CompanyRow } from '@fpa/projections';
import type { RequestContext } from '../context.ts';
import { requireCompanyUser } from '../auth/policy.ts';
import { commandFor, readYourWrites } from './consistency.ts';

/** The caller's own company; the id always comes from the session. */
export async function company(ctx: RequestContext): Promise<CompanyRow> {
  const user = requireCompanyUser(ctx.user, 'company:read');
  const row = await findCompany(ctx.services.sql, user.companyId);
  if (!row) throw new NotFoundError('Company not found');
  return row;
}

/** PUT /api/company: Settings → company information; answers the company as now stored. */
export async function updateCompany(ctx: RequestContext, input: unknown): Promise<CompanyRow> {
  const user = requireCompanyUser(ctx.user, 'company:update');
  const result = await updateCompanyDetails(ctx.services.store, input, commandFor(ctx));
  if (result.append) await readYourWrites(ctx, result.append);
  const row = await findCompany(ctx.services.sql, user.companyId);
  if (!row) throw new NotFoundError('Company not found');
  return row;
}

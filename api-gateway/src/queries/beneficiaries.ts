import { NotFoundError } from '@fpa/write-model';
import { beneficiariesOfPolicy, findPolicy, type BeneficiaryView } from '@fpa/projections';
import { POLICY_NOT_FOUND } from '@fpa/write-model';
import { may } from '../auth/policy.ts';
import type { RequestContext } from '../context.ts';
import { tenantRead, tenantSql } from './tenant.ts';

/*
 * Issue #22: a policy's beneficiaries, read by whoever may read policies (the claims desk pays them).
 */

/** GET /api/policies/{id}/beneficiaries: the list ([] when none were nominated); another company's policy is a 404. */
export async function beneficiaries(ctx: RequestContext, policyId: string): Promise<BeneficiaryView[]> {
  const [sql, companyId] = tenantRead(ctx, 'policies:read');
  if (!(await findPolicy(sql, companyId, policyId))) throw new NotFoundError(POLICY_NOT_FOUND);
  return beneficiariesOfPolicy(sql, companyId, policyId);
}

/** The answer to a nomination, read after it is visible: the caller's own company, the policy just changed. */
export function nominated(ctx: RequestContext, companyId: string, policyId: string): Promise<BeneficiaryView[]> {
  return beneficiariesOfPolicy(tenantSql(ctx, companyId), companyId, policyId);
}

/** Policy.beneficiaries: null when the caller may not read policies (a section left out, not an error). */
export function beneficiariesField(ctx: RequestContext, policyId: string): Promise<BeneficiaryView[] | null> {
  if (!may(ctx.user, 'policies:read')) return Promise.resolve(null);
  return beneficiariesOfPolicy(...tenantRead(ctx, 'policies:read'), policyId);
}

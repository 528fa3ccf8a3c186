import { tenantScoped } from '@fpa/projections';
import type { SqlExecutor } from '@fpa/write-model/event-store';
import { may, requireCompanyUser, type Operation } from '../auth/policy.ts';
import { readSql, type RequestContext } from '../context.ts';

/**
 * The read-model executor and company for a company user's read: every statement runs behind the
 * tenant wall (projections/src/engine/tenant-wall.ts), so even a query whose WHERE clause lost its
 * company sees only the caller's rows. Spread into a query: `listMembers(...tenantRead(ctx, op), args)`.
 */
export function tenantRead(ctx: RequestContext, operation: Operation): readonly [SqlExecutor, string] {
  const { companyId } = requireCompanyUser(ctx.user, operation);
  return [tenantScoped(readSql(ctx), companyId), companyId] as const;
}

/** The same wall for a company already established (a read after the caller's own command). */
export function tenantSql(ctx: RequestContext, companyId: string): SqlExecutor {
  return tenantScoped(readSql(ctx), companyId);
}

/**
 * A read for a section of a page (the member's page, the dashboard's search): done behind the tenant
 * wall when the caller may perform `operation`, null when not, so the caller keeps the sections it may read.
 */
export function readIfAllowed<T>(
  ctx: RequestContext,
  operation: Operation,
  read: (scope: readonly [SqlExecutor, string]) => Promise<T>,
): Promise<T | null> {
  return may(ctx.user, operation) ? read(tenantRead(ctx, operation)) : Promise.resolve(null);
}

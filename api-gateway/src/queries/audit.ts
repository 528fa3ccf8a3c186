import {
  companyEventTypes as companyEventTypesQuery,
  companyHistory as companyHistoryQuery,
  entityAsOf as entityAsOfQuery,
  entityHistory,
  isAuditEntity,
  NotFoundError,
  parseInput,
  recordAuditView,
  ValidationError,
  AUDIT_ENTITIES,
  type AuditEntity,
  type AuditViewKind,
  type CompanyHistoryPage,
  type EntityAsOf,
  type EntityHistory,
} from '@fpa/write-model';
import { verifyEventChains as verifyChains, type ChainVerification } from '@fpa/write-model/event-store';
import { companyHistoryQuerySchema, entityAsOfQuerySchema } from '@fpa/write-model/validation';
import { findCompany } from '@fpa/projections';
import type { RequestContext } from '../context.ts';
import { requireCompanyScope, type Operation } from '../auth/policy.ts';
import { commandFor } from '../commands/consistency.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The company an audit read is about, and a command context acting for it: the caller's own
 * company, or for the super admin the company named (which must exist).
 */
export async function auditScope(ctx: RequestContext, operation: Operation, companyId?: string | null) {
  const { user, companyId: scoped } = requireCompanyScope(ctx.user, operation, companyId);
  if (user.role === 'super_admin' && (!UUID.test(scoped) || !(await findCompany(ctx.services.sql, scoped)))) {
    throw new NotFoundError('Company not found');
  }
  return { companyId: scoped, command: commandFor(ctx, { userId: user.id, role: user.role, companyId: user.companyId }) };
}

/** Every read of an audit trail is itself recorded: an AuditTrailViewed event on the company's audit stream. */
export async function recordView(
  ctx: RequestContext,
  scope: Awaited<ReturnType<typeof auditScope>>,
  kind: AuditViewKind,
  what: { entity?: string | null; entityId?: string | null; query?: Record<string, string | null | undefined> } = {},
): Promise<void> {
  await recordAuditView(ctx.services.store, { companyId: scope.companyId, kind, ...what }, scope.command);
}

export function parseEntity(entity: string): AuditEntity {
  if (isAuditEntity(entity)) return entity;
  const message = `Unknown entity "${entity}": one of ${AUDIT_ENTITIES.join(', ')}`;
  throw new ValidationError(message, [{ path: ['entity'], message }]);
}

export async function history(ctx: RequestContext, entity: string, id: string, companyId?: string | null): Promise<EntityHistory> {
  const scope = await auditScope(ctx, 'audit:read', companyId);
  const kind = parseEntity(entity);
  const found = await entityHistory(ctx.services.store, ctx.services.sql, { entity: kind, id, companyId: scope.companyId });
  await recordView(ctx, scope, 'history', { entity: kind, entityId: id });
  return found;
}

export async function entityAsOf(
  ctx: RequestContext,
  entity: string,
  id: string,
  asOf: string | null | undefined,
  companyId?: string | null,
): Promise<EntityAsOf> {
  const scope = await auditScope(ctx, 'audit:read', companyId);
  const kind = parseEntity(entity);
  if (asOf?.trim()) parseInput(entityAsOfQuerySchema, { asOf });
  const moment = asOf?.trim() || ctx.services.now().toISOString();
  const found = await entityAsOfQuery(ctx.services.store, ctx.services.sql, { entity: kind, id, companyId: scope.companyId, asOf: moment });
  await recordView(ctx, scope, 'as_of', { entity: kind, entityId: id, query: { asOf: moment } });
  return found;
}

export type CompanyHistoryInput = {
  type?: string | null;
  actorId?: string | null;
  from?: string | null;
  to?: string | null;
  /** A number (GraphQL) or the query string's text (REST); checked by companyHistoryQuerySchema. */
  first?: number | string | null;
  after?: string | null;
  companyId?: string | null;
};

export async function companyHistory(ctx: RequestContext, input: CompanyHistoryInput): Promise<CompanyHistoryPage> {
  const scope = await auditScope(ctx, 'audit:read', input.companyId);
  // A bare date covers its whole South African day; bad values are a 400 naming the parameter.
  const query = parseInput(companyHistoryQuerySchema, { from: input.from, to: input.to, first: input.first, after: input.after });
  if (input.actorId && !UUID.test(input.actorId)) return { entries: [], totalCount: 0, hasNextPage: false, endCursor: null };
  const page = await companyHistoryQuery(ctx.services.store, ctx.services.sql, {
    companyId: scope.companyId,
    type: input.type?.trim() || null,
    actorId: input.actorId ?? null,
    from: query.from,
    to: query.to,
    first: query.first ?? 50,
    after: query.after,
  });
  const { companyId: _c, first, ...filters } = input;
  await recordView(ctx, scope, 'company_history', { query: { ...filters, first: first == null ? null : String(first) } });
  return page;
}

export async function companyEventTypes(ctx: RequestContext, companyId?: string | null): Promise<string[]> {
  const scope = await auditScope(ctx, 'audit:read', companyId);
  return companyEventTypesQuery(ctx.services.sql, scope.companyId);
}

/**
 * Checks the hash chains: a company user's (and the super admin naming a company) the streams of
 * that company; the super admin without a company, every stream of the platform.
 */
export async function verifyEventChains(ctx: RequestContext, companyId?: string | null): Promise<ChainVerification> {
  if (ctx.user?.role === 'super_admin' && !companyId?.trim()) {
    const { user } = requireCompanyScope(ctx.user, 'audit:read', 'platform');
    const result = await verifyChains(ctx.services.sql);
    const command = commandFor(ctx, { userId: user.id, role: user.role, companyId: null });
    await recordAuditView(ctx.services.store, { companyId: null, kind: 'verify', query: { ok: String(result.ok) } }, command);
    return result;
  }
  const scope = await auditScope(ctx, 'audit:read', companyId);
  const result = await verifyChains(ctx.services.sql, { companyId: scope.companyId });
  await recordView(ctx, scope, 'verify', { query: { ok: String(result.ok) } });
  return result;
}

import { NotFoundError, SCHEME_NOT_FOUND } from '@fpa/write-model';
import type { SqlExecutor } from '@fpa/write-model/event-store';
import { findGroupScheme, listGroupSchemes, listSchemeMembers, type GroupSchemeRow, type SchemeMemberNode } from '@fpa/projections';
import type { RequestContext } from '../context.ts';
import { tenantRead } from './tenant.ts';

/** Unknown and another company's scheme alike: 404 with the spec's words (the page's Scheme Not Found). */
async function schemeOrMissing(sql: SqlExecutor, companyId: string, id: string): Promise<GroupSchemeRow> {
  const scheme = await findGroupScheme(sql, companyId, id);
  if (!scheme) throw new NotFoundError(SCHEME_NOT_FOUND);
  return scheme;
}

export function groupSchemes(ctx: RequestContext): Promise<GroupSchemeRow[]> {
  return listGroupSchemes(...tenantRead(ctx, 'group_schemes:read'));
}

/** Null when unknown: GraphQL answers null and the page shows Scheme Not Found. */
export function groupScheme(ctx: RequestContext, id: string): Promise<GroupSchemeRow | null> {
  return findGroupScheme(...tenantRead(ctx, 'group_schemes:read'), id);
}

/** GET /api/group-schemes/{id}: 404 when unknown. */
export function requireGroupScheme(ctx: RequestContext, id: string): Promise<GroupSchemeRow> {
  return schemeOrMissing(...tenantRead(ctx, 'group_schemes:read'), id);
}

/** Main members with their family nested; 404 for an unknown scheme rather than an empty list. */
export async function schemeMembers(ctx: RequestContext, schemeId: string): Promise<SchemeMemberNode[]> {
  const [sql, companyId] = tenantRead(ctx, 'group_schemes:read');
  await schemeOrMissing(sql, companyId, schemeId);
  return listSchemeMembers(sql, companyId, schemeId);
}

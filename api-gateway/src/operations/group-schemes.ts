import {
  addSchemeMembers as addSchemeMembersCommand,
  createGroupScheme as createGroupSchemeCommand,
  NotFoundError,
  removeSchemeMember as removeSchemeMemberCommand,
  SCHEME_NOT_FOUND,
  updateGroupScheme as updateGroupSchemeCommand,
} from '@fpa/write-model';
import { findGroupScheme, listGroupSchemes, listSchemeMembers, type GroupSchemeRow, type SchemeMemberNode } from '@fpa/projections';
import type { RequestContext } from '../context.ts';
import { requireCompanyUser, type Operation } from '../auth/policy.ts';
import { commandFor, readYourWrites } from './consistency.ts';
import { tenantSql } from './tenant.ts';

function caller(ctx: RequestContext, operation: Operation) {
  const user = requireCompanyUser(ctx.user, operation);
  return { companyId: user.companyId, command: commandFor(ctx) };
}

/** Unknown and another company's scheme alike: 404 with the spec's words (the page's Scheme Not Found). */
async function schemeOrMissing(ctx: RequestContext, companyId: string, id: string): Promise<GroupSchemeRow> {
  const scheme = await findGroupScheme(tenantSql(ctx, companyId), companyId, id);
  if (!scheme) throw new NotFoundError(SCHEME_NOT_FOUND);
  return scheme;
}

/** What a create or an add did; droppedRows counts the incomplete rows the schema left out. */
export type SchemeMembersAnswer = { scheme: GroupSchemeRow; mainMembersAdded: number; familyMembersAdded: number; droppedRows: number };

export type RemoveSchemeMemberAnswer = { scheme: GroupSchemeRow; removedMemberId: string; familyMembersRemoved: number };

export function groupSchemes(ctx: RequestContext): Promise<GroupSchemeRow[]> {
  const { companyId } = caller(ctx, 'group_schemes:read');
  return listGroupSchemes(tenantSql(ctx, companyId), companyId);
}

/** Null when unknown: GraphQL answers null and the page shows Scheme Not Found. */
export function groupScheme(ctx: RequestContext, id: string): Promise<GroupSchemeRow | null> {
  const { companyId } = caller(ctx, 'group_schemes:read');
  return findGroupScheme(tenantSql(ctx, companyId), companyId, id);
}

/** GET /api/group-schemes/{id}: 404 when unknown. */
export function requireGroupScheme(ctx: RequestContext, id: string): Promise<GroupSchemeRow> {
  return schemeOrMissing(ctx, caller(ctx, 'group_schemes:read').companyId, id);
}

/** Main members with their family nested; 404 for an unknown scheme rather than an empty list. */
export async function schemeMembers(ctx: RequestContext, schemeId: string): Promise<SchemeMemberNode[]> {
  const { companyId } = caller(ctx, 'group_schemes:read');
  await schemeOrMissing(ctx, companyId, schemeId);
  return listSchemeMembers(tenantSql(ctx, companyId), companyId, schemeId);
}

export async function createGroupScheme(ctx: RequestContext, input: unknown): Promise<SchemeMembersAnswer> {
  const { companyId, command } = caller(ctx, 'group_schemes:create');
  const { append, schemeId, ...counts } = await createGroupSchemeCommand(ctx.services.store, ctx.services.sql, input, command);
  await readYourWrites(ctx, append);
  return { scheme: await schemeOrMissing(ctx, companyId, schemeId), ...counts };
}

export async function updateGroupScheme(ctx: RequestContext, id: string, input: unknown): Promise<GroupSchemeRow> {
  const { companyId, command } = caller(ctx, 'group_schemes:update');
  const { append } = await updateGroupSchemeCommand(ctx.services.store, id, input, command);
  await readYourWrites(ctx, append);
  return schemeOrMissing(ctx, companyId, id);
}

export async function addSchemeMembers(ctx: RequestContext, schemeId: string, input: unknown): Promise<SchemeMembersAnswer> {
  const { companyId, command } = caller(ctx, 'group_schemes:update');
  const { append, schemeId: _id, ...counts } = await addSchemeMembersCommand(ctx.services.store, ctx.services.sql, schemeId, input, command);
  await readYourWrites(ctx, append);
  return { scheme: await schemeOrMissing(ctx, companyId, schemeId), ...counts };
}

export async function removeSchemeMember(ctx: RequestContext, schemeId: string, memberId: string): Promise<RemoveSchemeMemberAnswer> {
  const { companyId, command } = caller(ctx, 'group_schemes:delete');
  const { append, schemeId: _id, ...removed } = await removeSchemeMemberCommand(ctx.services.store, schemeId, memberId, command);
  await readYourWrites(ctx, append);
  return { scheme: await schemeOrMissing(ctx, companyId, schemeId), ...removed };
}

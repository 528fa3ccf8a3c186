import {
  addSchemeMembersSlice,
  createGroupSchemeSlice,
  NotFoundError,
  removeSchemeMemberSlice,
  SCHEME_NOT_FOUND,
  updateGroupSchemeSlice,
} from '@fpa/write-model';
import { findGroupScheme, type GroupSchemeRow } from '@fpa/projections';
import type { RequestContext } from '../context.ts';
import { tenantSql } from '../queries/tenant.ts';
import { GroupSchemeMembersPayload, GroupSchemeType, RemoveSchemeMemberPayload } from '../schema/group-schemes.ts';
import { companyOf, endpoint } from './expose.ts';

/** The scheme as the read model has it after the write; unknown and another company's alike are 404. */
async function scheme(ctx: RequestContext, id: string): Promise<GroupSchemeRow> {
  const companyId = companyOf(ctx);
  const row = await findGroupScheme(tenantSql(ctx, companyId), companyId, id);
  if (!row) throw new NotFoundError(SCHEME_NOT_FOUND);
  return row;
}

/** Rows arrive as the form holds them (every field a string, possibly blank): the scheme schema drops incomplete rows. */
const memberRows = { mainMembers: 'SchemeMainMemberInput', 'mainMembers.familyMembers': 'SchemeFamilyMemberInput' };

/** Spec part 2 §7 Group schemes (the group payment is with the payments: commands/payments.ts). */
export const groupSchemeEndpoints = [
  endpoint({
    slice: createGroupSchemeSlice,
    rest: { method: 'POST', path: '/api/group-schemes', status: 201 },
    graphql: { type: GroupSchemeMembersPayload, nestedNames: memberRows },
    /** What the create did; droppedRows counts the incomplete rows the schema left out. */
    answer: async (ctx, { append: _append, schemeId, ...counts }) => ({ scheme: await scheme(ctx, schemeId), ...counts }),
  }),
  endpoint({
    slice: updateGroupSchemeSlice,
    rest: { method: 'PUT', path: '/api/group-schemes/:id' },
    graphql: { type: GroupSchemeType },
    answer: (ctx, _outcome, { target }) => scheme(ctx, target),
  }),
  endpoint({
    slice: addSchemeMembersSlice,
    rest: { method: 'POST', path: '/api/group-schemes/:schemeId/members', status: 201 },
    graphql: { type: GroupSchemeMembersPayload, nestedNames: memberRows },
    answer: async (ctx, { append: _append, schemeId, ...counts }) => ({ scheme: await scheme(ctx, schemeId), ...counts }),
  }),
  endpoint({
    slice: removeSchemeMemberSlice,
    rest: { method: 'DELETE', path: '/api/group-schemes/:schemeId/members/:memberId' },
    graphql: { type: RemoveSchemeMemberPayload, args: 'flat', description: "A main member's removal removes its family with it." },
    answer: async (ctx, { append: _append, schemeId, ...removed }) => ({ scheme: await scheme(ctx, schemeId), ...removed }),
  }),
];

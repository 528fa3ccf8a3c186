import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleCommand, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { releaseMemberPlaces } from '../../members/member-quota.ts';
import { releaseSchemeLifeCover } from '../../members/life-cover-cap.ts';
import { NotFoundError } from '../../errors.ts';
import { schemeMemberRefSchema } from '../../validation/index.ts';
import { assertOwnScheme } from '../group-schemes.decider.ts';
import { groupSchemeStreamId, type GroupSchemeEvent, type SchemeMemberRemoved } from '../group-schemes.events.ts';
import { evolveGroupScheme, familyOf, initialGroupSchemeState, type GroupSchemeState } from '../group-schemes.state.ts';

/**
 * DELETE /api/group-schemes/{id}/members/{memberId}. The answer says how many family members left with
 * a main member, so the confirmation's consequence is visible in the result.
 */
export async function removeSchemeMember(store: EventStore, schemeId: string, memberId: string, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const { events, append } = await handleCommand<{ companyId: string; memberId: string }, GroupSchemeState, GroupSchemeEvent>(store, {
    streamId: groupSchemeStreamId(schemeId),
    decider: {
      initialState: initialGroupSchemeState,
      evolve: evolveGroupScheme,
      decide: (command, state) => decideRemoveSchemeMember(state, command),
    },
    command: { companyId, memberId },
    ctx,
    // Their places of the member limit and their cover toward the limit per life are free again, in the same transaction.
    inTransaction: async (tx, removed) => {
      await releaseSchemeLifeCover(
        tx,
        companyId,
        removed.map((e) => (e.data as { memberId: string }).memberId),
      );
      await releaseMemberPlaces(tx, companyId, removed.length);
    },
  });
  return { schemeId, removedMemberId: memberId, familyMembersRemoved: events.length - 1, append };
}

export const SCHEME_MEMBER_NOT_FOUND = 'Scheme member not found';

/**
 * A family member leaves alone; a main member leaves with its family (their cover is its group
 * policy, which goes with it): the family's removals come first, then the main member's.
 */
export function decideRemoveSchemeMember(state: GroupSchemeState, command: { companyId: string; memberId: string }): GroupSchemeEvent[] {
  assertOwnScheme(state, command.companyId);
  const member = state.members.find((m) => m.memberId === command.memberId);
  if (!member) throw new NotFoundError(SCHEME_MEMBER_NOT_FOUND);
  const leaving = member.isMainMember ? [...familyOf(state, member.memberId), member] : [member];
  return leaving.map(
    (m): SchemeMemberRemoved => ({
      type: 'SchemeMemberRemoved',
      data: {
        schemeId: state.schemeId,
        companyId: state.companyId,
        memberId: m.memberId,
        isMainMember: m.isMainMember,
        mainMemberId: m.mainMemberId,
      },
    }),
  );
}

/** The member to remove is the REST path's second segment (`:memberId`) and a GraphQL argument beside `schemeId`. */
export const removeSchemeMemberSlice = commandSlice({
  name: 'removeSchemeMember',
  operation: 'group_schemes:delete',
  target: 'schemeId',
  input: () => schemeMemberRefSchema,
  handle: ({ store }, { target, input }, ctx) => removeSchemeMember(store, target, parseInput(schemeMemberRefSchema, input).memberId, ctx),
});

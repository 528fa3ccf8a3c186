import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleCommand, requireCompany } from '../../command-handling/handle.ts';
import { releaseMemberPlaces } from '../../members/member-quota.ts';
import { decideRemoveSchemeMember } from '../group-schemes.decider.ts';
import { groupSchemeStreamId, type GroupSchemeEvent } from '../group-schemes.events.ts';
import { evolveGroupScheme, initialGroupSchemeState, type GroupSchemeState } from '../group-schemes.state.ts';

/**
 * DELETE /api/group-schemes/{id}/members/{memberId}. The answer says how many family members left with
 * a main member, so the confirmation's consequence is visible in the result.
 */
export async function removeSchemeMember(store: EventStore, schemeId: string, memberId: string, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const { events, append } = await handleCommand<{ companyId: string; memberId: string }, GroupSchemeState, GroupSchemeEvent>(store, {
    streamId: groupSchemeStreamId(schemeId),
    decider: { initialState: initialGroupSchemeState, evolve: evolveGroupScheme, decide: (command, state) => decideRemoveSchemeMember(state, command) },
    command: { companyId, memberId },
    ctx,
    // Their places of the member limit are free again, in the same transaction.
    inTransaction: (tx, removed) => releaseMemberPlaces(tx, companyId, removed.length),
  });
  return { schemeId, removedMemberId: memberId, familyMembersRemoved: events.length - 1, append };
}

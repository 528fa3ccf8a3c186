import type { EventStore, StreamAppend } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, expectedVersion, loadState, requireCompany, withConflictRetry } from '../../command-handling/handle.ts';
import { releaseMemberPlaces } from '../member-quota.ts';
import { policyStreamId } from '../../policies/policies.events.ts';
import { evolvePolicy, initialPolicyState } from '../../policies/policies.state.ts';
import { decideDeleteMember } from '../members.decider.ts';
import { memberStreamId } from '../members.events.ts';
import { evolveMember, initialMemberState, type ExistingMember } from '../members.state.ts';
import { releaseIdentifier } from '../member-identifiers.ts';

const memberFold = { initialState: initialMemberState, evolve: evolveMember };

/** DELETE /api/members/{id}: refused while family members or a live policy depend on the member. */
export async function deleteMember(store: EventStore, memberId: string, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  return withConflictRetry(async () => {
    const member = await loadState(store, memberStreamId(memberId), memberFold);
    const policies = member.state.status === 'active'
      ? await Promise.all(
          member.state.policyIds.map(async (id) => (await loadState(store, policyStreamId(id), { initialState: initialPolicyState, evolve: evolvePolicy })).state),
        )
      : [];
    const decided = decideDeleteMember(member.state, { companyId, policies });
    const state = member.state as ExistingMember;
    const streams: StreamAppend[] = [
      { streamId: memberStreamId(memberId), expectedVersion: expectedVersion(member.version), events: decided.member.map((e) => toNewEvent(e)) },
    ];
    if (decided.mainMember.length > 0 && state.mainMemberId) {
      // 'stream_exists': the main member may be written concurrently; the link removal commutes.
      streams.push({ streamId: memberStreamId(state.mainMemberId), expectedVersion: 'stream_exists', events: decided.mainMember.map((e) => toNewEvent(e)) });
    }
    const append = await store.append(
      streams,
      appendOptions(ctx, async (tx) => {
        await releaseIdentifier(tx, companyId, state.identifierKey, memberId);
        await releaseMemberPlaces(tx, companyId, 1);
      }),
    );
    return { memberId, append };
  });
}

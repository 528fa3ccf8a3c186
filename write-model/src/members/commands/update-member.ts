import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleCommand, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { editMemberSchemaOn, southAfricanDate, type EditMemberInput } from '../../validation/index.ts';
import { decideUpdateMember } from '../members.decider.ts';
import { memberPii, memberStreamId, type MemberEvent } from '../members.events.ts';
import { evolveMember, initialMemberState, type MemberState } from '../members.state.ts';

/** PUT /api/members/{id}: a main member's personal, contact and address details. */
export async function updateMember(store: EventStore, memberId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const parsed = parseInput(editMemberSchemaOn(southAfricanDate(ctx.now)), input);
  return handleCommand<{ companyId: string; input: EditMemberInput }, MemberState, MemberEvent>(store, {
    streamId: memberStreamId(memberId),
    decider: { initialState: initialMemberState, evolve: evolveMember, decide: (command, state) => decideUpdateMember(state, command) },
    command: { companyId, input: parsed },
    ctx,
    piiOf: memberPii,
  });
}

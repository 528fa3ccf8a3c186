import type { CommandContext } from '../../command-handling/context.ts';
import { handleIdempotentCommand, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import type { EventStore } from '../../event-store/types.ts';
import { memberCommunicationSchema, type MemberCommunicationInput } from '../../validation/index.ts';
import { assertOwnActiveMember } from '../members.decider.ts';
import { memberStreamId, type MemberEvent } from '../members.events.ts';
import { evolveMember, initialMemberState, type MemberState } from '../members.state.ts';

/** The member's communication preferences; the same as they stand records nothing. */
export function decideSetMemberCommunication(
  command: MemberCommunicationInput & { companyId: string },
  state: MemberState,
  ctx: CommandContext,
): MemberEvent[] {
  assertOwnActiveMember(state, command.companyId);
  const { preferredChannel, optedOut } = command;
  if (state.communication.preferredChannel === preferredChannel && state.communication.optedOut === optedOut) return [];
  return [
    {
      type: 'MemberCommunicationSet',
      data: { memberId: state.memberId, companyId: command.companyId, preferredChannel, optedOut, setAt: ctx.now.toISOString() },
    },
  ];
}

/** PUT /api/members/{id}/communication (issue #24, POPIA). */
export async function setMemberCommunication(store: EventStore, memberId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const command = { ...parseInput(memberCommunicationSchema, input), companyId };
  const { append } = await handleIdempotentCommand(store, {
    streamId: memberStreamId(memberId),
    decider: { initialState: initialMemberState, evolve: evolveMember, decide: decideSetMemberCommunication },
    command,
    ctx,
  });
  return { memberId, append };
}

export const setMemberCommunicationSlice = commandSlice({
  name: 'setMemberCommunication',
  operation: 'members:update',
  target: 'id',
  input: () => memberCommunicationSchema,
  handle: ({ store }, { target, input }, ctx) => setMemberCommunication(store, target, input, ctx),
});

import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleCommand, loadState, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { memberStreamId } from '../../members/members.events.ts';
import { evolveMember, initialMemberState } from '../../members/members.state.ts';
import { policyStatusSchema } from '../../validation/index.ts';
import { policyDecider } from '../policies.decider.ts';
import { policyStreamId } from '../policies.events.ts';
import { evolvePolicy, initialPolicyState } from '../policies.state.ts';

/** PATCH /api/policies/{id} {status}: the transitions of spec part 1 §4, enforced here. */
export async function changePolicyStatus(store: EventStore, policyId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const { status } = parseInput(policyStatusSchema, input);
  const note = typeof (input as { note?: unknown })?.note === 'string' ? ((input as { note: string }).note.trim() || null) : null;
  const policy = await loadState(store, policyStreamId(policyId), { initialState: initialPolicyState, evolve: evolvePolicy });
  const memberDeleted =
    policy.state.status !== 'none' &&
    (await loadState(store, memberStreamId(policy.state.memberId), { initialState: initialMemberState, evolve: evolveMember })).state.status === 'deleted';
  return handleCommand(store, {
    streamId: policyStreamId(policyId),
    decider: policyDecider,
    command: { type: 'ChangePolicyStatus', policyId, companyId, to: status, note, memberDeleted },
    ctx,
  });
}

import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleCommand, loadState, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { memberStreamId } from '../../members/members.events.ts';
import { evolveMember, initialMemberState } from '../../members/members.state.ts';
import { z } from 'zod';
import type { Decider } from '../../command-handling/decider.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { DomainError, NotFoundError } from '../../errors.ts';
import { canChangePolicyStatus, policyStatusSchema, transitionRefusal, type PolicyStatus } from '../../validation/index.ts';
import { policyStreamId, type PolicyEvent } from '../policies.events.ts';
import { evolvePolicy, initialPolicyState, type PolicyState } from '../policies.state.ts';

/** {status, note?}: the note (trimmed; blank or not text is none) is kept with the change. */
export const changePolicyStatusSchema = policyStatusSchema.extend({
  note: z
    .string()
    .nullish()
    .catch(null)
    .transform((note) => note?.trim() || null)
    .meta({ description: 'Optional; kept with the status change.' }),
});

/** PATCH /api/policies/{id} {status, note?}: the transitions of spec part 1 §4, enforced here. */
export async function changePolicyStatus(store: EventStore, policyId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const { status, note } = parseInput(changePolicyStatusSchema, input);
  const policy = await loadState(store, policyStreamId(policyId), { initialState: initialPolicyState, evolve: evolvePolicy });
  const memberDeleted =
    policy.state.status !== 'none' &&
    (await loadState(store, memberStreamId(policy.state.memberId), { initialState: initialMemberState, evolve: evolveMember })).state
      .status === 'deleted';
  return handleCommand(store, {
    streamId: policyStreamId(policyId),
    decider: policyDecider,
    command: { type: 'ChangePolicyStatus', policyId, companyId, to: status, note, memberDeleted },
    ctx,
  });
}

export type ChangePolicyStatus = {
  type: 'ChangePolicyStatus';
  policyId: string;
  companyId: string;
  to: PolicyStatus;
  note: string | null;
  /** Whether the policy's member still exists: a deleted member's policy cannot come back. */
  memberDeleted: boolean;
};
export type PolicyCommand = ChangePolicyStatus;

export const POLICY_NOT_FOUND = 'Policy not found';

export const policyDecider: Decider<PolicyCommand, PolicyState, PolicyEvent> = {
  initialState: initialPolicyState,
  evolve: evolvePolicy,
  decide(command, state) {
    if (state.status === 'none' || state.companyId !== command.companyId) throw new NotFoundError(POLICY_NOT_FOUND);
    if (!canChangePolicyStatus(state.status, command.to)) {
      throw new DomainError('INVALID_TRANSITION', transitionRefusal(state.status, command.to));
    }
    if (command.to === 'active' && command.memberDeleted) {
      throw new DomainError('RULE_VIOLATED', 'The member of this policy has been deleted, so the policy cannot be reinstated.');
    }
    return [
      {
        type: 'PolicyStatusChanged',
        data: { policyId: command.policyId, companyId: command.companyId, from: state.status, to: command.to, note: command.note },
      },
    ];
  },
};

export const changePolicyStatusSlice = commandSlice({
  name: 'changePolicyStatus',
  operation: 'policies:update_status',
  target: 'id',
  input: () => changePolicyStatusSchema,
  handle: ({ store }, { target, input }, ctx) => changePolicyStatus(store, target, input, ctx),
});

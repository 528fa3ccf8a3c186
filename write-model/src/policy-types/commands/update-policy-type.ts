import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleCommand, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { release } from '../../identity/credentials.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { NotFoundError } from '../../errors.ts';
import { policyTypeSchema, type PolicyTypeInput } from '../../validation/index.ts';
import { POLICY_TYPE_NOT_FOUND, policyTypeTerms } from '../policy-types.decider.ts';
import { policyTypeStreamId, type PolicyTypeEvent } from '../policy-types.events.ts';
import { evolvePolicyType, initialPolicyTypeState, type PolicyTypeState } from '../policy-types.state.ts';
import { nameReservation, reservePolicyTypeName } from './create-policy-type.ts';

/** New terms for future policies; policies already issued keep the terms they were written on. */
export async function updatePolicyType(store: EventStore, policyTypeId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const terms = parseInput(policyTypeSchema, input);
  return handleCommand(store, {
    streamId: policyTypeStreamId(policyTypeId),
    decider: {
      initialState: initialPolicyTypeState,
      evolve: evolvePolicyType,
      decide: (command, state) => decideUpdatePolicyType(state, command),
    },
    command: { type: 'UpdatePolicyType', policyTypeId, companyId, terms } satisfies UpdatePolicyType,
    ctx,
    async inTransaction(tx, _events, before) {
      if (before.status === 'exists' && before.name.trim().toLowerCase() !== terms.name.trim().toLowerCase()) {
        await release(tx, nameReservation(companyId, before.name, policyTypeId));
        await reservePolicyTypeName(tx, companyId, terms.name, policyTypeId);
      }
    },
  });
}

export type UpdatePolicyType = { type: 'UpdatePolicyType'; policyTypeId: string; companyId: string; terms: PolicyTypeInput };

export function decideUpdatePolicyType(state: PolicyTypeState, command: UpdatePolicyType): PolicyTypeEvent[] {
  // Another company's policy type reads as missing: ids of other tenants are never confirmed.
  if (state.status === 'none' || state.companyId !== command.companyId) throw new NotFoundError(POLICY_TYPE_NOT_FOUND);
  return [
    {
      type: 'PolicyTypeUpdated',
      data: { policyTypeId: command.policyTypeId, companyId: command.companyId, ...policyTypeTerms(command.terms, state) },
    },
  ];
}

export const updatePolicyTypeSlice = commandSlice({
  name: 'updatePolicyType',
  operation: 'policy_types:update',
  target: 'id',
  input: () => policyTypeSchema,
  handle: ({ store }, { target, input }, ctx) => updatePolicyType(store, target, input, ctx),
});

import type { CommandContext } from '../../command-handling/context.ts';
import type { Decider } from '../../command-handling/decider.ts';
import { handleCommand, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { NotFoundError } from '../../errors.ts';
import type { EventStore } from '../../event-store/types.ts';
import { beneficiariesSchema } from '../../validation/beneficiaries.ts';
import { beneficiariesPii, policyStreamId, type BeneficiariesNominated, type PolicyEvent } from '../policies.events.ts';
import { evolvePolicy, initialPolicyState, type PolicyState } from '../policies.state.ts';
import { POLICY_NOT_FOUND } from './change-policy-status.ts';

/**
 * PUT /api/policies/{id}/beneficiaries (GraphQL nominateBeneficiaries): the policy's beneficiaries,
 * nominated or replaced as a whole set (issue #22). The input is the command: its rules (1 to 10
 * beneficiaries, shares adding up to 100%, no ID number twice) are the schema's, which the web's dialog
 * parses too.
 */
export type NominateBeneficiaries = { type: 'NominateBeneficiaries'; policyId: string; companyId: string; input: unknown };

/**
 * Any policy of the company, whatever its status: a cancelled or lapsed policy may still have a claim
 * paid to its beneficiaries. Another company's policy is not found, before its input is even read.
 */
export const beneficiariesDecider: Decider<NominateBeneficiaries, PolicyState, PolicyEvent> = {
  initialState: initialPolicyState,
  evolve: evolvePolicy,
  decide(command, state): [BeneficiariesNominated] {
    if (state.status === 'none' || state.companyId !== command.companyId) throw new NotFoundError(POLICY_NOT_FOUND);
    const { beneficiaries } = parseInput(beneficiariesSchema, command.input);
    return [
      {
        type: 'BeneficiariesNominated',
        data: { policyId: state.policyId, companyId: state.companyId, memberId: state.memberId, beneficiaries },
      },
    ];
  },
};

export async function nominateBeneficiaries(store: EventStore, policyId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const { append } = await handleCommand(store, {
    streamId: policyStreamId(policyId),
    decider: beneficiariesDecider,
    command: { type: 'NominateBeneficiaries', policyId, companyId, input },
    ctx,
    piiOf: beneficiariesPii,
  });
  return { append, policyId };
}

export const nominateBeneficiariesSlice = commandSlice({
  name: 'nominateBeneficiaries',
  // Whoever may change a policy's status may say who its benefit is paid to.
  operation: 'policies:update_status',
  target: 'id',
  input: () => beneficiariesSchema,
  handle: ({ store }, { target, input }, ctx) => nominateBeneficiaries(store, target, input, ctx),
});

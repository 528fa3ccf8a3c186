import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleCommand, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { DomainError } from '../../errors.ts';
import { disputeClaimSchema } from '../../validation/index.ts';
import { assertOwnClaim } from '../claims.decider.ts';
import { claimStreamId, type ClaimEvent } from '../claims.events.ts';
import { evolveClaim, initialClaimState, type ClaimState } from '../claims.state.ts';
import { extensionFor, UNDECIDED_STATUSES } from '../decision-clock.ts';

export type DisputeClaim = { companyId: string; reason: string };

/**
 * A claim is disputed (competing claimants, the cause of death, the documents): Policyholder Protection
 * Rule 2A.8 gives its decision 14 more business days, once, whether for a dispute or the underwriter.
 * Only a claim still waiting for its decision, and once.
 */
export function decideDisputeClaim(state: ClaimState, command: DisputeClaim): ClaimEvent[] {
  assertOwnClaim(state, command.companyId);
  if (!UNDECIDED_STATUSES.includes(state.status)) {
    throw new DomainError('RULE_VIOLATED', 'Only a claim waiting for a decision can be marked as disputed.');
  }
  if (state.disputed) throw new DomainError('RULE_VIOLATED', 'The claim is already marked as disputed.');
  const { claimId, companyId } = state;
  return [{ type: 'ClaimDisputed', data: { claimId, companyId, reason: command.reason } }, ...extensionFor(state, 'disputed')];
}

export async function disputeClaim(store: EventStore, claimId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const { reason } = parseInput(disputeClaimSchema, input);
  return handleCommand<DisputeClaim, ClaimState, ClaimEvent>(store, {
    streamId: claimStreamId(claimId),
    decider: { initialState: initialClaimState, evolve: evolveClaim, decide: (command, state) => decideDisputeClaim(state, command) },
    command: { companyId, reason },
    ctx,
  });
}

export const disputeClaimSlice = commandSlice({
  name: 'disputeClaim',
  operation: 'claims:update_status',
  target: 'id',
  input: () => disputeClaimSchema,
  handle: ({ store }, { target, input }, ctx) => disputeClaim(store, target, input, ctx),
});

import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleCommand, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { claimStatusSchema, type ClaimStatus } from '../../validation/index.ts';
import { decideChangeClaimStatus } from '../claims.decider.ts';
import { claimStreamId, type ClaimEvent } from '../claims.events.ts';
import { evolveClaim, initialClaimState, type ClaimState } from '../claims.state.ts';
import { releaseDeceased } from '../claim-deceased.ts';

export function optionalNote(input: unknown): string | null {
  const note = (input as { note?: unknown } | null)?.note;
  return typeof note === 'string' && note.trim() ? note.trim().slice(0, 2000) : null;
}

/**
 * PATCH /api/claims/{id} {status, note?}. Two staff acting at once: the second reloads the claim
 * after the first's change and is refused if its move is no longer allowed. A rejection frees the
 * deceased for another claim in the same transaction (claim-deceased.ts).
 */
export async function changeClaimStatus(store: EventStore, claimId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const { status } = parseInput(claimStatusSchema, input);
  return handleCommand<{ companyId: string; to: ClaimStatus; note: string | null }, ClaimState, ClaimEvent>(store, {
    streamId: claimStreamId(claimId),
    decider: { initialState: initialClaimState, evolve: evolveClaim, decide: (command, state) => decideChangeClaimStatus(state, command) },
    command: { companyId, to: status, note: optionalNote(input) },
    ctx,
    inTransaction: async (tx, events) => {
      if (events.some((e) => e.type === 'ClaimStatusChanged' && e.data.to === 'rejected')) await releaseDeceased(tx, companyId, claimId);
    },
  });
}

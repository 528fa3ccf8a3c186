import { z } from 'zod';
import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleCommand, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { DomainError } from '../../errors.ts';
import {
  CLAIM_DOCUMENTS,
  centsToDecimal,
  claimStatusSchema,
  compareDecimal,
  decimalToCents,
  type ClaimStatus,
} from '../../validation/index.ts';
import { assertOwnClaim, CLAIM_TRANSITIONS, claimTransitionRefusal } from '../claims.decider.ts';
import { claimStreamId, type ClaimEvent } from '../claims.events.ts';
import { evolveClaim, initialClaimState, type ClaimState } from '../claims.state.ts';
import { releaseDeceased } from '../claim-deceased.ts';

/** A staff note on a claim's change or a document's review: trimmed, its first 2,000 characters kept; blank or not text is none. */
export const claimNoteField = z
  .string()
  .nullish()
  .catch(null)
  .transform((note) => (note?.trim() ? note.trim().slice(0, 2000) : null))
  .meta({ description: 'Optional; its first 2,000 characters are kept with the change.' });

export const changeClaimStatusSchema = claimStatusSchema.extend({ note: claimNoteField });

/**
 * PATCH /api/claims/{id} {status, note?}. Two staff acting at once: the second reloads the claim
 * after the first's change and is refused if its move is no longer allowed. A rejection frees the
 * deceased for another claim in the same transaction (claim-deceased.ts).
 */
export async function changeClaimStatus(store: EventStore, claimId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const { status, note } = parseInput(changeClaimStatusSchema, input);
  return handleCommand<{ companyId: string; to: ClaimStatus; note: string | null }, ClaimState, ClaimEvent>(store, {
    streamId: claimStreamId(claimId),
    decider: { initialState: initialClaimState, evolve: evolveClaim, decide: (command, state) => decideChangeClaimStatus(state, command) },
    command: { companyId, to: status, note },
    ctx,
    inTransaction: async (tx, events) => {
      if (events.some((e) => e.type === 'ClaimStatusChanged' && e.data.to === 'rejected')) await releaseDeceased(tx, companyId, claimId);
    },
  });
}

const DOCUMENT_LABEL: Record<string, string> = {
  deceasedIdDocument: 'deceased ID document',
  claimantIdDocument: 'claimant ID document',
  deathCertificateDocument: 'death certificate',
  bankLetterDocument: 'bank letter',
};

/** An amount as the web shows it: R20,000.50. */
function rand(amount: string): string {
  const [whole, cents] = centsToDecimal(decimalToCents(amount)).split('.') as [string, string];
  return `R${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** Why a claim may not be paid out yet, in words; null when it may. */
export function paymentRefusal(state: Exclude<ClaimState, { status: 'none' }>): string | null {
  const unverified = CLAIM_DOCUMENTS.map((d) => d.field).flatMap((field) => {
    const ids = Object.keys(state.documentFields).filter((id) => state.documentFields[id] === field);
    return ids.length > 0 && ids.every((id) => state.documents[id] === 'verified') ? [] : [DOCUMENT_LABEL[field]!];
  });
  if (unverified.length > 0) {
    return `A claim can only be marked as paid once all four documents are verified; not verified: ${unverified.join(', ')}.`;
  }
  if (compareDecimal(state.claimAmount, state.coverageAmount) > 0) {
    return `The amount to pay (${rand(state.claimAmount)}) exceeds the deceased's cover on the policy (${rand(state.coverageAmount)}).`;
  }
  return null;
}

export function decideChangeClaimStatus(
  state: ClaimState,
  command: { companyId: string; to: ClaimStatus; note: string | null },
): ClaimEvent[] {
  assertOwnClaim(state, command.companyId);
  if (!CLAIM_TRANSITIONS[state.status].includes(command.to)) {
    throw new DomainError('INVALID_TRANSITION', claimTransitionRefusal(state.status, command.to));
  }
  const refusal = command.to === 'paid' ? paymentRefusal(state) : null;
  if (refusal) throw new DomainError('RULE_VIOLATED', refusal);
  return [
    {
      type: 'ClaimStatusChanged',
      data: { claimId: state.claimId, companyId: state.companyId, from: state.status, to: command.to, note: command.note },
    },
  ];
}

export const changeClaimStatusSlice = commandSlice({
  name: 'changeClaimStatus',
  operation: 'claims:update_status',
  target: 'id',
  input: () => changeClaimStatusSchema,
  handle: ({ store }, { target, input }, ctx) => changeClaimStatus(store, target, input, ctx),
});

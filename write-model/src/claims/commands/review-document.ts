import { z } from 'zod';
import type { EventStore } from '../../event-store/types.ts';
import type { SqlExecutor } from '../../event-store/sql.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleCommand, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { DomainError, NotFoundError } from '../../errors.ts';
import { findStoredObject } from '../../documents/index.ts';
import { assertOwnClaim, unverifiedDocumentFields } from '../claims.decider.ts';
import { clockStartOnReview } from '../decision-clock.ts';
import { claimStreamId, DOCUMENT_STATUSES, type ClaimEvent, type DocumentStatus } from '../claims.events.ts';
import { evolveClaim, initialClaimState, type ClaimState } from '../claims.state.ts';
import { claimNoteField } from './change-claim-status.ts';

const REVIEW_REFUSED = 'Status must be verified or rejected';

/**
 * The status is one of the document statuses (GraphQL's DocumentStatus), and only verified or rejected
 * is a review: pending is refused with the same message as an unknown status.
 */
export const reviewDocumentSchema = z.object({
  status: z
    .enum(DOCUMENT_STATUSES, { error: REVIEW_REFUSED })
    .refine((status) => status !== 'pending', REVIEW_REFUSED)
    .transform((status) => status),
  note: claimNoteField,
});

/** Staff verify or reject a claim document: an event on the claim it belongs to. */
export async function reviewClaimDocument(store: EventStore, sql: SqlExecutor, documentId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const { status, note } = parseInput(reviewDocumentSchema, input);
  const stored = await findStoredObject(sql, documentId);
  if (!stored || stored.companyId !== companyId || !stored.claimId) throw new NotFoundError('Document not found');
  type Review = { companyId: string; documentId: string; to: 'verified' | 'rejected'; note: string | null; now: Date };
  return handleCommand<Review, ClaimState, ClaimEvent>(store, {
    streamId: claimStreamId(stored.claimId),
    decider: { initialState: initialClaimState, evolve: evolveClaim, decide: (command, state) => decideReviewDocument(state, command) },
    command: { companyId, documentId, to: status, note, now: ctx.now },
    ctx,
  });
}

export function decideReviewDocument(
  state: ClaimState,
  command: { companyId: string; documentId: string; to: Exclude<DocumentStatus, 'pending'>; note: string | null; now: Date },
): ClaimEvent[] {
  assertOwnClaim(state, command.companyId);
  const current = state.documents[command.documentId];
  if (!current) throw new NotFoundError('Document not found');
  if (current === command.to) throw new DomainError('INVALID_TRANSITION', `The document is already ${command.to}.`);
  return [
    {
      type: 'ClaimDocumentReviewed',
      data: {
        claimId: state.claimId,
        companyId: state.companyId,
        documentId: command.documentId,
        from: current,
        to: command.to,
        note: command.note,
      },
    },
    // The review that verifies the last form document starts the decision clock (rule 2A.8).
    ...clockStartOnReview(
      state,
      unverifiedDocumentFields({ ...state.documents, [command.documentId]: command.to }, state.documentFields).length === 0,
      command.now,
    ),
  ];
}

export const reviewDocumentSlice = commandSlice({
  name: 'reviewDocument',
  operation: 'documents:review',
  target: 'id',
  input: () => reviewDocumentSchema,
  handle: ({ store, sql }, { target, input }, ctx) => reviewClaimDocument(store, sql, target, input, ctx),
});

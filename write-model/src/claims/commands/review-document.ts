import { z } from 'zod';
import type { EventStore } from '../../event-store/types.ts';
import type { SqlExecutor } from '../../event-store/sql.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleCommand, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { NotFoundError } from '../../errors.ts';
import { findStoredObject } from '../../documents/index.ts';
import { decideReviewDocument } from '../claims.decider.ts';
import { claimStreamId, type ClaimEvent } from '../claims.events.ts';
import { evolveClaim, initialClaimState, type ClaimState } from '../claims.state.ts';
import { optionalNote } from './change-claim-status.ts';

const reviewSchema = z.object({ status: z.enum(['verified', 'rejected'], { error: 'Status must be verified or rejected' }) });

/** Staff verify or reject a claim document: an event on the claim it belongs to. */
export async function reviewClaimDocument(store: EventStore, sql: SqlExecutor, documentId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const { status } = parseInput(reviewSchema, input);
  const stored = await findStoredObject(sql, documentId);
  if (!stored || stored.companyId !== companyId || !stored.claimId) throw new NotFoundError('Document not found');
  type Review = { companyId: string; documentId: string; to: 'verified' | 'rejected'; note: string | null };
  return handleCommand<Review, ClaimState, ClaimEvent>(store, {
    streamId: claimStreamId(stored.claimId),
    decider: { initialState: initialClaimState, evolve: evolveClaim, decide: (command, state) => decideReviewDocument(state, command) },
    command: { companyId, documentId, to: status, note: optionalNote(input) },
    ctx,
  });
}

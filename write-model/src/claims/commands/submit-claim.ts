import type { EventStore } from '../../event-store/types.ts';
import type { SqlExecutor } from '../../event-store/sql.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, loadState, requireCompany, withConflictRetry } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { DomainError } from '../../errors.ts';
import { allocateNumbers } from '../../companies/company-numbers.ts';
import { attachObjects, resolveObjectReference } from '../../documents/index.ts';
import { memberStreamId } from '../../members/members.events.ts';
import { evolveMember, initialMemberState, type MemberState } from '../../members/members.state.ts';
import { southAfricanDate } from '../../members/members.decider.ts';
import { policyStreamId } from '../../policies/policies.events.ts';
import { evolvePolicy, initialPolicyState } from '../../policies/policies.state.ts';
import { findPolicyIdByNumber } from '../../policies/policy-numbers.ts';
import { claimSchemaOn } from '../../validation/index.ts';
import { decideSubmitClaim } from '../claims.decider.ts';
import { CLAIM_DOCUMENT_CATEGORIES, claimPii, claimStreamId, type ClaimDocument, type ClaimDocumentField } from '../claims.events.ts';
import { evolveClaim, initialClaimState } from '../claims.state.ts';
import { DeceasedAlreadyClaimed, duplicateClaimMessage, findDeceasedClaim, reserveDeceased } from '../claim-deceased.ts';

const memberFold = { initialState: initialMemberState, evolve: evolveMember };

export function formatClaimNumber(sequence: number, now: Date): string {
  return `CLM-${southAfricanDate(now).slice(0, 4)}-${String(sequence).padStart(6, '0')}`;
}

/**
 * POST /api/claims (policyId) and /api/claims/by-policy-number (policyNumber): a death claim with its
 * four documents. The documents must be files this company uploaded and not yet attached to another
 * claim; they are attached in the claim's append transaction. The deceased (SA ID) is reserved in it too:
 * a second claim for the same person is refused while one is open or paid (claim-deceased.ts).
 */
export async function submitClaim(store: EventStore, sql: SqlExecutor, input: unknown, ctx: CommandContext) {
  try {
    return await submitClaimOnce(store, sql, input, ctx);
  } catch (error) {
    if (!(error instanceof DeceasedAlreadyClaimed)) throw error;
    const existing = (await loadState(store, claimStreamId(error.existingClaimId), { initialState: initialClaimState, evolve: evolveClaim })).state;
    const message = duplicateClaimMessage(existing.status === 'none' ? 'another claim' : existing.claimNumber);
    throw new DomainError('ALREADY_EXISTS', message, [{ path: ['deceasedSaId'], message }]);
  }
}

async function submitClaimOnce(store: EventStore, sql: SqlExecutor, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const claim = parseInput(claimSchemaOn(southAfricanDate(ctx.now)), input);
  const documents: ClaimDocument[] = [];
  for (const field of Object.keys(CLAIM_DOCUMENT_CATEGORIES) as ClaimDocumentField[]) {
    const stored = await resolveObjectReference(sql, companyId, claim[field], field);
    documents.push({
      documentId: stored.id,
      field,
      category: CLAIM_DOCUMENT_CATEGORIES[field],
      // A resolved reference is a stored object: these are set once its upload completed.
      originalName: stored.originalName ?? 'upload',
      contentType: stored.contentType ?? 'application/octet-stream',
      size: stored.size ?? 0,
      sha256: stored.sha256 ?? '',
    });
  }
  const policyId = claim.policyId ?? (claim.policyNumber ? await findPolicyIdByNumber(sql, companyId, claim.policyNumber) : null);
  return withConflictRetry(async () => {
    const policy = policyId
      ? (await loadState(store, policyStreamId(policyId), { initialState: initialPolicyState, evolve: evolvePolicy })).state
      : initialPolicyState;
    const member = policy.status === 'none' ? initialMemberState : (await loadState(store, memberStreamId(policy.memberId), memberFold)).state;
    const claimId = ctx.newId();
    const events = decideSubmitClaim({
      claimId,
      companyId,
      claimNumber: '',
      input: claim,
      policy,
      memberName: member.status === 'none' ? '' : `${member.firstName} ${member.lastName}`,
      deceasedOnPolicy: await deceasedOnPolicy(store, member, claim.deceasedSaId),
      documents,
      today: southAfricanDate(ctx.now),
    });
    // The number is taken only once the claim is known to be acceptable, so refusals leave no gaps
    // (a claim for the person made at the same moment is still refused by the append, after it).
    const holder = await findDeceasedClaim(sql, companyId, claim.deceasedSaId);
    if (holder) throw new DeceasedAlreadyClaimed(holder);
    const claimNumber = formatClaimNumber(await allocateNumbers(sql, companyId, 'claim'), ctx.now);
    const submitted = events.map((e) => (e.type === 'ClaimSubmitted' ? { ...e, data: { ...e.data, claimNumber } } : e));
    const append = await store.append(
      [{ streamId: claimStreamId(claimId), expectedVersion: 'no_stream', events: submitted.map((e) => toNewEvent(e, claimPii)) }],
      appendOptions(ctx, async (tx) => {
        await reserveDeceased(tx, companyId, claim.deceasedSaId, claimId);
        await attachObjects(tx, companyId, documents.map((d) => d.documentId), claimId);
      }),
    );
    const stream = append.streams[0]!.streamId;
    return { claimId: stream.slice(claimStreamId('').length), claimNumber, append };
  });
}

/** Whether the deceased's SA ID is the policy holder's or that of a family member covered under them. */
async function deceasedOnPolicy(store: EventStore, member: MemberState, saId: string): Promise<boolean> {
  if (member.status !== 'active') return false;
  const key = `sa:${saId}`;
  if (member.identifierKey === key) return true;
  for (const familyId of member.familyMemberIds) {
    const family = (await loadState(store, memberStreamId(familyId), memberFold)).state;
    if (family.status !== 'none' && family.identifierKey === key) return true;
  }
  return false;
}

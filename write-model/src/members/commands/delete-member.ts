import type { EventStore, StreamAppend } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, expectedVersion, loadState, requireCompany, withConflictRetry } from '../../command-handling/handle.ts';
import { releaseMemberPlaces } from '../member-quota.ts';
import { policyStreamId, type PolicyEvent } from '../../policies/policies.events.ts';
import { southAfricanDate, sumPremiums, type ClaimStatus } from '../../validation/index.ts';
import { evolvePolicy, initialPolicyState } from '../../policies/policies.state.ts';
import { z } from 'zod';
import { commandSlice } from '../../command-handling/slice.ts';
import { DomainError } from '../../errors.ts';
import type { PolicyState } from '../../policies/policies.state.ts';
import { assertOwnActiveMember } from '../members.decider.ts';
import { memberStreamId, type MemberEvent } from '../members.events.ts';
import { evolveMember, initialMemberState, type ExistingMember, type MemberState } from '../members.state.ts';
import { releaseIdentifier } from '../member-identifiers.ts';
import { DeceasedAlreadyClaimed, findDeceasedClaim } from '../../claims/claim-deceased.ts';
import { claimStreamId } from '../../claims/claims.events.ts';
import { evolveClaim, initialClaimState } from '../../claims/claims.state.ts';

const memberFold = { initialState: initialMemberState, evolve: evolveMember };

/**
 * DELETE /api/members/{id}: refused while family members or a live policy depend on the member, and for a
 * person a death claim is for (open, approved or paid: the deceased's record stays, issue #22).
 */
export async function deleteMember(store: EventStore, memberId: string, ctx: CommandContext) {
  try {
    return await deleteMemberOnce(store, memberId, ctx);
  } catch (error) {
    if (!(error instanceof DeceasedAlreadyClaimed)) throw error;
    const claim = (await loadState(store, claimStreamId(error.existingClaimId), { initialState: initialClaimState, evolve: evolveClaim }))
      .state;
    const member = (await loadState(store, memberStreamId(memberId), memberFold)).state;
    const name = member.status === 'none' ? 'This person' : `${member.firstName} ${member.lastName}`;
    throw new DomainError('RULE_VIOLATED', claimBlocksDeleteMessage(name, claim.status === 'none' ? null : claim));
  }
}

/** Why a person a death claim is for cannot be deleted: deceased (approved or paid), or a claim still open. */
export function claimBlocksDeleteMessage(name: string, claim: { claimNumber: string; status: ClaimStatus } | null): string {
  const number = claim ? ` (claim ${claim.claimNumber})` : '';
  return claim && claim.status !== 'approved' && claim.status !== 'paid'
    ? `A death claim for ${name} is open${number}: their record cannot be deleted while the claim is decided.`
    : `${name} is deceased${number}: a deceased person's record is kept with their cover and claim, and cannot be deleted.`;
}

async function deleteMemberOnce(store: EventStore, memberId: string, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  return withConflictRetry(async () => {
    const member = await loadState(store, memberStreamId(memberId), memberFold);
    const policies =
      member.state.status === 'active'
        ? await Promise.all(
            member.state.policyIds.map(
              async (id) => (await loadState(store, policyStreamId(id), { initialState: initialPolicyState, evolve: evolvePolicy })).state,
            ),
          )
        : [];
    // Issue #22: a family member is a life on its main member's policy with a benefit table: it leaves it.
    const main =
      member.state.status === 'active' && member.state.mainMemberId
        ? await loadState(store, memberStreamId(member.state.mainMemberId), memberFold)
        : null;
    const covering = await Promise.all(
      (main?.state.status === 'active' ? main.state.policyIds : []).map((id) =>
        loadState(store, policyStreamId(id), { initialState: initialPolicyState, evolve: evolvePolicy }),
      ),
    );
    const decided = decideDeleteMember(member.state, {
      companyId,
      policies,
      coveringPolicies: covering.map((p) => p.state),
      today: southAfricanDate(ctx.now),
    });
    const state = member.state as ExistingMember;
    const streams: StreamAppend[] = [
      {
        streamId: memberStreamId(memberId),
        expectedVersion: expectedVersion(member.version),
        events: decided.member.map((e) => toNewEvent(e)),
      },
    ];
    if (decided.mainMember.length > 0 && state.mainMemberId) {
      // 'stream_exists': the main member may be written concurrently; the link removal commutes.
      streams.push({
        streamId: memberStreamId(state.mainMemberId),
        expectedVersion: 'stream_exists',
        events: decided.mainMember.map((e) => toNewEvent(e)),
      });
    }
    for (const [policyId, events] of decided.policies) {
      const loaded = covering.find((p) => p.state.status !== 'none' && p.state.policyId === policyId)!;
      streams.push({
        streamId: policyStreamId(policyId),
        expectedVersion: expectedVersion(loaded.version),
        events: events.map((e) => toNewEvent(e)),
      });
    }
    const append = await store.append(
      streams,
      appendOptions(ctx, async (tx) => {
        // The claim's reservation of the person's SA ID (claim-deceased.ts) is held from submission until a rejection.
        const claimId = state.saId ? await findDeceasedClaim(tx, companyId, state.saId) : null;
        if (claimId) throw new DeceasedAlreadyClaimed(claimId);
        await releaseIdentifier(tx, companyId, state.identifierKey, memberId);
        await releaseMemberPlaces(tx, companyId, 1);
      }),
    );
    return { memberId, append };
  });
}

export const ACTIVE_POLICY_BLOCKS_DELETE = 'This member has an active policy and cannot be deleted. Cancel the policy first.';

/**
 * A member can be deleted when nothing still depends on it: no family members under it and no
 * policy that is active or could be reinstated (lapsed). The deletion frees its SA ID / passport
 * and its place in the member limit.
 */
export function decideDeleteMember(
  state: MemberState,
  command: { companyId: string; policies: PolicyState[]; coveringPolicies?: PolicyState[]; today?: string },
) {
  assertOwnActiveMember(state, command.companyId);
  const family = state.familyMemberIds.length;
  if (family > 0) {
    throw new DomainError(
      'RULE_VIOLATED',
      `This member has ${family} family member${family === 1 ? '' : 's'} covered under them. Delete the family members first.`,
    );
  }
  for (const policy of command.policies) {
    if (policy.status === 'active') throw new DomainError('RULE_VIOLATED', ACTIVE_POLICY_BLOCKS_DELETE);
    if (policy.status === 'lapsed') {
      throw new DomainError(
        'RULE_VIOLATED',
        `This member has a lapsed policy (${policy.policyNumber}) that could still be reinstated. To delete the member, reinstate the policy and then cancel it.`,
      );
    }
  }
  const member: MemberEvent[] = [{ type: 'MemberDeleted', data: { memberId: state.memberId, companyId: state.companyId } }];
  const mainMember: MemberEvent[] = state.mainMemberId
    ? [{ type: 'FamilyMemberRemoved', data: { memberId: state.mainMemberId, familyMemberId: state.memberId, companyId: state.companyId } }]
    : [];
  const policies = new Map<string, PolicyEvent[]>();
  for (const policy of command.coveringPolicies ?? []) {
    if (policy.status === 'none' || !policy.lives.some((l) => l.memberId === state.memberId)) continue;
    const lives = policy.lives.filter((l) => l.memberId !== state.memberId);
    policies.set(policy.policyId, [
      {
        type: 'PolicyLifeRemoved',
        data: {
          policyId: policy.policyId,
          companyId: state.companyId,
          memberId: state.memberId,
          removedOn: command.today ?? '',
          monthlyPremium: sumPremiums(lives),
        },
      },
    ]);
  }
  return { member, mainMember, policies };
}

export const deleteMemberSlice = commandSlice({
  name: 'deleteMember',
  operation: 'members:delete',
  target: 'id',
  /** Nothing but the member: the request's body, if any, is not read. */
  input: () => z.object({}),
  handle: ({ store }, { target }, ctx) => deleteMember(store, target, ctx),
});

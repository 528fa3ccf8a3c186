import type { EventStore } from '../../event-store/types.ts';
import type { SqlExecutor } from '../../event-store/sql.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, asDomainEvent, loadState, requireCompany, withConflictRetry } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { DomainError, ValidationError } from '../../errors.ts';
import { allocateNumbers } from '../../companies/company-numbers.ts';
import { attachObjects, resolveObjectReference } from '../../documents/index.ts';
import { memberStreamId, type MemberEvent, type MemberRegistered } from '../../members/members.events.ts';
import { evolveMember, initialMemberState, type MemberState } from '../../members/members.state.ts';
import { southAfricanDate } from '../../members/members.decider.ts';
import { policyStreamId } from '../../policies/policies.events.ts';
import { evolvePolicy, initialPolicyState } from '../../policies/policies.state.ts';
import { findPolicyIdByNumber } from '../../policies/policy-numbers.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import type { PolicyState } from '../../policies/policies.state.ts';
import { policyTypeStreamId, type PolicyTypeEvent } from '../../policy-types/policy-types.events.ts';
import { evolvePolicyType, initialPolicyTypeState } from '../../policy-types/policy-types.state.ts';
import { suicideWaitingMonthsOf } from '../../policy-types/policy-types.decider.ts';
import {
  claimSchemaOn,
  compareDecimal,
  lifeWaiting,
  priorCoverOf,
  type ClaimInput,
  type LifeDates,
  type SchemeStatus,
} from '../../validation/index.ts';
import {
  CLAIM_DOCUMENT_CATEGORIES,
  claimPii,
  claimStreamId,
  type ClaimDocument,
  type ClaimDocumentField,
  type ClaimEvent,
  type ClaimFlags,
} from '../claims.events.ts';
import { evolveClaim, initialClaimState } from '../claims.state.ts';
import { DeceasedAlreadyClaimed, duplicateClaimMessage, findDeceasedClaim, reserveDeceased } from '../claim-deceased.ts';
import { loadSchemeClaimPolicy } from '../scheme-claim-policy.ts';

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
    const existing = (
      await loadState(store, claimStreamId(error.existingClaimId), { initialState: initialClaimState, evolve: evolveClaim })
    ).state;
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
    // Not a policy of its own: a group scheme's (issue #22), whose terms are the scheme's.
    const scheme = policy.status === 'none' ? await loadSchemeClaimPolicy(store, sql, companyId, claim, claim.deceasedSaId) : null;
    const member =
      policy.status === 'none' ? initialMemberState : (await loadState(store, memberStreamId(policy.memberId), memberFold)).state;
    const life = await deceasedOnPolicy(store, member, claim.deceasedSaId);
    const claimId = ctx.newId();
    const events = decideSubmitClaim({
      claimId,
      companyId,
      claimNumber: '',
      input: claim,
      policy: scheme?.policy ?? policy,
      memberName: scheme ? scheme.memberName : member.status === 'none' ? '' : `${member.firstName} ${member.lastName}`,
      deceasedOnPolicy: scheme ? scheme.deceasedOnPolicy : life !== null,
      // A scheme's member waits from the day they joined the scheme, less prior cover, on the scheme's terms.
      life: scheme ? scheme.life : (life ?? { addedOn: null, priorCover: null }),
      lifeMemberId: scheme ? null : (life?.memberId ?? null),
      suicideWaitingMonths: scheme || policy.status === 'none' ? 0 : await suicideWaitingMonthsOfTerms(store, policy),
      documents,
      scheme: scheme?.scheme ?? null,
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
        await attachObjects(
          tx,
          companyId,
          documents.map((d) => d.documentId),
          claimId,
        );
      }),
    );
    const stream = append.streams[0]!.streamId;
    return { claimId: stream.slice(claimStreamId('').length), claimNumber, append };
  });
}

/**
 * The deceased's life on the policy, found by SA ID: the policy holder's or a family member's covered under
 * them, with the day it was added (a family member's registration, South African day; the main member
 * joins with the policy) and its prior cover, decrypted from its registration. Null when not on the policy.
 */
export async function deceasedOnPolicy(
  store: EventStore,
  member: MemberState,
  saId: string,
): Promise<(LifeDates & { memberId: string }) | null> {
  if (member.status !== 'active') return null;
  const key = `sa:${saId}`;
  for (const id of [member.memberId, ...member.familyMemberIds]) {
    const { events } = await store.readStream(memberStreamId(id));
    const registered = events.find((e) => e.type === 'MemberRegistered');
    if (!registered) continue;
    const life = events.map(asDomainEvent<MemberEvent>).reduce(evolveMember, initialMemberState);
    if (life.status === 'none' || life.identifierKey !== key) continue;
    // The prior cover given last: at registration, or at an edit of the life since (issue #22).
    const given = events.findLast(
      (e) => (e.type === 'MemberRegistered' || e.type === 'MemberUpdated') && (e.data as { priorCover?: unknown }).priorCover !== undefined,
    );
    return {
      memberId: life.memberId,
      addedOn: life.isMainMember ? null : southAfricanDate(registered.recordedAt),
      priorCover: priorCoverOf((given?.data as Partial<MemberRegistered['data']> | undefined)?.priorCover),
    };
  }
  return null;
}

/**
 * The suicide wait of a policy's own terms (issue #22): copied at issue and at each change of type. A
 * policy whose issue (or last change of type) was recorded before that carries none: its type as it stood
 * when that event was recorded decides (a point-in-time read), so a later change to the type changes
 * neither old nor new policies.
 */
export async function suicideWaitingMonthsOfTerms(store: EventStore, policy: Exclude<PolicyState, { status: 'none' }>): Promise<number> {
  if (policy.suicideWaitingMonths !== undefined) return policy.suicideWaitingMonths;
  const { events } = await store.readStream(policyStreamId(policy.policyId));
  const terms = events.findLast((e) => e.type === 'PolicyIssued' || e.type === 'PolicyTypeChanged');
  const { events: type } = await store.readStream(policyTypeStreamId(policy.policyTypeId), {
    ...(terms ? { asOf: { globalPosition: terms.globalPosition } } : {}),
  });
  const state = type.map(asDomainEvent<PolicyTypeEvent>).reduce(evolvePolicyType, initialPolicyTypeState);
  return suicideWaitingMonthsOf(state.status === 'none' ? {} : state);
}

export const inactiveSchemeMessage = (scheme: string, policyNumber: string) =>
  `The group scheme ${scheme} is inactive: no claim can be submitted on its policy ${policyNumber}. Set the scheme active first.`;

export const POLICY_NOT_FOUND_FOR_CLAIM = 'No policy was found with that id or policy number.';

export type SubmitClaim = {
  claimId: string;
  companyId: string;
  claimNumber: string;
  input: ClaimInput;
  policy: PolicyState;
  memberName: string;
  deceasedOnPolicy: boolean;
  /** The deceased life's own dates (a life not on the policy: the main member's, without prior cover). */
  life: LifeDates;
  /**
   * The wait for a suicide, in months, when the policy's own terms do not say (recorded before issue #22
   * copied it): its type's as of then. The policy's own (policy.suicideWaitingMonths) decides when present.
   */
  suicideWaitingMonths: number;
  /** The deceased life's member id, when on the policy: its own cover on a policy with a benefit table. */
  lifeMemberId?: string | null;
  documents: ClaimDocument[];
  /** Issue #22: the group scheme whose policy this is (null: a policy of its own); an inactive scheme takes no claims. */
  scheme?: { name: string; status: SchemeStatus } | null;
  /** Today in South Africa (ISO date): the date of death may not be later. */
  today: string;
};

export function decideSubmitClaim(command: SubmitClaim): ClaimEvent[] {
  const { input, policy } = command;
  const policyPath = input.policyId ? 'policyId' : 'policyNumber';
  if (policy.status === 'none' || policy.companyId !== command.companyId) {
    throw new ValidationError(POLICY_NOT_FOUND_FOR_CLAIM, [{ path: [policyPath], message: POLICY_NOT_FOUND_FOR_CLAIM }]);
  }
  if (command.scheme && command.scheme.status !== 'active') {
    const message = inactiveSchemeMessage(command.scheme.name, policy.policyNumber);
    throw new DomainError('RULE_VIOLATED', message, [{ path: [policyPath], message }]);
  }
  if (policy.status !== 'active') {
    const message = `Claims can only be submitted on an active policy; policy ${policy.policyNumber} is ${policy.status}.`;
    throw new DomainError('RULE_VIOLATED', message, [{ path: [policyPath], message }]);
  }
  const death = input.deceasedDateOfDeath;
  if (death > command.today) {
    const message = 'Date of death cannot be in the future';
    throw new ValidationError(message, [{ path: ['deceasedDateOfDeath'], message }]);
  }
  if (death < policy.startDate) {
    const message = `Date of death cannot be before the policy start date (${policy.startDate})`;
    throw new ValidationError(message, [{ path: ['deceasedDateOfDeath'], message }]);
  }
  // Rule 2A.6: the deceased life's own wait, for the manner of death (validation/waiting-periods.ts).
  const wait = lifeWaiting(
    {
      startDate: policy.startDate,
      waitingPeriod: policy.waitingPeriod,
      suicideWaitingMonths: policy.suicideWaitingMonths ?? command.suicideWaitingMonths,
    },
    command.life,
    input.deathType,
  );
  // Issue #22: the life's own cover on a policy with a benefit table; while an increase of cover (a
  // change of type) still waits, a natural death pays the cover before the increase (rule 2A.6).
  const lifeId = command.lifeMemberId ?? null;
  const fullCover = (lifeId && policy.lives.find((l) => l.memberId === lifeId)?.coverAmount) || policy.coverageAmount;
  const waitingIncrease =
    (input.deathType ?? 'natural') === 'natural' && !(death < wait.endsOn)
      ? (policy.increases ?? []).findLast((i) => (i.memberId === null || i.memberId === lifeId) && death < i.waitingEndsOn)
      : undefined;
  const cover = waitingIncrease ? waitingIncrease.fromCover : fullCover;
  const flags: ClaimFlags = {
    withinWaitingPeriod: death < wait.endsOn,
    waitingPeriodEndsOn: wait.endsOn,
    deathType: input.deathType,
    waitingRule: wait.rule,
    lifeJoinedOn: wait.joinedOn,
    priorCoverMonths: wait.priorCoverMonths,
    exceedsCover: compareDecimal(input.claimAmount, cover) > 0,
    coverageAmount: cover,
    ...(waitingIncrease
      ? {
          increaseWaiting: {
            fromCover: waitingIncrease.fromCover,
            toCover: waitingIncrease.toCover,
            waitingEndsOn: waitingIncrease.waitingEndsOn,
          },
        }
      : {}),
    deceasedOnPolicy: command.deceasedOnPolicy,
  };
  return [
    {
      type: 'ClaimSubmitted',
      data: {
        claimId: command.claimId,
        companyId: command.companyId,
        claimNumber: command.claimNumber,
        policyId: policy.policyId,
        policyNumber: policy.policyNumber,
        memberId: policy.memberId,
        memberName: command.memberName,
        deceasedFirstName: input.deceasedFirstName,
        deceasedLastName: input.deceasedLastName,
        deceasedSaId: input.deceasedSaId,
        deceasedDateOfBirth: input.deceasedDateOfBirth,
        deceasedDateOfDeath: death,
        causeOfDeath: input.causeOfDeath,
        deathType: input.deathType,
        deathCertificateNumber: input.deathCertificateNumber,
        claimantFirstName: input.claimantFirstName,
        claimantLastName: input.claimantLastName,
        claimantSaId: input.claimantSaId,
        claimantPhone: input.claimantPhone,
        claimantEmail: input.claimantEmail,
        claimantAddress: input.claimantAddress,
        relationshipToDeceased: input.relationshipToDeceased,
        claimAmount: input.claimAmount,
        bankAccountNumber: input.bankAccountNumber,
        bankName: input.bankName,
        bankBranchCode: input.bankBranchCode,
        accountHolderName: input.accountHolderName,
        additionalNotes: input.additionalNotes ?? null,
        documents: command.documents,
        flags,
        submittedDate: command.today,
      },
    },
  ];
}

/**
 * The claim with the policy by id or by number (GraphQL submitClaim, POST /api/claims); POST
 * /api/claims/by-policy-number runs the same slice with the number only (api-gateway commands/claims.ts).
 */
export const submitClaimSlice = commandSlice({
  name: 'submitClaim',
  operation: 'claims:create',
  input: claimSchemaOn,
  handle: ({ store, sql }, { input }, ctx) => submitClaim(store, sql, input, ctx),
});

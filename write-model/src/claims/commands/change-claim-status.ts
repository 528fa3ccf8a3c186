import { z } from 'zod';
import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { appendOptions, expectedVersion, loadState, requireCompany, withConflictRetry } from '../../command-handling/handle.ts';
import { toNewEvent } from '../../command-handling/decider.ts';
import type { StreamAppend } from '../../event-store/types.ts';
import { policyStreamId } from '../../policies/policies.events.ts';
import { evolvePolicy, initialPolicyState } from '../../policies/policies.state.ts';
import { memberStreamId } from '../../members/members.events.ts';
import { evolveMember, initialMemberState } from '../../members/members.state.ts';
import { decideLifeDeceased } from '../claim-life-deceased.ts';
import { policyTypeStreamId } from '../../policy-types/policy-types.events.ts';
import { evolvePolicyType, initialPolicyTypeState } from '../../policy-types/policy-types.state.ts';
import { deceasedOnPolicy } from './submit-claim.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { assertNever } from '../../command-handling/decider.ts';
import { DomainError, ValidationError } from '../../errors.ts';
import { southAfricanDate } from '../../members/members.decider.ts';
import {
  CLAIM_DECISION_MESSAGES,
  claimFlagsToOverride,
  centsToDecimal,
  claimDecisionSchemaOn,
  compareDecimal,
  decimalToCents,
  OVERRIDE_REASON_MIN_LENGTH,
  oncePerDay,
  overrideRequiredMessage,
  PAYMENT_REFERENCE_MAX_LENGTH,
  PAYMENT_REFERENCE_MIN_LENGTH,
  type ClaimDecisionInput,
  type ClaimStatus,
} from '../../validation/index.ts';
import { assertOwnClaim, CLAIM_TRANSITIONS, claimTransitionRefusal, unverifiedDocumentFields } from '../claims.decider.ts';
import { extensionOnMove } from '../decision-clock.ts';
import { claimStreamId, type ClaimDocumentField, type ClaimPayout, type ClaimStatusChanged, type ClaimEvent } from '../claims.events.ts';
import { evolveClaim, initialClaimState, type ClaimState } from '../claims.state.ts';
import { releaseDeceased } from '../claim-deceased.ts';

/** A staff note on a claim's change or a document's review: trimmed, its first 2,000 characters kept; blank or not text is none. */
export const claimNoteField = z
  .string()
  .nullish()
  .catch(null)
  .transform((note) => (note?.trim() ? note.trim().slice(0, 2000) : null))
  .meta({ description: 'Optional; its first 2,000 characters are kept with the change.' });

/** Made once per day, as every schema that depends on the date (oncePerDay). */
export const changeClaimStatusSchemaOn = oncePerDay((today: string) => claimDecisionSchemaOn(today).extend({ note: claimNoteField }));

/** The command as decide takes it: the parsed input, the caller's company and today's South African date. */
export type ChangeClaimStatus = Partial<Omit<ClaimDecisionInput, 'status'>> & {
  companyId: string;
  to: ClaimStatus;
  note: string | null;
  /** Today in South Africa: a payout is not dated later, and an approval is dated today. */
  today: string;
  /** The instant of the command: an approval or rejection records it as the moment the decision clock stopped. */
  now: Date;
};

/**
 * PATCH /api/claims/{id} {status, note?, and what the status asks for}. Two staff acting at once: the
 * second reloads the claim after the first's change and is refused if its move is no longer allowed. A
 * rejection frees the deceased for another claim in the same transaction (claim-deceased.ts).
 */
export async function changeClaimStatus(store: EventStore, claimId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const today = southAfricanDate(ctx.now);
  const { status, ...rest } = parseInput(changeClaimStatusSchemaOn(today), input);
  const command: ChangeClaimStatus = { ...rest, companyId, to: status, today, now: ctx.now };
  return withConflictRetry(async () => {
    const claim = await loadState(store, claimStreamId(claimId), { initialState: initialClaimState, evolve: evolveClaim });
    const events = decideChangeClaimStatus(claim.state, command);
    const streams: StreamAppend[] = [
      { streamId: claimStreamId(claimId), expectedVersion: expectedVersion(claim.version), events: events.map((e) => toNewEvent(e)) },
    ];
    // Issue #22: an approval (or the payout of a claim approved before) ends the deceased life's cover and premium.
    if ((command.to === 'approved' || command.to === 'paid') && claim.state.status !== 'none') {
      const life = await deceasedLife(store, claim.state);
      if (life)
        streams.push({
          streamId: policyStreamId(life.policyId),
          expectedVersion: life.version,
          events: life.events.map((e) => toNewEvent(e)),
        });
    }
    const append = await store.append(
      streams,
      appendOptions(ctx, async (tx) => {
        if (events.some((e) => e.type === 'ClaimStatusChanged' && e.data.to === 'rejected')) await releaseDeceased(tx, companyId, claimId);
      }),
    );
    return { events, append };
  });
}

/** The deceased's life on the claim's policy and the event that marks it deceased; null when none is due. */
async function deceasedLife(store: EventStore, claim: Claim) {
  const policyFold = { initialState: initialPolicyState, evolve: evolvePolicy };
  const policy = await loadState(store, policyStreamId(claim.policyId), policyFold);
  if (policy.state.status === 'none' || policy.state.lives.length === 0) return null;
  const holder = await loadState(store, memberStreamId(policy.state.memberId), { initialState: initialMemberState, evolve: evolveMember });
  const life = await deceasedOnPolicy(store, holder.state, claim.deceasedSaId);
  const type = await loadState(store, policyTypeStreamId(policy.state.policyTypeId), {
    initialState: initialPolicyTypeState,
    evolve: evolvePolicyType,
  });
  const rule = type.state.status === 'none' ? undefined : type.state.onMainMemberDeath;
  const events = decideLifeDeceased(claim, policy.state, life?.memberId ?? null, rule);
  return events.length > 0 ? { policyId: claim.policyId, version: expectedVersion(policy.version), events } : null;
}

const DOCUMENT_LABEL: Record<ClaimDocumentField, string> = {
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

type Claim = Exclude<ClaimState, { status: 'none' }>;

/** A refusal of one field of the input, in the words the form shows beside it. */
function fieldRefusal(path: (string | number)[], message: string): ValidationError {
  return new ValidationError(message, [{ path, message }]);
}

const cents = (amount: string) => centsToDecimal(decimalToCents(amount));

/** Why a claim may not be paid out yet, in words; null when it may. */
export function paymentRefusal(state: Claim, amount: string): string | null {
  const unverified = unverifiedDocumentFields(state.documents, state.documentFields).map((field) => DOCUMENT_LABEL[field]);
  if (unverified.length > 0) {
    return `A claim can only be marked as paid once all four documents are verified; not verified: ${unverified.join(', ')}.`;
  }
  if (compareDecimal(amount, state.coverageAmount) > 0) {
    return `The amount to pay (${rand(amount)}) exceeds the deceased's cover on the policy (${rand(state.coverageAmount)}).`;
  }
  return null;
}

function decide(state: Claim, command: ChangeClaimStatus): Pick<ClaimStatusChanged['data'], 'decision' | 'rejection' | 'payout'> {
  switch (command.to) {
    case 'approved': {
      const amount = cents(command.approvedAmount ?? state.claimAmount);
      if (compareDecimal(amount, state.coverageAmount) > 0) {
        const cover = rand(state.coverageAmount);
        throw fieldRefusal(
          ['approvedAmount'],
          command.approvedAmount === undefined
            ? `The amount claimed (${rand(amount)}) exceeds the deceased's cover on the policy (${cover}): approve a lower amount (at most ${cover}).`
            : `The approved amount (${rand(amount)}) exceeds the deceased's cover on the policy (${cover}).`,
        );
      }
      const flags = claimFlagsToOverride(state);
      const reason = command.overrideReason?.trim() ?? '';
      if (flags.length > 0 && reason.length < OVERRIDE_REASON_MIN_LENGTH)
        throw fieldRefusal(['overrideReason'], overrideRequiredMessage(flags));
      return { decision: { approvedAmount: amount, approvedOn: command.today, override: flags.length > 0 ? { flags, reason } : null } };
    }
    case 'rejected': {
      const M = CLAIM_DECISION_MESSAGES;
      if (!command.rejectionReason) throw fieldRefusal(['rejectionReason'], M.rejectionReasonRequired);
      const detail = command.rejectionDetail?.trim() || null;
      if (command.rejectionReason === 'other' && !detail) throw fieldRefusal(['rejectionDetail'], M.rejectionDetailRequired);
      return { rejection: { reason: command.rejectionReason, detail } };
    }
    case 'paid':
      return { payout: payout(state, command) };
    case 'submitted':
    case 'under_review':
    case 'sent_to_underwriter':
      return {};
    default:
      return assertNever(command.to);
  }
}

/** The payout: at most the approved amount (the claimed amount for claims approved before amounts), dated between the approval and today. */
function payout(state: Claim, command: ChangeClaimStatus): ClaimPayout {
  const M = CLAIM_DECISION_MESSAGES;
  const given = command.payout;
  if (!given) throw fieldRefusal(['payout'], M.payoutRequired);
  const approved = state.approvedAmount ?? state.claimAmount;
  const amount = cents(given.amount ?? approved);
  const refusal = paymentRefusal(state, amount);
  if (refusal) throw new DomainError('RULE_VIOLATED', refusal);
  if (compareDecimal(amount, approved) > 0) {
    throw fieldRefusal(['payout', 'amount'], `The payout (${rand(amount)}) exceeds the approved amount (${rand(approved)}).`);
  }
  const reference = given.reference.trim();
  if (reference.length < PAYMENT_REFERENCE_MIN_LENGTH || reference.length > PAYMENT_REFERENCE_MAX_LENGTH) {
    throw fieldRefusal(['payout', 'reference'], reference ? M.referenceLength : M.referenceRequired);
  }
  const paidOn = given.paidOn ?? command.today;
  if (paidOn > command.today) throw fieldRefusal(['payout', 'paidOn'], M.paidOnFuture);
  if (state.approvedOn && paidOn < state.approvedOn) {
    throw fieldRefusal(['payout', 'paidOn'], `Payment date cannot be before the claim was approved (${state.approvedOn})`);
  }
  const digits = state.bankAccountNumber.replace(/\D/g, '');
  return { amount, paidOn, reference, accountHolder: state.accountHolderName, accountLast4: digits.slice(-4) };
}

export function decideChangeClaimStatus(state: ClaimState, command: ChangeClaimStatus): ClaimEvent[] {
  assertOwnClaim(state, command.companyId);
  if (!CLAIM_TRANSITIONS[state.status].includes(command.to)) {
    throw new DomainError('INVALID_TRANSITION', claimTransitionRefusal(state.status, command.to));
  }
  const { claimId, companyId, status: from } = state;
  const deciding = command.to === 'approved' || command.to === 'rejected';
  const decidedAt = deciding ? { decidedAt: command.now.toISOString() } : {};
  return [
    {
      type: 'ClaimStatusChanged',
      data: { claimId, companyId, from, to: command.to, note: command.note, ...decide(state, command), ...decidedAt },
    },
    ...extensionOnMove(state, command.to),
  ];
}

export const changeClaimStatusSlice = commandSlice({
  name: 'changeClaimStatus',
  operation: 'claims:update_status',
  target: 'id',
  input: changeClaimStatusSchemaOn,
  handle: ({ store }, { target, input }, ctx) => changeClaimStatus(store, target, input, ctx),
});

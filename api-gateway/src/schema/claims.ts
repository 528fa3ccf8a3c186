import { enumType } from '../commands/graphql-input.ts';
import type { ClaimDetail, ClaimHistoryEntry, ClaimRow, DocumentRow } from '@fpa/projections';
import { CLAIM_TRANSITIONS, DECISION_CLOCK_STATES, DOCUMENT_CATEGORIES, DOCUMENT_STATUSES } from '@fpa/write-model';
import {
  CLAIM_OVERRIDABLE_FLAGS,
  CLAIM_REJECTION_REASON_LABELS,
  CLAIM_REJECTION_REASONS,
  CLAIM_STATUSES,
  DEATH_TYPES,
  WAITING_RULES,
} from '@fpa/write-model/validation';
import { builder } from '../builder.ts';
import * as claims from '../queries/claims.ts';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export const ClaimStatusEnum = enumType('ClaimStatus', { values: CLAIM_STATUSES });
export const DocumentStatusEnum = enumType('DocumentStatus', { values: DOCUMENT_STATUSES });
export const DocumentCategoryEnum = enumType('DocumentCategory', { values: DOCUMENT_CATEGORIES });
export const DeathTypeEnum = enumType('DeathType', {
  values: DEATH_TYPES,
  description: 'The manner of death (issue #22): which waiting period applies.',
});
const WaitingRuleEnum = enumType('WaitingRule', {
  values: WAITING_RULES,
  description: "natural: at most 6 months from the life joining; accidental_none: no wait; suicide: the policy type's months.",
});

const ClaimFlags = builder.objectRef<ClaimRow>('ClaimFlags').implement({
  description: 'What staff should look at before deciding; computed at submission, never a refusal.',
  fields: (t) => ({
    withinWaitingPeriod: t.exposeBoolean('withinWaitingPeriod', {
      description: "The date of death is before the deceased life's own waiting period for the manner of death ends (rule 2A.6).",
    }),
    waitingPeriodEndsOn: t.string({ nullable: true, resolve: (c) => c.waitingPeriodEndsOn }),
    deathType: t.field({ type: DeathTypeEnum, nullable: true, resolve: (c) => c.deathType }),
    waitingRule: t.field({ type: WaitingRuleEnum, nullable: true, resolve: (c) => c.waitingRule }),
    lifeJoinedOn: t.string({
      nullable: true,
      description: "The day the deceased life's wait ran from.",
      resolve: (c) => c.lifeJoinedOn,
    }),
    priorCoverMonths: t.int({
      nullable: true,
      description: 'Months of cover proven elsewhere taken off the wait.',
      resolve: (c) => c.priorCoverMonths,
    }),
    exceedsCover: t.exposeBoolean('exceedsCover', { description: "The amount claimed is more than the policy's cover." }),
    coverageAmount: t.string({ nullable: true, resolve: (c) => c.coverageAmount }),
    deceasedOnPolicy: t.exposeBoolean('deceasedOnPolicy', {
      description: "The deceased's SA ID is the policy holder's or a covered family member's.",
    }),
  }),
});

export const ClaimRejectionReasonEnum = enumType('ClaimRejectionReason', { values: CLAIM_REJECTION_REASONS });
export const ClaimOverridableFlagEnum = enumType('ClaimOverridableFlag', {
  values: CLAIM_OVERRIDABLE_FLAGS,
  description: 'A check of the submission an approval may set aside with a reason.',
});

const ClaimOverride = builder.objectRef<ClaimRow>('ClaimOverride').implement({
  description: 'Why an approval set aside the flags of the claim, and which.',
  fields: (t) => ({
    reason: t.string({ resolve: (c) => c.overrideReason ?? '' }),
    flags: t.field({ type: [ClaimOverridableFlagEnum], resolve: (c) => c.overriddenFlags }),
  }),
});

const ClaimRejection = builder.objectRef<ClaimRow>('ClaimRejection').implement({
  fields: (t) => ({
    reason: t.field({ type: ClaimRejectionReasonEnum, resolve: (c) => c.rejectionReason ?? 'other' }),
    reasonLabel: t.string({ resolve: (c) => CLAIM_REJECTION_REASON_LABELS[c.rejectionReason ?? 'other'] }),
    detail: t.string({ nullable: true, resolve: (c) => c.rejectionDetail }),
  }),
});

const ClaimPayout = builder.objectRef<ClaimRow>('ClaimPayout').implement({
  description: "What was paid, when, with which reference, to the claimant's account on the claim.",
  fields: (t) => ({
    amount: t.string({ resolve: (c) => c.payoutAmount ?? '' }),
    paidOn: t.string({ resolve: (c) => c.paidOn ?? '' }),
    reference: t.string({ resolve: (c) => c.paymentReference ?? '' }),
    accountHolder: t.string({ resolve: (c) => c.payoutAccountHolder ?? '' }),
    accountLast4: t.string({ resolve: (c) => c.payoutAccountLast4 ?? '' }),
  }),
});

export const DecisionClockStateEnum = enumType('DecisionClockState', { values: DECISION_CLOCK_STATES });

/** The claim's clock columns and where the clock stands, worked out once per claim (not once per field). */
type ClockOfClaim = { claim: ClaimRow; status: claims.ClaimClockStatus };

const DecisionClockType = builder.objectRef<ClockOfClaim>('DecisionClock').implement({
  description:
    'The decision clock of the Policyholder Protection Rules (rule 2A.8): it starts when the last form document is verified; ' +
    'the decision is due within 2 business days (South African public holidays excluded), 14 more when sent to the underwriter.',
  fields: (t) => ({
    state: t.field({ type: DecisionClockStateEnum, resolve: ({ status }) => status.state }),
    startedAt: t.string({ nullable: true, resolve: ({ claim }) => iso(claim.clockStartedAt) }),
    dueAt: t.string({ nullable: true, resolve: ({ claim }) => iso(claim.decisionDueAt) }),
    decidedAt: t.string({ nullable: true, resolve: ({ claim }) => iso(claim.decidedAt) }),
    extendedFor: t.string({
      nullable: true,
      description: 'sent_to_underwriter or disputed when the deadline has 14 more business days.',
      resolve: ({ claim }) => claim.deadlineExtendedFor,
    }),
    businessMinutesLeft: t.int({
      nullable: true,
      description: 'Business minutes until the deadline while undecided; negative once overdue.',
      resolve: ({ status }) => status.businessMinutesLeft,
    }),
    businessMinutesTaken: t.int({
      nullable: true,
      description: "Business minutes from the clock's start to the decision.",
      resolve: ({ status }) => status.businessMinutesTaken,
    }),
  }),
});

const ClaimStatusChange = builder.objectRef<ClaimHistoryEntry>('ClaimStatusChange').implement({
  fields: (t) => ({
    fromStatus: t.field({ type: ClaimStatusEnum, nullable: true, resolve: (h) => h.fromStatus }),
    toStatus: t.field({ type: ClaimStatusEnum, resolve: (h) => h.toStatus }),
    note: t.exposeString('note', { nullable: true }),
    changedAt: t.string({ resolve: (h) => h.changedAt.toISOString() }),
    changedByName: t.exposeString('changedByName', { nullable: true }),
    changedByRole: t.string({ nullable: true, resolve: (h) => h.changedByRole }),
  }),
});

export const DocumentType = builder.objectRef<DocumentRow>('Document').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    originalName: t.exposeString('originalName'),
    claimId: t.exposeID('claimId'),
    claimNumber: t.exposeString('claimNumber'),
    memberName: t.exposeString('memberName', { nullable: true }),
    field: t.exposeString('field', { description: 'The claim form upload it came from (deceasedIdDocument, claimantIdDocument, ...).' }),
    category: t.field({ type: DocumentCategoryEnum, resolve: (d) => d.category }),
    status: t.field({ type: DocumentStatusEnum, resolve: (d) => d.status }),
    size: t.exposeInt('size'),
    contentType: t.exposeString('contentType'),
    uploadedBy: t.exposeString('uploadedBy', { nullable: true }),
    uploadedAt: t.string({ resolve: (d) => d.uploadedAt.toISOString() }),
    companyName: t.exposeString('companyName', { nullable: true }),
    reviewedBy: t.exposeString('reviewedBy', { nullable: true }),
    reviewedAt: t.string({ nullable: true, resolve: (d) => iso(d.reviewedAt) }),
    reviewNote: t.exposeString('reviewNote', { nullable: true }),
    viewUrl: t.string({ description: 'The file inline (users of the same company).', resolve: (d) => `/api/documents/${d.id}/view` }),
    downloadUrl: t.string({ description: 'The file as an attachment.', resolve: (d) => `/api/documents/${d.id}/download` }),
  }),
});

export const ClaimType = builder.objectRef<ClaimRow | ClaimDetail>('Claim').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    claimNumber: t.exposeString('claimNumber'),
    policyId: t.exposeID('policyId'),
    policyNumber: t.exposeString('policyNumber'),
    memberId: t.exposeID('memberId', { description: "The policy's main member." }),
    memberName: t.exposeString('memberName'),
    deceasedName: t.exposeString('deceasedName'),
    claimantName: t.exposeString('claimantName'),
    status: t.field({ type: ClaimStatusEnum, resolve: (c) => c.status }),
    claimAmount: t.exposeString('claimAmount'),
    dateOfDeath: t.exposeString('dateOfDeath', { nullable: true }),
    submittedDate: t.exposeString('submittedDate'),
    submittedBy: t.exposeString('submittedBy', { nullable: true }),
    createdAt: t.string({ resolve: (c) => c.createdAt.toISOString() }),
    flags: t.field({ type: ClaimFlags, resolve: (c) => c }),
    accountHolderName: t.string({
      nullable: true,
      description: "The holder of the claimant's bank account on the claim, where a payout goes.",
      resolve: (c) => c.accountHolderName,
    }),
    bankAccountLast4: t.string({
      nullable: true,
      description: "The last four digits of that account's number; null once the claimant's data is erased.",
      resolve: (c) => c.bankAccountLast4,
    }),
    approvedAmount: t.string({ nullable: true, description: 'Set by the approval (at most the cover).', resolve: (c) => c.approvedAmount }),
    override: t.field({
      type: ClaimOverride,
      nullable: true,
      description: 'The approval set flags aside with this reason; null when nothing was overridden.',
      resolve: (c) => (c.overrideReason ? c : null),
    }),
    rejection: t.field({ type: ClaimRejection, nullable: true, resolve: (c) => (c.rejectionReason ? c : null) }),
    payout: t.field({ type: ClaimPayout, nullable: true, resolve: (c) => (c.paidOn && c.payoutAmount ? c : null) }),
    decisionClock: t.field({ type: DecisionClockType, resolve: (claim, _a, ctx) => ({ claim, status: claims.clockStatusOf(ctx, claim) }) }),
    disputeReason: t.string({
      nullable: true,
      description: 'Why the claim is disputed (its decision has 14 more business days); null when it is not.',
      resolve: (c) => c.disputeReason,
    }),
    nextStatuses: t.field({
      type: [ClaimStatusEnum],
      description: "The moves the lifecycle allows from here; empty means 'No actions available'.",
      resolve: (c) => [...CLAIM_TRANSITIONS[c.status]],
    }),
    documents: t.field({
      type: [DocumentType],
      description: 'Ask on one claim, not on a list (one query per claim).',
      resolve: (c, _a, ctx) => ('documents' in c ? c.documents : claims.documentsOfClaim(ctx, c.id)),
    }),
    history: t.field({
      type: [ClaimStatusChange],
      description: 'Ask on one claim, not on a list (one query per claim).',
      resolve: async (c, _a, ctx) => ('history' in c ? c.history : ((await claims.claim(ctx, c.id))?.history ?? [])),
    }),
  }),
});

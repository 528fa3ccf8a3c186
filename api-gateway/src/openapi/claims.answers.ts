import { z } from 'zod';
import type { ClaimCounts, ClaimDetail, DocumentRow } from '@fpa/projections';
import { DECISION_CLOCK_STATES, DOCUMENT_CATEGORIES } from '@fpa/write-model';
import {
  CLAIM_OVERRIDABLE_FLAGS,
  CLAIM_REJECTION_REASONS,
  CLAIM_STATUSES,
  DEATH_TYPES,
  ROLES,
  WAITING_RULES,
} from '@fpa/write-model/validation';
import type { ClaimClockStatus, ClaimDeadlines } from '../queries/claims.ts';
import { day, id, instant, money, named, rowOf, type AnswerMap } from './shapes.ts';

export const claimDocument = named(
  'ClaimDocument',
  rowOf<DocumentRow>()(
    z.strictObject({
      id,
      originalName: z.string(),
      claimId: id,
      claimNumber: z.string(),
      memberName: z.string(),
      field: z.string().meta({ description: 'The claim form’s upload field (deceasedIdDocument, …)' }),
      category: z.enum(DOCUMENT_CATEGORIES),
      status: z.enum(['pending', 'verified', 'rejected']),
      size: z.int().meta({ description: 'Bytes' }),
      contentType: z.string(),
      sha256: z.string(),
      uploadedBy: z.string().nullable(),
      uploadedAt: instant,
      reviewedBy: z.string().nullable(),
      reviewedAt: instant.nullable(),
      reviewNote: z.string().nullable(),
      companyId: id,
      companyName: z.string().nullable(),
    }),
  ),
);

const claimStatus = z.enum(CLAIM_STATUSES);

const claimFields = {
  id,
  claimNumber: z.string(),
  policyId: id,
  policyNumber: z.string(),
  memberId: id,
  memberName: z.string(),
  deceasedName: z.string(),
  claimantName: z.string(),
  status: claimStatus,
  claimAmount: money,
  dateOfDeath: day.nullable().meta({ description: 'Null once the deceased’s data is erased' }),
  submittedDate: day,
  withinWaitingPeriod: z.boolean(),
  waitingPeriodEndsOn: day.nullable(),
  exceedsCover: z.boolean(),
  coverageAmount: money.nullable(),
  deceasedOnPolicy: z.boolean(),
  deathType: z.enum(DEATH_TYPES).nullable().meta({ description: 'The manner of death (issue #22); null for claims submitted before it' }),
  waitingRule: z.enum(WAITING_RULES).nullable().meta({
    description:
      "The deceased life's wait the claim was checked against: natural (at most 6 months), accidental_none, suicide (the type's months)",
  }),
  lifeJoinedOn: day.nullable().meta({ description: "The day the deceased life's wait ran from (it joined the policy)" }),
  priorCoverMonths: z.int().nullable().meta({ description: 'Months of cover proven elsewhere taken off the wait' }),
  accountHolderName: z.string().nullable().meta({ description: 'The claimant’s bank account on the claim: its holder' }),
  bankAccountLast4: z.string().nullable().meta({ description: 'Its number’s last four digits; null once erased' }),
  approvedAmount: money.nullable().meta({ description: 'Set by the approval; null before (and for claims approved before amounts)' }),
  overrideReason: z.string().nullable().meta({ description: 'Why the approval set the flags aside' }),
  overriddenFlags: z.array(z.enum(CLAIM_OVERRIDABLE_FLAGS)),
  rejectionReason: z.enum(CLAIM_REJECTION_REASONS).nullable(),
  rejectionDetail: z.string().nullable(),
  payoutAmount: money.nullable(),
  paidOn: day.nullable(),
  paymentReference: z.string().nullable(),
  payoutAccountHolder: z.string().nullable().meta({ description: 'The claimant’s account the payout went to' }),
  payoutAccountLast4: z.string().nullable().meta({ description: 'Its account number’s last four digits' }),
  clockStartedAt: instant.nullable().meta({ description: 'The decision clock (PPR rule 2A.8) started: the last form document verified' }),
  decisionDueAt: instant.nullable().meta({ description: 'The decision is due by then: 2 business days, 16 with the underwriter' }),
  deadlineExtendedFor: z
    .enum(['sent_to_underwriter', 'disputed'])
    .nullable()
    .meta({ description: 'Why the deadline has 14 more business days' }),
  disputeReason: z.string().nullable().meta({ description: 'Why the claim is disputed (14 more business days to decide)' }),
  decidedAt: instant.nullable().meta({ description: 'When the claim was approved or rejected' }),
  decisionClock: z.strictObject({
    state: z.enum(DECISION_CLOCK_STATES).meta({
      description:
        'not_started (documents not all verified), running, due_soon (4 business hours or less left), overdue, on_time, late, or none (decided without a clock)',
    }),
    businessMinutesLeft: z.int().nullable().meta({ description: 'Until the deadline while undecided; negative once overdue' }),
    businessMinutesTaken: z.int().nullable().meta({ description: 'From the clock’s start to the decision' }),
  }),
  submittedBy: z.string().nullable(),
  createdAt: instant,
  updatedAt: instant,
};

export const claim = named('Claim', z.strictObject(claimFields));

const claimDetail = named(
  'ClaimDetail',
  rowOf<ClaimDetail & { decisionClock: ClaimClockStatus }>()(
    z.strictObject({
      ...claimFields,
      documents: z.array(claimDocument),
      history: z.array(
        z.strictObject({
          fromStatus: claimStatus.nullable(),
          toStatus: claimStatus,
          note: z.string().nullable(),
          changedAt: instant,
          changedById: z.string().nullable(),
          changedByName: z.string().nullable(),
          changedByRole: z.enum(ROLES).nullable(),
        }),
      ),
    }),
  ),
);

const counts = rowOf<ClaimCounts>()(
  z.strictObject({
    total: z.int(),
    submitted: z.int(),
    underReview: z.int(),
    approved: z.int(),
    rejected: z.int(),
    sentToUnderwriter: z.int(),
    paid: z.int(),
    active: z.int().meta({ description: 'Neither rejected nor paid' }),
  }),
);

/** Spec part 2 §7 Claims and Documents. */
export const claimsAnswers: AnswerMap = {
  'GET /api/claims/:id/decision-letter.pdf': {
    summary:
      'The decision letter to the claimant (issue #23): approved with the amount and payout, or declined with the reason and how to complain',
    responses: { 200: { description: 'An A4 PDF', content: { 'application/pdf': z.string().meta({ format: 'binary' }) } } },
  },
  'GET /api/claims': { summary: 'Every claim of the company', answer: z.array(claim) },
  'GET /api/claims/counts': { summary: 'The claim count cards', answer: counts },
  'GET /api/claims/deadlines': {
    summary: 'Undecided claims on the decision clock (PPR rule 2A.8): overdue, due within 4 business hours, running; the 5 most urgent',
    answer: rowOf<ClaimDeadlines>()(
      z.strictObject({
        overdue: z.int(),
        dueSoon: z.int(),
        running: z.int(),
        urgent: z.array(
          z.strictObject({
            id,
            claimNumber: z.string(),
            memberId: id,
            memberName: z.string(),
            dueAt: instant,
            state: z.enum(DECISION_CLOCK_STATES),
            businessMinutesLeft: z.int().meta({ description: 'Negative once overdue' }),
          }),
        ),
      }),
    ),
  },
  'GET /api/claims/:id': { summary: 'A claim with its documents and history', answer: claimDetail },
  'POST /api/claims': { summary: 'Submit a death claim against a policy (by policyId)', answer: claimDetail },
  'POST /api/claims/by-policy-number': {
    summary: 'Submit a death claim naming the policy by its number (policyNumber)',
    answer: claimDetail,
  },
  'PATCH /api/claims/:id': { summary: 'Change a claim’s status', answer: claimDetail },
  'POST /api/claims/:id/dispute': {
    summary: 'Mark an undecided claim as disputed: its decision has 14 more business days (PPR rule 2A.8), once',
    answer: claimDetail,
  },
  'GET /api/documents': {
    summary: 'The claims’ documents, newest first (a page)',
    answer: z.array(claimDocument),
    headers: { 'x-next-offset': 'The offset of the next page, when more documents match' },
  },
  'PATCH /api/documents/:id': { summary: 'Verify or reject a document', answer: claimDocument },
};

import type { DocumentItem } from '../documents/documents.operations';
import type { ClaimDetails, ClaimRow } from './claims.operations';

// Test fixtures only: the shapes the gateway answers with, for the page tests.

const NEXT: Record<ClaimRow['status'], ClaimRow['nextStatuses']> = {
  submitted: ['under_review', 'sent_to_underwriter'],
  under_review: ['approved', 'rejected', 'sent_to_underwriter'],
  sent_to_underwriter: ['approved', 'rejected'],
  approved: ['paid'],
  rejected: [],
  paid: [],
};

export function claimRow(overrides: Partial<ClaimRow> = {}): ClaimRow & { __typename: 'Claim' } {
  const status = overrides.status ?? 'submitted';
  return {
    __typename: 'Claim',
    id: 'c1',
    claimNumber: 'CLM-2025-000001',
    policyId: 'p1',
    policyNumber: 'POL-000001',
    memberId: 'm1',
    memberName: 'Sipho Dlamini',
    deceasedName: 'Sipho Dlamini',
    claimantName: 'Nomsa Dlamini',
    status,
    claimAmount: '15000',
    dateOfDeath: '2025-05-02',
    submittedDate: '2025-05-10',
    flags: {
      __typename: 'ClaimFlags',
      withinWaitingPeriod: false,
      waitingPeriodEndsOn: '2025-01-01',
      deathType: 'natural',
      waitingRule: 'natural',
      lifeJoinedOn: '2024-07-01',
      priorCoverMonths: 0,
      exceedsCover: false,
      coverageAmount: '50000',
      deceasedOnPolicy: true,
    } as ClaimRow['flags'],
    nextStatuses: NEXT[status],
    approvedAmount: null,
    accountHolderName: 'N Dlamini',
    bankAccountLast4: '5678',
    override: null,
    rejection: null,
    payout: null,
    disputeReason: null,
    decisionClock: {
      __typename: 'DecisionClock',
      state: 'not_started',
      startedAt: null,
      dueAt: null,
      decidedAt: null,
      extendedFor: null,
      businessMinutesLeft: null,
      businessMinutesTaken: null,
    } as ClaimRow['decisionClock'],
    ...overrides,
  };
}

export function documentItem(overrides: Partial<DocumentItem> = {}): DocumentItem & { __typename: 'Document' } {
  return {
    __typename: 'Document',
    id: 'd1',
    originalName: 'death-certificate.pdf',
    claimId: 'c1',
    claimNumber: 'CLM-2025-000001',
    memberName: 'Sipho Dlamini',
    category: 'death_certificate',
    status: 'pending',
    size: 1536,
    contentType: 'application/pdf',
    uploadedBy: 'Thandi Nkosi',
    uploadedAt: '2025-05-10T09:30:00.000Z',
    reviewedBy: null,
    reviewedAt: null,
    reviewNote: null,
    viewUrl: '/api/documents/d1/view',
    downloadUrl: '/api/documents/d1/download',
    ...overrides,
  };
}

export function claimDetails(overrides: Partial<ClaimDetails> = {}): ClaimDetails & { __typename: 'Claim' } {
  return {
    ...claimRow(overrides),
    submittedBy: 'Thandi Nkosi',
    createdAt: '2025-05-10T09:30:00.000Z',
    documents: [documentItem()],
    history: [
      {
        __typename: 'ClaimStatusChange',
        fromStatus: null,
        toStatus: 'submitted',
        note: null,
        changedAt: '2025-05-10T09:30:00.000Z',
        changedByName: 'Thandi Nkosi',
        changedByRole: 'claim_admin',
      } as ClaimDetails['history'][number],
    ],
    ...overrides,
  };
}

export function claimsAnswer(
  nodes: ClaimRow[],
  { hasNextPage = false, endCursor = null as string | null, totalCount = nodes.length } = {},
) {
  return {
    data: {
      claims: { __typename: 'ClaimConnection', nodes, totalCount, pageInfo: { __typename: 'PageInfo', hasNextPage, endCursor } },
    },
  };
}

export const countsAnswer = (overrides: Record<string, number> = {}) => ({
  data: {
    claimCounts: {
      __typename: 'ClaimCounts',
      total: 6,
      submitted: 1,
      underReview: 2,
      approved: 1,
      rejected: 1,
      sentToUnderwriter: 0,
      paid: 1,
      active: 4,
      ...overrides,
    },
  },
});

export const activePoliciesAnswer = {
  data: {
    policies: {
      __typename: 'PolicyConnection',
      nodes: [
        { __typename: 'Policy', id: 'p1', policyNumber: 'POL-000001', memberName: 'Sipho Dlamini', status: 'active' },
        { __typename: 'Policy', id: 'p2', policyNumber: 'POL-000002', memberName: 'Ayanda Zulu', status: 'active' },
      ],
      totalCount: 2,
    },
  },
};

import { graphql, type ResultOf, type VariablesOf } from 'gql.tada';
import { DocumentFields } from '../documents/documents.operations';

export const ClaimRowFields = graphql(`
  fragment ClaimRow on Claim @_unmask {
    id
    claimNumber
    policyId
    policyNumber
    memberId
    memberName
    deceasedName
    claimantName
    status
    claimAmount
    dateOfDeath
    submittedDate
    flags {
      withinWaitingPeriod
      waitingPeriodEndsOn
      deathType
      waitingRule
      lifeJoinedOn
      priorCoverMonths
      exceedsCover
      coverageAmount
      deceasedOnPolicy
    }
    nextStatuses
    approvedAmount
    accountHolderName
    bankAccountLast4
    override {
      reason
      flags
    }
    rejection {
      reason
      reasonLabel
      detail
    }
    payout {
      amount
      paidOn
      reference
      accountHolder
      accountLast4
    }
    disputeReason
    decisionClock {
      state
      startedAt
      dueAt
      decidedAt
      extendedFor
      businessMinutesLeft
      businessMinutesTaken
    }
  }
`);

export const ClaimsQuery = graphql(
  `
    query Claims($search: String, $status: ClaimStatus, $first: Int, $after: String) {
      claims(search: $search, status: $status, first: $first, after: $after) {
        nodes {
          ...ClaimRow
        }
        totalCount
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  `,
  [ClaimRowFields],
);

export const ClaimCountsQuery = graphql(`
  query ClaimCounts {
    claimCounts {
      total
      submitted
      underReview
      approved
      rejected
      sentToUnderwriter
      paid
      active
    }
  }
`);

/** One claim with what the list leaves out: its documents and its status history. */
export const ClaimDetailsQuery = graphql(
  `
    query ClaimDetails($id: ID!) {
      claim(id: $id) {
        ...ClaimRow
        submittedBy
        createdAt
        documents {
          ...DocumentFields
        }
        history {
          fromStatus
          toStatus
          note
          changedAt
          changedByName
          changedByRole
        }
      }
    }
  `,
  [ClaimRowFields, DocumentFields],
);

export const SubmitClaimMutation = graphql(
  `
    mutation SubmitClaim($input: SubmitClaimInput!) {
      submitClaim(input: $input) {
        ...ClaimRow
      }
    }
  `,
  [ClaimRowFields],
);

export const ChangeClaimStatusMutation = graphql(
  `
    mutation ChangeClaimStatus(
      $id: ID!
      $status: ClaimStatus!
      $note: String
      $approvedAmount: String
      $overrideReason: String
      $rejectionReason: ClaimRejectionReason
      $rejectionDetail: String
      $payout: ChangeClaimStatusPayoutInput
    ) {
      changeClaimStatus(
        id: $id
        status: $status
        note: $note
        approvedAmount: $approvedAmount
        overrideReason: $overrideReason
        rejectionReason: $rejectionReason
        rejectionDetail: $rejectionDetail
        payout: $payout
      ) {
        ...ClaimRow
      }
    }
  `,
  [ClaimRowFields],
);

/** Issue #23: an undecided claim marked as disputed (its decision has 14 more business days). */
export const DisputeClaimMutation = graphql(
  `
    mutation DisputeClaim($id: ID!, $reason: String!) {
      disputeClaim(id: $id, reason: $reason) {
        ...ClaimRow
      }
    }
  `,
  [ClaimRowFields],
);

export type ClaimRow = ResultOf<typeof ClaimRowFields>;
export type ClaimStatus = ClaimRow['status'];
export type ClaimFlags = ClaimRow['flags'];
export type ClaimDetails = NonNullable<ResultOf<typeof ClaimDetailsQuery>['claim']>;
export type ClaimHistoryEntry = ClaimDetails['history'][number];
export type ChangeClaimStatusVariables = VariablesOf<typeof ChangeClaimStatusMutation>;
export type SubmitClaimInput = VariablesOf<typeof SubmitClaimMutation>['input'];

export const CLAIMS_PAGE_SIZE = 50;

/**
 * The lists and the counts change with every claim (a count answer holds no Claim, an empty list
 * neither); a document review changes a claim's documents.
 */
export const CLAIMS_CONTEXT = { additionalTypenames: ['Claim', 'Document'] };

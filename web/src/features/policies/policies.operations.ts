import { graphql, type ResultOf, type VariablesOf } from 'gql.tada';

export const PolicyRowFields = graphql(`
  fragment PolicyRow on Policy @_unmask {
    id
    policyNumber
    memberId
    memberName
    memberPhone
    memberSaId
    policyTypeName
    status
    monthlyPremium
    coverageAmount
    startDate
    debitDay
    schemeId
    schemeName
  }
`);

export const PoliciesQuery = graphql(
  `
    query Policies($search: String, $status: PolicyStatus, $first: Int, $after: String) {
      policies(search: $search, status: $status, first: $first, after: $after) {
        nodes {
          ...PolicyRow
        }
        totalCount
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  `,
  [PolicyRowFields],
);

export const PolicyCountsQuery = graphql(`
  query PolicyCounts($search: String) {
    policyCounts(search: $search) {
      active
      lapsed
      cancelled
      total
    }
  }
`);

export const ChangePolicyStatusMutation = graphql(
  `
    mutation ChangePolicyStatus($id: ID!, $status: PolicyStatus!, $note: String) {
      changePolicyStatus(id: $id, status: $status, note: $note) {
        ...PolicyRow
      }
    }
  `,
  [PolicyRowFields],
);

export type PolicyRow = ResultOf<typeof PolicyRowFields>;
export type PolicyStatus = PolicyRow['status'];
export type PoliciesVariables = VariablesOf<typeof PoliciesQuery>;

export const POLICIES_PAGE_SIZE = 50;

/**
 * Lists and counts change with members (a registration issues a policy) and with policy changes;
 * naming both keeps an empty list or a count, which hold no Policy object, refreshed too.
 */
export const POLICIES_CONTEXT = { additionalTypenames: ['Policy', 'Member'] };

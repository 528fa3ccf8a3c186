import { graphql, type ResultOf } from 'gql.tada';

export const PolicyTypeFields = graphql(`
  fragment PolicyTypeFields on PolicyType @_unmask {
    id
    name
    description
    coverageAmount
    monthlyPremium
    waitingPeriod
    isActive
    graceDays
    lapseAfterMissed
    reinstatementMonths
    benefits {
      relationship
      minAge
      maxAge
      coverAmount
      monthlyPremium
    }
    suicideWaitingMonths
    onMainMemberDeath
  }
`);

export const PolicyTypesQuery = graphql(
  `
    query PolicyTypes {
      policyTypes {
        ...PolicyTypeFields
      }
    }
  `,
  [PolicyTypeFields],
);

export const CreatePolicyTypeMutation = graphql(
  `
    mutation CreatePolicyType($input: PolicyTypeInput!) {
      createPolicyType(input: $input) {
        ...PolicyTypeFields
      }
    }
  `,
  [PolicyTypeFields],
);

export const UpdatePolicyTypeMutation = graphql(
  `
    mutation UpdatePolicyType($id: ID!, $input: PolicyTypeInput!) {
      updatePolicyType(id: $id, input: $input) {
        ...PolicyTypeFields
      }
    }
  `,
  [PolicyTypeFields],
);

export type PolicyType = ResultOf<typeof PolicyTypeFields>;

/**
 * An empty list holds no PolicyType, so urql could not tell that a created type concerns it: the
 * context names the type for the document cache.
 */
export const POLICY_TYPES_CONTEXT = { additionalTypenames: ['PolicyType'] };

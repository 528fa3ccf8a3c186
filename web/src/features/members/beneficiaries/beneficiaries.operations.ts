import { graphql, type ResultOf } from 'gql.tada';

/** A beneficiary as the section lists it: read with the policy and answered after a nomination alike. */
export const BeneficiaryFields = graphql(`
  fragment BeneficiaryFields on Beneficiary @_unmask {
    firstName
    lastName
    idNumber
    relationship
    phone
    share
  }
`);

export type Beneficiary = ResultOf<typeof BeneficiaryFields>;

/** The whole set, replacing the one before (PUT /api/policies/{id}/beneficiaries). */
export const NominateBeneficiariesMutation = graphql(
  `
    mutation NominateBeneficiaries($id: ID!, $input: NominateBeneficiariesInput!) {
      nominateBeneficiaries(id: $id, input: $input) {
        ...BeneficiaryFields
      }
    }
  `,
  [BeneficiaryFields],
);

/**
 * Beneficiaries carry no id, so the answer cannot update a cached policy by itself: naming Policy
 * refetches the queries that read policies (the member's page), which then show the new set.
 */
export const BENEFICIARIES_CONTEXT = { additionalTypenames: ['Policy', 'Beneficiary'] };

import { graphql, type ResultOf, type VariablesOf } from 'gql.tada';

export const PaymentRowFields = graphql(`
  fragment PaymentRow on Payment @_unmask {
    id
    policyId
    policyNumber
    memberId
    memberName
    groupSchemeId
    amount
    paymentDate
    paymentMethod
    reference
    notes
    status
    createdAt
    schemeName
  }
`);

export const PaymentsQuery = graphql(
  `
    query Payments($search: String, $status: PaymentStatus, $first: Int, $after: String) {
      payments(search: $search, status: $status, first: $first, after: $after) {
        nodes {
          ...PaymentRow
        }
        totalCount
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  `,
  [PaymentRowFields],
);

/** The group tab's choice: the schemes with their member counts (only active ones can be paid for). */
export const PaymentSchemesQuery = graphql(`
  query PaymentSchemes {
    groupSchemes {
      id
      name
      status
      totalMembers
      mainMemberCount
      familyMemberCount
    }
  }
`);

export const RecordPaymentMutation = graphql(
  `
    mutation RecordPayment($input: RecordPaymentInput!) {
      recordPayment(input: $input) {
        ...PaymentRow
      }
    }
  `,
  [PaymentRowFields],
);

export const ChangePaymentStatusMutation = graphql(
  `
    mutation ChangePaymentStatus($id: ID!, $status: PaymentStatus!) {
      changePaymentStatus(id: $id, status: $status) {
        ...PaymentRow
      }
    }
  `,
  [PaymentRowFields],
);

export const RecordGroupPaymentMutation = graphql(
  `
    mutation RecordGroupPayment($schemeId: ID!, $input: RecordGroupPaymentInput!) {
      recordGroupPayment(schemeId: $schemeId, input: $input) {
        groupPaymentId
        schemeId
        amountPerMember
        memberCount
        totalAmount
        payments {
          ...PaymentRow
        }
      }
    }
  `,
  [PaymentRowFields],
);

export type PaymentRow = ResultOf<typeof PaymentRowFields>;
export type PaymentStatus = PaymentRow['status'];
export type PaymentScheme = ResultOf<typeof PaymentSchemesQuery>['groupSchemes'][number];
export type RecordPaymentInput = VariablesOf<typeof RecordPaymentMutation>['input'];
export type RecordGroupPaymentInput = VariablesOf<typeof RecordGroupPaymentMutation>['input'];
export type GroupPaymentResult = ResultOf<typeof RecordGroupPaymentMutation>['recordGroupPayment'];

export const PAYMENTS_PAGE_SIZE = 50;

/** An empty list holds no Payment, so it names the type to be refreshed after a payment is recorded. */
export const PAYMENTS_CONTEXT = { additionalTypenames: ['Payment'] };

/** A scheme's member count changes with its members. */
export const PAYMENT_SCHEMES_CONTEXT = { additionalTypenames: ['GroupScheme', 'SchemeMember'] };

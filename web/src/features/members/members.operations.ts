import { graphql, type ResultOf, type VariablesOf } from 'gql.tada';
import { PolicyStatementFields } from '../arrears/arrears.operations';
import { BeneficiaryFields } from './beneficiaries/beneficiaries.operations';

export const MemberRowFields = graphql(`
  fragment MemberRow on Member @_unmask {
    id
    firstName
    lastName
    identifierType
    saId
    passportNumber
    email
    phone
    address
    city
    province
    postalCode
    dateOfBirth
    isMainMember
    mainMemberName
    relationship
    otherRelationship
    policyNumber
    policyStatus
    status
    schemeId
    schemeName
  }
`);

export const MembersQuery = graphql(
  `
    query Members($search: String, $first: Int, $after: String) {
      members(search: $search, first: $first, after: $after) {
        nodes {
          ...MemberRow
        }
        totalCount
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  `,
  [MemberRowFields],
);

/** The family-member form's main-member picker: searched on the server, a few at a time. */
export const MainMembersQuery = graphql(`
  query MainMembers($search: String, $first: Int) {
    members(search: $search, mainOnly: true, first: $first) {
      nodes {
        id
        firstName
        lastName
        saId
        passportNumber
      }
      totalCount
    }
  }
`);

export const CanAddMemberQuery = graphql(`
  query CanAddMember {
    canAddMember {
      canAdd
      reason
    }
  }
`);

export const RegisterMemberMutation = graphql(
  `
    mutation RegisterMember($input: RegisterMemberInput!) {
      registerMember(input: $input) {
        ...MemberRow
      }
    }
  `,
  [MemberRowFields],
);

export const UpdateMemberMutation = graphql(
  `
    mutation UpdateMember($id: ID!, $input: UpdateMemberInput!) {
      updateMember(id: $id, input: $input) {
        ...MemberRow
      }
    }
  `,
  [MemberRowFields],
);

export const UpdateFamilyMemberMutation = graphql(
  `
    mutation UpdateFamilyMember($id: ID!, $input: FamilyMemberDetailsInput!) {
      updateFamilyMember(id: $id, input: $input) {
        ...MemberRow
      }
    }
  `,
  [MemberRowFields],
);

export const DeleteMemberMutation = graphql(`
  mutation DeleteMember($id: ID!) {
    deleteMember(id: $id)
  }
`);

/** A new policy for a main member with none in force (issue #20). */
export const IssuePolicyMutation = graphql(`
  mutation IssuePolicy($id: ID!, $input: IssuePolicyInput!) {
    issuePolicy(id: $id, input: $input) {
      id
      policyNumber
      waitingPeriod
    }
  }
`);

export type MemberRow = ResultOf<typeof MemberRowFields>;
export type RegisterMemberInput = VariablesOf<typeof RegisterMemberMutation>['input'];
export type MainMemberOption = ResultOf<typeof MainMembersQuery>['members']['nodes'][number];

export const MEMBERS_PAGE_SIZE = 50;

/** Member lists: an empty list holds no Member, so the context names the type for the cache. */
export const MEMBERS_CONTEXT = { additionalTypenames: ['Member', 'Policy'] };

/**
 * For mutations whose answer holds no Member or Policy (a delete answers true, an import a
 * summary): what they changed, so urql refetches the member and policy lists, the dashboard and
 * the sidebar's member count.
 */
export const MEMBER_CHANGE_CONTEXT = { additionalTypenames: ['Member', 'Policy'] };

/** The member's page (issue #22) in one request: a section the role may not read comes back null. */
export const MemberPageQuery = graphql(
  `
    query MemberPage($id: ID!) {
      member(id: $id) {
        ...MemberRow
        nationality
        mainMemberId
        birthDate
        age
        createdAt
        lives {
          id
          firstName
          lastName
          isMainMember
          relationship
          otherRelationship
          saId
          passportNumber
          dateOfBirth
          age
          status
        }
        documents {
          kind
          title
          date
          href
          fileName
        }
        policies {
          id
          policyNumber
          policyTypeId
          policyTypeName
          schemeId
          status
          monthlyPremium
          coverageAmount
          waitingPeriod
          startDate
          debitDay
          coverByLife {
            memberId
            coverAmount
            monthlyPremium
          }
          statement {
            ...PolicyStatementFields
          }
          mandate {
            mandateReference
            bank
            status
            debiCheck
            suspended {
              on
            }
          }
          payments {
            totalCount
            nodes {
              id
              amount
              paymentDate
              paymentMethod
              reference
              status
            }
          }
          claims {
            id
            claimNumber
            deceasedName
            status
            claimAmount
            submittedDate
            payout {
              amount
              paidOn
            }
          }
          beneficiaries {
            ...BeneficiaryFields
          }
        }
      }
    }
  `,
  [MemberRowFields, PolicyStatementFields, BeneficiaryFields],
);

export type MemberPage = NonNullable<ResultOf<typeof MemberPageQuery>['member']>;
export type MemberPagePolicy = NonNullable<MemberPage['policies']>[number];

/** The member's page's history (issue #22), read when the clerk opens it. */
export const MemberHistoryQuery = graphql(`
  query MemberHistory($id: ID!) {
    member(id: $id) {
      id
      history {
        position
        occurredAt
        title
        subject
        note
        actor {
          userId
          name
          role
        }
        changes {
          label
          before
          after
        }
      }
    }
  }
`);

export type MemberHistoryEntry = NonNullable<ResultOf<typeof MemberHistoryQuery>['member']>['history'][number];

/** An active policy moved to another type (issue #22). */
export const ChangePolicyTypeMutation = graphql(`
  mutation ChangePolicyType($id: ID!, $input: ChangePolicyTypeInput!) {
    changePolicyType(id: $id, input: $input) {
      id
      policyNumber
      policyTypeName
      monthlyPremium
      coverageAmount
    }
  }
`);

import { graphql, type ResultOf, type VariablesOf } from 'gql.tada';

export const GroupSchemeFields = graphql(`
  fragment GroupSchemeFields on GroupScheme @_unmask {
    id
    name
    description
    status
    totalMembers
    mainMemberCount
    familyMemberCount
    policyPrefix
    createdAt
    updatedAt
  }
`);

export const GroupSchemesQuery = graphql(
  `
    query GroupSchemes {
      groupSchemes {
        ...GroupSchemeFields
      }
    }
  `,
  [GroupSchemeFields],
);

export const GroupSchemeQuery = graphql(
  `
    query GroupScheme($id: ID!) {
      groupScheme(id: $id) {
        ...GroupSchemeFields
      }
    }
  `,
  [GroupSchemeFields],
);

export const SchemeMemberFields = graphql(`
  fragment SchemeMemberFields on SchemeMember @_unmask {
    id
    firstName
    lastName
    saId
    passportNumber
    phone
    address
    city
    province
    postalCode
    email
    coverAmount
    policyNumber
    isMainMember
    relationship
    status
  }
`);

export const SchemeMembersQuery = graphql(
  `
    query SchemeMembers($schemeId: ID!) {
      schemeMembers(schemeId: $schemeId) {
        ...SchemeMemberFields
        familyMembers {
          ...SchemeMemberFields
        }
      }
    }
  `,
  [SchemeMemberFields],
);

const MembersPayloadFields = graphql(
  `
    fragment MembersPayloadFields on GroupSchemeMembersPayload @_unmask {
      scheme {
        ...GroupSchemeFields
      }
      mainMembersAdded
      familyMembersAdded
      droppedRows
    }
  `,
  [GroupSchemeFields],
);

export const CreateGroupSchemeMutation = graphql(
  `
    mutation CreateGroupScheme($input: CreateGroupSchemeInput!) {
      createGroupScheme(input: $input) {
        ...MembersPayloadFields
      }
    }
  `,
  [MembersPayloadFields],
);

export const AddSchemeMembersMutation = graphql(
  `
    mutation AddSchemeMembers($schemeId: ID!, $input: AddSchemeMembersInput!) {
      addSchemeMembers(schemeId: $schemeId, input: $input) {
        ...MembersPayloadFields
      }
    }
  `,
  [MembersPayloadFields],
);

export const UpdateGroupSchemeMutation = graphql(
  `
    mutation UpdateGroupScheme($id: ID!, $input: UpdateGroupSchemeInput!) {
      updateGroupScheme(id: $id, input: $input) {
        ...GroupSchemeFields
      }
    }
  `,
  [GroupSchemeFields],
);

export const RemoveSchemeMemberMutation = graphql(
  `
    mutation RemoveSchemeMember($schemeId: ID!, $memberId: ID!) {
      removeSchemeMember(schemeId: $schemeId, memberId: $memberId) {
        scheme {
          ...GroupSchemeFields
        }
        removedMemberId
        familyMembersRemoved
      }
    }
  `,
  [GroupSchemeFields],
);

export type GroupScheme = ResultOf<typeof GroupSchemeFields>;
export type SchemeStatus = GroupScheme['status'];
export type SchemeMember = ResultOf<typeof SchemeMembersQuery>['schemeMembers'][number];
export type SchemeFamilyMember = SchemeMember['familyMembers'][number];
export type MembersPayload = ResultOf<typeof MembersPayloadFields>;
export type CreateGroupSchemeInput = VariablesOf<typeof CreateGroupSchemeMutation>['input'];
export type SchemeMainMemberInput = CreateGroupSchemeInput['mainMembers'][number];

/**
 * The lists hold schemes and members; an empty answer holds neither, so both are named. A scheme's
 * members change its counts, and a group payment lists its payments.
 */
export const SCHEMES_CONTEXT = { additionalTypenames: ['GroupScheme', 'SchemeMember'] };

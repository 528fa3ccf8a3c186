import { graphql, type VariablesOf } from 'gql.tada';

export const ImportMembersMutation = graphql(`
  mutation ImportMembers($input: ImportMembersInput!) {
    importMembers(input: $input) {
      imported
      failed {
        rowNumber
        errors
      }
      skippedForLimit
    }
  }
`);

export type ImportMembersInput = VariablesOf<typeof ImportMembersMutation>['input'];

import { graphql, type ResultOf, type VariablesOf } from 'gql.tada';

// Unmasked: the session user is plain data shared by the provider, the shell and the pages.
export const SessionUserFields = graphql(`
  fragment SessionUser on User @_unmask {
    id
    username
    email
    firstName
    lastName
    role
    companyId
    permissions
    mustChangePassword
  }
`);

export const MeQuery = graphql(
  `
    query Me {
      me {
        ...SessionUser
      }
    }
  `,
  [SessionUserFields],
);

export const LoginMutation = graphql(
  `
    mutation Login($input: LoginInput!) {
      login(input: $input) {
        token
        user {
          ...SessionUser
        }
      }
    }
  `,
  [SessionUserFields],
);

export const RegisterMutation = graphql(
  `
    mutation Register($input: RegisterInput!) {
      register(input: $input) {
        token
        user {
          ...SessionUser
        }
      }
    }
  `,
  [SessionUserFields],
);

export const LogoutMutation = graphql(`
  mutation Logout {
    logout
  }
`);

export type SessionUser = ResultOf<typeof SessionUserFields>;
export type LoginInput = VariablesOf<typeof LoginMutation>['input'];
export type RegisterInput = VariablesOf<typeof RegisterMutation>['input'];

import { graphql, type ResultOf, type VariablesOf } from 'gql.tada';

export const CompanyUserFields = graphql(`
  fragment CompanyUserRow on CompanyUser @_unmask {
    id
    username
    email
    firstName
    lastName
    role
    isActive
    mustChangePassword
  }
`);

export const RoleOptionFields = graphql(`
  fragment RoleOptionFields on RoleOption @_unmask {
    value
    label
    description
    userCount
    permissions
  }
`);

export const UserPermissionsFields = graphql(`
  fragment UserPermissionsFields on UserPermissions @_unmask {
    userId
    role
    effectivePermissions
    userOverrides {
      name
      effect
    }
  }
`);

export const RolesQuery = graphql(
  `
    query Roles {
      roles {
        ...RoleOptionFields
      }
    }
  `,
  [RoleOptionFields],
);

export const CompanyUsersQuery = graphql(
  `
    query CompanyUsers {
      companyUsers {
        ...CompanyUserRow
      }
    }
  `,
  [CompanyUserFields],
);

export const PermissionGroupsQuery = graphql(`
  query PermissionGroups {
    permissionGroups {
      resource
      permissions {
        id
        name
        resource
        action
        description
      }
    }
  }
`);

export const UserPermissionsQuery = graphql(
  `
    query UserPermissions($userId: ID!) {
      userPermissions(userId: $userId) {
        ...UserPermissionsFields
      }
    }
  `,
  [UserPermissionsFields],
);

export const CreateUserMutation = graphql(
  `
    mutation CreateUser($input: NewUserInput!) {
      createUser(input: $input) {
        ...CompanyUserRow
      }
    }
  `,
  [CompanyUserFields],
);

export const ChangeUserRoleMutation = graphql(
  `
    mutation ChangeUserRole($userId: ID!, $role: Role!) {
      changeUserRole(userId: $userId, role: $role) {
        ...CompanyUserRow
      }
    }
  `,
  [CompanyUserFields],
);

/** Issue #25: a staff user deactivated (sessions end, sign-in refused) or reactivated. */
export const DeactivateUserMutation = graphql(
  `
    mutation DeactivateUser($userId: ID!) {
      deactivateUser(userId: $userId) {
        ...CompanyUserRow
      }
    }
  `,
  [CompanyUserFields],
);

export const ReactivateUserMutation = graphql(
  `
    mutation ReactivateUser($userId: ID!) {
      reactivateUser(userId: $userId) {
        ...CompanyUserRow
      }
    }
  `,
  [CompanyUserFields],
);

/** Issue #25: a temporary password, shown once; the user must choose their own at next sign-in. */
export const ResetUserPasswordMutation = graphql(
  `
    mutation ResetUserPassword($userId: ID!) {
      resetUserPassword(userId: $userId) {
        temporaryPassword
        user {
          ...CompanyUserRow
        }
      }
    }
  `,
  [CompanyUserFields],
);

export const SetRolePermissionsMutation = graphql(
  `
    mutation SetRolePermissions($role: Role!, $permissionIds: [ID!]!) {
      setRolePermissions(role: $role, permissionIds: $permissionIds) {
        ...RoleOptionFields
      }
    }
  `,
  [RoleOptionFields],
);

export const InitializeDefaultPermissionsMutation = graphql(
  `
    mutation InitializeDefaultPermissions {
      initializeDefaultPermissions {
        ...RoleOptionFields
      }
    }
  `,
  [RoleOptionFields],
);

export const GrantPermissionMutation = graphql(
  `
    mutation GrantPermission($userId: ID!, $permission: String!) {
      grantPermission(userId: $userId, permission: $permission) {
        ...UserPermissionsFields
      }
    }
  `,
  [UserPermissionsFields],
);

export const RevokePermissionMutation = graphql(
  `
    mutation RevokePermission($userId: ID!, $permission: String!) {
      revokePermission(userId: $userId, permission: $permission) {
        ...UserPermissionsFields
      }
    }
  `,
  [UserPermissionsFields],
);

export type CompanyUserRow = ResultOf<typeof CompanyUserFields>;
export type RoleOption = ResultOf<typeof RoleOptionFields>;
export type CompanyRoleValue = RoleOption['value'];
export type UserPermissions = ResultOf<typeof UserPermissionsFields>;
export type PermissionGroup = ResultOf<typeof PermissionGroupsQuery>['permissionGroups'][number];
export type PermissionItem = PermissionGroup['permissions'][number];
export type CreateUserInput = VariablesOf<typeof CreateUserMutation>['input'];

/*
 * The document cache refetches a query when a mutation answers with a type the query holds. A
 * user's role moves the roles' user counts and the user's effective permissions, and a role's set
 * moves every effective set, so each change names the types it touches beyond its own answer.
 */
export const USERS_CONTEXT = { additionalTypenames: ['CompanyUser'] };
export const ROLES_CONTEXT = { additionalTypenames: ['RoleOption'] };
export const USER_CHANGE_CONTEXT = { additionalTypenames: ['CompanyUser', 'RoleOption', 'UserPermissions'] };
export const ROLE_CHANGE_CONTEXT = { additionalTypenames: ['RoleOption', 'UserPermissions'] };

import { DEFAULT_ROLE_PERMISSIONS, type Role } from '@fpa/write-model/validation';
import { Client, cacheExchange, fetchExchange } from 'urql';

export type GraphQLAnswer = { data?: unknown; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };

/** Answers one operation by name, as the gateway would. */
export type GraphQLHandler = (operationName: string, variables: Record<string, unknown>) => GraphQLAnswer | Promise<GraphQLAnswer>;

/**
 * A real urql client whose fetch is answered in memory, so tests go through the same exchanges,
 * request shape and error handling as the app.
 */
export function createTestClient(handler: GraphQLHandler): Client {
  return new Client({
    url: 'http://localhost/graphql',
    exchanges: [cacheExchange, fetchExchange],
    preferGetMethod: false,
    fetch: async (_input, init) => {
      const body = JSON.parse(String(init?.body)) as { operationName: string; variables?: Record<string, unknown> };
      const answer = await handler(body.operationName, body.variables ?? {});
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
    },
  });
}

/** A session user; its permissions are its role's defaults unless the overrides say otherwise. */
export const testUser = (overrides: Record<string, unknown> = {}) => {
  const role = (overrides.role ?? 'administrator') as Role;
  return {
    __typename: 'User',
    id: 'u1',
    username: 'thandi',
    email: 'thandi@example.co.za',
    firstName: 'Thandi',
    lastName: 'Nkosi',
    role,
    companyId: 'c1',
    mustChangePassword: false,
    permissions: role === 'super_admin' ? [] : [...DEFAULT_ROLE_PERMISSIONS[role]],
    ...overrides,
  };
};

/** A handler for a signed-in session (or signed out with user null), answering the shell's queries. */
export function sessionHandler(user: ReturnType<typeof testUser> | null, extra: GraphQLHandler = () => ({ data: null })): GraphQLHandler {
  return (name, variables) => {
    if (name === 'Me') return { data: { me: user } };
    if (name === 'ShellCompany') return { data: { company: { __typename: 'Company', id: 'c1', name: 'Ubuntu Funeral Cover' } } };
    if (name === 'ShellSubscription')
      return {
        data: { subscription: { __typename: 'CompanySubscription', tier: 'free', currentMemberCount: 45, memberLimit: 300 } },
      };
    return extra(name, variables);
  };
}

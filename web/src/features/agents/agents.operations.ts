import { graphql, type ResultOf, type VariablesOf } from 'gql.tada';

export const AgentFields = graphql(`
  fragment AgentFields on Agent @_unmask {
    id
    userId
    agentId
    firstName
    lastName
    idNumber
    email
    phone
    supervisorName
    region
    commissionRate
    salesTarget
    notes
    status
    createdAt
    clientsOnboarded
    salesThisMonth
    policiesSold
    totalCommissions
  }
`);

/** The company's agents with their metrics; an agent's own session gets only its own record. */
export const AgentsQuery = graphql(
  `
    query Agents {
      agents {
        ...AgentFields
      }
    }
  `,
  [AgentFields],
);

export const ActivitiesQuery = graphql(`
  query Activities($first: Int) {
    activities(first: $first) {
      id
      userId
      agentId
      type
      description
      createdAt
    }
  }
`);

export const RegisterAgentMutation = graphql(
  `
    mutation RegisterAgent($input: AgentInput!) {
      registerAgent(input: $input) {
        ...AgentFields
      }
    }
  `,
  [AgentFields],
);

export const UpdateAgentMutation = graphql(
  `
    mutation UpdateAgent($id: ID!, $input: AgentUpdateInput!) {
      updateAgent(id: $id, input: $input) {
        ...AgentFields
      }
    }
  `,
  [AgentFields],
);

export type Agent = ResultOf<typeof AgentFields>;
export type AgentStatus = Agent['status'];
export type Activity = ResultOf<typeof ActivitiesQuery>['activities'][number];
export type RegisterAgentInput = VariablesOf<typeof RegisterAgentMutation>['input'];
export type UpdateAgentInput = VariablesOf<typeof UpdateAgentMutation>['input'];

/** An empty list holds no Agent, so it names the type to refresh after an agent is added. */
export const AGENTS_CONTEXT = { additionalTypenames: ['Agent'] };

/** Activities follow onboarding (a new member and policy) as well as agent changes. */
export const ACTIVITIES_CONTEXT = { additionalTypenames: ['Activity', 'Agent', 'OnboardClientResult'] };

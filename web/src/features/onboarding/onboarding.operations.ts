import { graphql, type ResultOf, type VariablesOf } from 'gql.tada';

export const OnboardClientMutation = graphql(`
  mutation OnboardClient($input: OnboardClientInput!) {
    onboardClient(input: $input) {
      memberId
      policyId
      policyNumber
      familyMembersAdded
    }
  }
`);

export type OnboardClientInput = VariablesOf<typeof OnboardClientMutation>['input'];
export type OnboardClientResult = ResultOf<typeof OnboardClientMutation>['onboardClient'];

/**
 * After onboarding, members, policies, dashboard figures, the agent's own figures, activities and
 * new sales are refreshed (spec part 2 §7); the answer holds none of those types.
 */
export const ONBOARDING_CONTEXT = {
  additionalTypenames: ['Member', 'Policy', 'DashboardStats', 'AgentDashboard', 'Agent', 'Activity', 'NewSales', 'Sale'],
};

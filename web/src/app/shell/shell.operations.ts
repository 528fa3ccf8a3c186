import { graphql } from 'gql.tada';

export const ShellCompanyQuery = graphql(`
  query ShellCompany {
    company {
      id
      name
    }
  }
`);

export const ShellSubscriptionQuery = graphql(`
  query ShellSubscription {
    subscription {
      tier
      currentMemberCount
      memberLimit
    }
  }
`);

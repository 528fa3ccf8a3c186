import { graphql, type ResultOf } from 'gql.tada';

export const DashboardStatsQuery = graphql(`
  query DashboardStats {
    dashboardStats {
      totalMembers
      activePolicies
      monthlyRevenue
      memberGrowth
    }
  }
`);

export type DashboardStats = ResultOf<typeof DashboardStatsQuery>['dashboardStats'];

/**
 * The figures change with every member, policy and claim change (spec part 2 §7: a submitted claim
 * refreshes the dashboard stats), though the answer holds none of those types.
 */
export const DASHBOARD_STATS_CONTEXT = { additionalTypenames: ['Member', 'Policy', 'Claim'] };

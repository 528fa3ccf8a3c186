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

/** The figures change with every member and policy change, though the answer holds neither type. */
export const DASHBOARD_STATS_CONTEXT = { additionalTypenames: ['Member', 'Policy'] };

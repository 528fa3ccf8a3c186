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

/** The signed-in agent's own figures (spec part 1 §2 Dashboard, agent cards). */
export const AgentDashboardQuery = graphql(`
  query AgentDashboard {
    agentDashboard {
      salesTarget
      clientsOnboarded
      totalCommissions
      commissionRate
      commissionThisMonth
    }
  }
`);

export type AgentDashboardFigures = ResultOf<typeof AgentDashboardQuery>['agentDashboard'];

/** Onboarding adds clients and sales; payments earn commission; an administrator may change the rate or target. */
export const AGENT_DASHBOARD_CONTEXT = { additionalTypenames: ['Agent', 'OnboardClientResult', 'Payment'] };

/** The book this month (issue #20): collections, policies in grace, lapses and the lapse-ratio trend. */
export const BookSummaryQuery = graphql(`
  query BookSummary {
    bookSummary {
      month
      premiumsDue
      premiumsPaid
      collectionRate
      policiesInGrace
      arrearsInGrace
      lapsesThisMonth
      lapseRatio {
        month
        activeAtStart
        lapsed
        ratio
      }
    }
  }
`);

export type BookSummary = ResultOf<typeof BookSummaryQuery>['bookSummary'];

/** Payments, policy changes and the daily run change the book. */
export const BOOK_SUMMARY_CONTEXT = { additionalTypenames: ['Payment', 'Policy', 'DailyBillingRun'] };

/** The dashboard's search: members, policies and claims, each hit opening a member's page. */
export const SearchQuery = graphql(`
  query Search($text: String!) {
    search(text: $text, first: 5) {
      kind
      id
      memberId
      title
      detail
    }
  }
`);

export type SearchHit = ResultOf<typeof SearchQuery>['search'][number];

/** The bell (issue #25): what waits for the user's role, with its count and page. */
export const WorkItemsQuery = graphql(`
  query WorkItems {
    workItems {
      kind
      count
      label
      href
    }
  }
`);

/** The dashboard's decision-clock panel (issue #23): claims overdue, due soon, running; the most urgent. */
export const ClaimDeadlinesQuery = graphql(`
  query ClaimDeadlines {
    claimDeadlines {
      overdue
      dueSoon
      running
      urgent {
        id
        claimNumber
        memberId
        memberName
        dueAt
        state
        businessMinutesLeft
      }
    }
  }
`);

/** Claims change with their documents and status: the panel follows both. */
export const CLAIM_DEADLINES_CONTEXT = { additionalTypenames: ['Claim', 'Document'] };

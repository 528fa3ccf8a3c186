import { graphql, type ResultOf, type VariablesOf } from 'gql.tada';

/** The types this server offers (agents only once its read model is part of it), with their filters. */
export const ReportTypesQuery = graphql(`
  query ReportTypes {
    availableReportTypes {
      type
      label
      statuses {
        value
        label
      }
    }
  }
`);

/** first: 10 for the preview; null for every row (the export). */
export const ReportQuery = graphql(`
  query Report($type: ReportType!, $status: String, $first: Int) {
    report(type: $type, status: $status, first: $first) {
      type
      status
      totalCount
      columns {
        key
        label
        kind
      }
      rows {
        cells
      }
      cards {
        key
        label
        value
        kind
      }
    }
  }
`);

export const ReportChartsQuery = graphql(`
  query ReportCharts($months: Int) {
    reportCharts(months: $months) {
      premiumsCollected {
        month
        count
        amount
      }
      memberGrowth {
        month
        count
      }
      policiesByStatus {
        status
        count
        amount
      }
      claimsByStatus {
        status
        count
        amount
      }
      claimsPerMonth {
        month
        count
        amount
      }
    }
  }
`);

export type ReportTypeInfo = ResultOf<typeof ReportTypesQuery>['availableReportTypes'][number];
export type ReportType = VariablesOf<typeof ReportQuery>['type'];
export type Report = ResultOf<typeof ReportQuery>['report'];
export type ReportColumn = Report['columns'][number];
export type ReportCharts = ResultOf<typeof ReportChartsQuery>['reportCharts'];

/** Spec part 2 §9: the preview shows the first 10 rows. */
export const PREVIEW_ROWS = 10;

/** The report figures change with every member, policy, claim and payment: none of them is cached apart. */
export const REPORTS_CONTEXT = { additionalTypenames: ['Member', 'Policy', 'Claim', 'Payment'] };

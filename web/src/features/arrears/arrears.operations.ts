import { graphql, type ResultOf } from 'gql.tada';

export const ArrearsQuery = graphql(`
  query Arrears($state: ArrearsFilter, $search: String, $first: Int) {
    arrears(state: $state, search: $search, first: $first) {
      asOf
      itemCount
      totals {
        state
        count
        arrears
      }
      items {
        policyId
        policyNumber
        memberName
        memberPhone
        monthlyPremium
        state
        arrears
        monthsInArrears
        oldestUnpaidDueDate
        paidUpTo
        graceEndsOn
        graceDaysLeft
        lastNoticeOn
        lastNoticeChannel
        lapsedOn
        lapseReason
      }
    }
  }
`);

export const RunDailyBillingMutation = graphql(`
  mutation RunDailyBilling($input: RunDailyBillingInput) {
    runDailyBilling(input: $input) {
      days
      daysRun
      lastDay
      premiumsFallenDue
      noticesIssued
      policiesLapsed
      policiesReinstated
      failed
    }
  }
`);

/** What a statement shows: the dialog from /policies and /arrears and the member's page read the same fields. */
export const PolicyStatementFields = graphql(`
  fragment PolicyStatementFields on PolicyStatement @_unmask {
    policyId
    policyNumber
    status
    asOf
    monthlyPremium
    debitDay
    paidUpTo
    balance
    monthsInArrears
    credit
    periods {
      period
      dueDate
      amountDue
      amountPaid
      state
    }
    notices {
      issuedOn
      periods
      graceEndsOn
      channel
    }
    lapse {
      lapsedOn
      reason
    }
  }
`);

export const PolicyStatementQuery = graphql(
  `
    query PolicyStatement($id: ID!) {
      policyStatement(id: $id) {
        ...PolicyStatementFields
      }
    }
  `,
  [PolicyStatementFields],
);

export type ArrearsList = ResultOf<typeof ArrearsQuery>['arrears'];
export type ArrearsItem = ArrearsList['items'][number];
export type DailyRun = ResultOf<typeof RunDailyBillingMutation>['runDailyBilling'];
export type PolicyStatement = NonNullable<ResultOf<typeof PolicyStatementQuery>['policyStatement']>;

/** Every list the calendar changes: a run refreshes the worklist. */
export const ARREARS_CONTEXT = { additionalTypenames: ['ArrearsList', 'PolicyStatement'] };

import { graphql, type ResultOf } from 'gql.tada';

export const SubscriptionFields = graphql(`
  fragment SubscriptionSummary on CompanySubscription @_unmask {
    tier
    planName
    monthlyPrice
    currentMemberCount
    memberLimit
    usagePercent
    nextBillingDate
    paymentMethod
  }
`);

export const SubscriptionPageQuery = graphql(
  `
    query SubscriptionPage {
      me {
        id
        permissions
      }
      subscription {
        ...SubscriptionSummary
      }
      subscriptionPlans {
        tier
        name
        monthlyPrice
        memberLimit
        description
        features
        badge
        checkout
        contactSales
        contactEmail
      }
      billingHistory {
        id
        date
        planName
        amount
        paymentMethod
        status
        invoiceNumber
      }
    }
  `,
  [SubscriptionFields],
);

/** The success page: the plan now in force, and whether the provider has confirmed this checkout yet. */
export const PaymentResultQuery = graphql(
  `
    query PaymentResult {
      subscription {
        ...SubscriptionSummary
      }
      billingHistory {
        id
        status
      }
    }
  `,
  [SubscriptionFields],
);

export const CreateCheckoutMutation = graphql(`
  mutation CreateSubscriptionCheckout($tier: String!) {
    createSubscriptionCheckout(tier: $tier) {
      redirectUrl
      checkoutId
    }
  }
`);

export type SubscriptionSummary = ResultOf<typeof SubscriptionFields>;
export type SubscriptionPlan = ResultOf<typeof SubscriptionPageQuery>['subscriptionPlans'][number];
export type BillingEntry = ResultOf<typeof SubscriptionPageQuery>['billingHistory'][number];

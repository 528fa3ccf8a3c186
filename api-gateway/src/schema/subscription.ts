import { builder } from '../builder.ts';
import { invoiceNumberText } from '../papers/tax-invoice.ts';
import * as subscriptions from '../queries/subscription.ts';

/** A checkout's answer: the provider's page to pay it on. */
export type CheckoutAnswer = { redirectUrl: string; checkoutId: string };
export type UpgradeAnswer = CheckoutAnswer & { requiresPayment: true; message: string };

const CompanySubscriptionType = builder.objectRef<subscriptions.SubscriptionAnswer>('CompanySubscription').implement({
  fields: (t) => ({
    tier: t.exposeString('tier'),
    currentMemberCount: t.exposeInt('currentMemberCount'),
    memberLimit: t.exposeInt('memberLimit', { description: '-1 = unlimited.' }),
    planName: t.exposeString('planName'),
    monthlyPrice: t.exposeString('monthlyPrice', { nullable: true, description: 'Rand a month; null for a custom price.' }),
    nextBillingDate: t.exposeString('nextBillingDate', {
      nullable: true,
      description: 'YYYY-MM-DD, the 1st of next month; null on the free tier.',
    }),
    paymentMethod: t.exposeString('paymentMethod', { nullable: true, description: "'Credit Card' for paid tiers." }),
    usagePercent: t.exposeInt('usagePercent', { description: 'round(count / limit × 100); 0 when unlimited.' }),
  }),
});

const SubscriptionPlanType = builder.objectRef<subscriptions.PlanAnswer>('SubscriptionPlan').implement({
  description: 'A tier as the plan cards show it (spec part 2 §9).',
  fields: (t) => ({
    tier: t.exposeString('id'),
    name: t.exposeString('name'),
    monthlyPrice: t.exposeString('monthlyPrice', { nullable: true, description: 'Rand a month; null for a custom price.' }),
    memberLimit: t.exposeInt('memberLimit', { description: '-1 = unlimited.' }),
    description: t.exposeString('description'),
    features: t.stringList({ resolve: (plan) => [...plan.features] }),
    badge: t.exposeString('badge', { nullable: true }),
    checkout: t.exposeBoolean('checkout', { description: 'Bought online through the checkout.' }),
    contactSales: t.exposeBoolean('contactSales'),
    contactEmail: t.exposeString('contactEmail', { nullable: true, description: "Contact Sales's address when one is configured." }),
  }),
});

const SubscriptionPaymentType = builder.objectRef<subscriptions.BillingEntry>('SubscriptionPayment').implement({
  description: 'A billing-history entry: a subscription payment the provider confirmed (paid) or reported failed.',
  fields: (t) => ({
    id: t.exposeID('id'),
    tier: t.exposeString('tier'),
    planName: t.exposeString('planName'),
    amount: t.exposeString('amount'),
    status: t.exposeString('status', { description: 'paid or failed' }),
    paymentMethod: t.exposeString('paymentMethod'),
    provider: t.exposeString('provider'),
    date: t.string({ resolve: (p) => p.recordedAt.toISOString() }),
    invoiceNumber: t.string({
      nullable: true,
      description: 'A paid payment’s invoice number (INV-000042); its PDF is GET /api/subscription/billing-history/{id}/invoice.pdf.',
      resolve: (p) => invoiceNumberText(p.invoiceNumber),
    }),
  }),
});

export const CheckoutType = builder.objectRef<CheckoutAnswer>('SubscriptionCheckout').implement({
  fields: (t) => ({ redirectUrl: t.exposeString('redirectUrl'), checkoutId: t.exposeID('checkoutId') }),
});

export const UpgradeType = builder.objectRef<UpgradeAnswer>('SubscriptionUpgrade').implement({
  description: 'A paid plan is granted only after payment: the checkout to pay it through.',
  fields: (t) => ({
    requiresPayment: t.exposeBoolean('requiresPayment'),
    message: t.exposeString('message'),
    redirectUrl: t.exposeString('redirectUrl'),
    checkoutId: t.exposeID('checkoutId'),
  }),
});

builder.queryFields((t) => ({
  subscription: t.field({
    type: CompanySubscriptionType,
    nullable: true,
    description: "The company's tier, member limit, member count and billing; null for platform users.",
    resolve: (_root, _args, ctx) => (ctx.user && !ctx.user.companyId ? null : subscriptions.subscription(ctx)),
  }),
  subscriptionPlans: t.field({
    type: [SubscriptionPlanType],
    description: 'The plan cards; empty for platform users.',
    resolve: (_root, _args, ctx) => (ctx.user && !ctx.user.companyId ? [] : subscriptions.subscriptionPlans(ctx)),
  }),
  billingHistory: t.field({
    type: [SubscriptionPaymentType],
    description: 'Newest first; empty for platform users.',
    resolve: (_root, _args, ctx) => (ctx.user && !ctx.user.companyId ? [] : subscriptions.billingHistory(ctx)),
  }),
}));

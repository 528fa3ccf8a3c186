import { z } from 'zod';
import type { SubscriptionPaymentRow, SubscriptionRow } from '@fpa/projections';
import { id, instant, money, named, rowOf, type AnswerMap } from './shapes.ts';

const subscription = named(
  'Subscription',
  rowOf<
    SubscriptionRow & {
      planName: string;
      monthlyPrice: string | null;
      nextBillingDate: string | null;
      paymentMethod: string | null;
      usagePercent: number;
    }
  >()(
    z.strictObject({
      tier: z.string(),
      memberLimit: z.int().meta({ description: '0 when unlimited' }),
      currentMemberCount: z.int(),
      planName: z.string(),
      monthlyPrice: money.nullable(),
      nextBillingDate: z.iso.date().nullable(),
      paymentMethod: z.string().nullable(),
      usagePercent: z.int(),
    }),
  ),
);

const plan = named(
  'SubscriptionPlan',
  z.strictObject({
    id: z.string().meta({ description: 'The tier the plan sells' }),
    name: z.string(),
    monthlyPrice: money.nullable().meta({ description: 'Null for a price agreed with sales' }),
    memberLimit: z.int(),
    description: z.string(),
    features: z.array(z.string()),
    badge: z.string().nullable(),
    checkout: z.boolean(),
    contactSales: z.boolean(),
    contactEmail: z.string().nullable(),
  }),
);

const billingEntry = named(
  'BillingEntry',
  rowOf<SubscriptionPaymentRow & { planName: string; paymentMethod: string }>()(
    z.strictObject({
      id,
      tier: z.string(),
      amount: money,
      status: z.enum(['paid', 'failed']),
      provider: z.string(),
      providerPaymentId: z.string(),
      recordedAt: instant,
      invoiceNumber: z
        .int()
        .nullable()
        .meta({ description: 'A paid payment’s invoice number (the platform’s sequence); null when failed' }),
      planName: z.string(),
      paymentMethod: z.string(),
    }),
  ),
);

const checkout = { redirectUrl: z.string().meta({ description: 'The payment provider’s page to send the browser to' }), checkoutId: id };
const formBody = { 'text/plain': z.string() };
const html = { 'text/html': z.string() };

/** Spec part 2 §7 Subscription, and the payment provider's side of a checkout. */
export const subscriptionAnswers: AnswerMap = {
  'GET /api/subscription': { summary: 'The company’s plan, member count and limit', answer: subscription },
  'GET /api/subscription/plans': { summary: 'The plans a company can choose', answer: z.array(plan) },
  'GET /api/subscription/billing-history': { summary: 'The subscription’s payments, newest first', answer: z.array(billingEntry) },
  'GET /api/subscription/billing-history/:id/invoice.pdf': {
    summary: 'A paid subscription payment’s invoice (issue #25)',
    description:
      'A Tax Invoice with VAT at 15 % out of the amount paid when the platform’s VAT number (system setting platform.vat_number) is set; otherwise an Invoice saying no VAT number is registered. The invoice number is the same on every download. 422 for a failed payment.',
    responses: { 200: { description: 'An A4 PDF', content: { 'application/pdf': z.string().meta({ format: 'binary' }) } } },
  },
  'POST /api/subscription/create-checkout': {
    summary: 'Start paying for a plan (a checkout at the provider)',
    answer: z.strictObject(checkout),
  },
  'PUT /api/subscription/upgrade': {
    summary: 'Upgrade the plan (a checkout at the provider)',
    answer: z.strictObject({ ...checkout, requiresPayment: z.literal(true), message: z.string() }),
  },
  'POST /api/billing/payfast/notify': {
    summary: 'PayFast’s payment notification (ITN)',
    description: 'Trusted for its signature only. Answers text/plain "OK".',
    responses: { 200: { description: 'Received', content: formBody } },
  },
  'POST /api/billing/sandbox/notify': {
    summary: 'The sandbox gateway’s payment notification',
    responses: { 200: { description: 'Received', content: formBody } },
  },
  'GET /api/billing/sandbox/checkout': {
    summary: 'The sandbox gateway’s payment page (only while the sandbox is the provider)',
    responses: {
      200: { description: 'An HTML page', content: html },
      400: { description: 'A page saying the payment link is not valid', content: html },
    },
  },
  'POST /api/billing/sandbox/checkout': {
    summary: 'The sandbox payment page’s buttons: pay or cancel',
    responses: {
      303: { description: 'Back to the application’s payment result page', headers: { location: 'Where the browser goes next' } },
      400: { description: 'A page saying the form is not valid', content: html },
    },
  },
};

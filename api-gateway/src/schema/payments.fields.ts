import { builder, withoutNulls } from '../builder.ts';
import * as payments from '../operations/payments.ts';
import { PolicyStatusEnum } from './portfolio.ts';
import {
  GroupPaymentMethodEnum,
  GroupPaymentResult,
  MonthlyPremiumsType,
  PaymentConnection,
  PaymentMethodEnum,
  PaymentStatusEnum,
  PaymentType,
  PolicyArrearsConnection,
} from './payments.ts';

const RecordPaymentInput = builder.inputType('RecordPaymentInput', {
  fields: (t) => ({
    policyId: t.id({ required: true }),
    amount: t.string({ required: true, description: "Rand as a decimal string ('150' or '150.50')." }),
    paymentDate: t.string({ required: true, description: 'YYYY-MM-DD' }),
    paymentMethod: t.field({ type: PaymentMethodEnum, required: true }),
    reference: t.string(),
    notes: t.string(),
  }),
});

const RecordGroupPaymentInput = builder.inputType('RecordGroupPaymentInput', {
  fields: (t) => ({
    amountPerMember: t.string({ required: true }),
    paymentMethod: t.field({ type: GroupPaymentMethodEnum, required: true }),
    paymentDate: t.string({ required: true, description: 'YYYY-MM-DD' }),
    reference: t.string(),
  }),
});

builder.queryFields((t) => ({
  payments: t.field({
    type: PaymentConnection,
    description: "The company's payments, newest first; search matches policy number, member name or reference (prefix).",
    args: {
      search: t.arg.string(),
      status: t.arg({ type: PaymentStatusEnum }),
      policyId: t.arg.id(),
      groupSchemeId: t.arg.id(),
      first: t.arg.int({ defaultValue: 50 }),
      after: t.arg.string(),
    },
    resolve: (_r, { policyId, groupSchemeId, ...args }, ctx) =>
      payments.payments(ctx, { ...withoutNulls(args), policyId: policyId?.toString(), groupSchemeId: groupSchemeId?.toString() }),
  }),
  premiumsCollected: t.field({
    type: [MonthlyPremiumsType],
    description: 'Completed payments summed per month, the last `months` months up to this one (oldest first, empty months included).',
    args: { months: t.arg.int({ defaultValue: 12 }) },
    resolve: (_r, { months }, ctx) => payments.premiumsCollected(ctx, months ?? undefined),
  }),
  policyArrears: t.field({
    type: PolicyArrearsConnection,
    description: 'Regular policies by months since their last completed payment, most in arrears first.',
    args: { minMonths: t.arg.int({ defaultValue: 0 }), status: t.arg({ type: PolicyStatusEnum }), first: t.arg.int({ defaultValue: 50 }), after: t.arg.string() },
    resolve: (_r, args, ctx) => payments.policyArrears(ctx, withoutNulls(args)),
  }),
}));

builder.mutationFields((t) => ({
  recordPayment: t.field({
    type: PaymentType,
    description: "Records a 'completed' payment against a regular policy of the caller's company.",
    args: { input: t.arg({ type: RecordPaymentInput, required: true }) },
    resolve: (_r, { input }, ctx) => payments.recordPayment(ctx, withoutNulls(input)),
  }),
  changePaymentStatus: t.field({
    type: PaymentType,
    description: 'Any status to any other.',
    args: { id: t.arg.id({ required: true }), status: t.arg({ type: PaymentStatusEnum, required: true }) },
    resolve: (_r, { id, status }, ctx) => payments.changePaymentStatus(ctx, String(id), { status }),
  }),
  recordGroupPayment: t.field({
    type: GroupPaymentResult,
    description: "One payment per main member's group policy, in one atomic append; refused for an inactive or empty scheme.",
    args: { schemeId: t.arg.id({ required: true }), input: t.arg({ type: RecordGroupPaymentInput, required: true }) },
    resolve: (_r, { schemeId, input }, ctx) => payments.recordGroupPayment(ctx, String(schemeId), withoutNulls(input)),
  }),
}));

import { builder, withoutNulls } from '../builder.ts';
import * as payments from '../queries/payments.ts';
import { PolicyStatusEnum } from './portfolio.ts';
import { MonthlyPremiumsType, PaymentConnection, PaymentStatusEnum, PolicyArrearsConnection } from './payments.ts';

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
    args: {
      minMonths: t.arg.int({ defaultValue: 0 }),
      status: t.arg({ type: PolicyStatusEnum }),
      first: t.arg.int({ defaultValue: 50 }),
      after: t.arg.string(),
    },
    resolve: (_r, args, ctx) => payments.policyArrears(ctx, withoutNulls(args)),
  }),
}));

import { enumType } from '../commands/graphql-input.ts';
import type { MonthlyPremiums, PaymentRow, PolicyArrearsRow } from '@fpa/projections';
import { GROUP_PAYMENT_METHODS, PAYMENT_METHODS, PAYMENT_STATUSES } from '@fpa/write-model/validation';
import { builder } from '../builder.ts';
import type { GroupPaymentMethod } from '@fpa/write-model/validation';
import { PageInfo } from './portfolio.ts';

/** A group payment's answer: the run's total (spec part 2 §7) and the payments it recorded, one per group policy. */
export type GroupPaymentAnswer = {
  groupPaymentId: string;
  schemeId: string;
  amountPerMember: string;
  memberCount: number;
  totalAmount: string;
  paymentMethod: GroupPaymentMethod;
  paymentDate: string;
  reference: string | null;
  payments: PaymentRow[];
};

type Page<T> = { nodes: T[]; totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null } };

export const PaymentMethodEnum = enumType('PaymentMethod', {
  values: PAYMENT_METHODS,
  description: 'Individual payment methods (spec part 2 §9).',
});
export const GroupPaymentMethodEnum = enumType('GroupPaymentMethod', {
  values: GROUP_PAYMENT_METHODS,
  description: 'Group payment methods (spec part 2 §9).',
});
export const PaymentStatusEnum = enumType('PaymentStatus', { values: PAYMENT_STATUSES, description: 'Any status may follow any other.' });

export const PaymentType = builder.objectRef<PaymentRow>('Payment').implement({
  description: "One premium payment against one policy: a regular policy, or a scheme main member's group policy.",
  fields: (t) => ({
    id: t.exposeID('id'),
    policyId: t.exposeID('policyId'),
    policyNumber: t.exposeString('policyNumber'),
    memberId: t.exposeID('memberId', { description: "The policyholder: a member, or a scheme's main member for a group policy." }),
    memberName: t.exposeString('memberName'),
    amount: t.exposeString('amount', { description: 'Rand, two decimals.' }),
    paymentDate: t.exposeString('paymentDate'),
    paymentMethod: t.exposeString('paymentMethod', {
      description: "One of PaymentMethod's values, or GroupPaymentMethod's for a group payment.",
    }),
    reference: t.exposeString('reference', { nullable: true }),
    notes: t.exposeString('notes', { nullable: true }),
    status: t.field({ type: PaymentStatusEnum, resolve: (p) => p.status }),
    createdAt: t.string({ resolve: (p) => p.createdAt.toISOString() }),
    groupSchemeId: t.exposeID('groupSchemeId', { nullable: true, description: 'Set on payments recorded by a group payment.' }),
    schemeName: t.exposeString('schemeName', { nullable: true }),
    groupPaymentId: t.exposeID('groupPaymentId', { nullable: true }),
    statusChangedAt: t.string({
      nullable: true,
      description: 'The last status change; null while it keeps the status it was recorded with.',
      resolve: (p) => p.statusChangedAt?.toISOString() ?? null,
    }),
    statusChangedByName: t.exposeString('statusChangedByName', { nullable: true }),
  }),
});

export const PaymentConnection = builder.objectRef<Page<PaymentRow>>('PaymentConnection').implement({
  fields: (t) => ({
    nodes: t.field({ type: [PaymentType], resolve: (page) => page.nodes }),
    totalCount: t.exposeInt('totalCount'),
    pageInfo: t.field({ type: PageInfo, resolve: (page) => page.pageInfo }),
  }),
});

export const GroupPaymentResult = builder.objectRef<GroupPaymentAnswer>('GroupPaymentResult').implement({
  description: 'A group payment: totalAmount = amountPerMember × memberCount (main and family members).',
  fields: (t) => ({
    groupPaymentId: t.exposeID('groupPaymentId'),
    schemeId: t.exposeID('schemeId'),
    amountPerMember: t.exposeString('amountPerMember'),
    memberCount: t.exposeInt('memberCount'),
    totalAmount: t.exposeString('totalAmount'),
    payments: t.field({
      type: [PaymentType],
      description: "One per main member's group policy: amountPerMember × (1 + its family members).",
      resolve: (r) => r.payments,
    }),
  }),
});

export const MonthlyPremiumsType = builder.objectRef<MonthlyPremiums>('MonthlyPremiums').implement({
  description: 'Premiums collected in one South African calendar month, from completed payments.',
  fields: (t) => ({
    month: t.exposeString('month', { description: 'YYYY-MM' }),
    amount: t.exposeString('amount'),
    paymentCount: t.exposeInt('paymentCount'),
  }),
});

const PolicyArrearsType = builder.objectRef<PolicyArrearsRow>('PolicyArrears').implement({
  description: "A regular policy's whole months since its last completed payment (since its start when never paid).",
  fields: (t) => ({
    policyId: t.exposeID('policyId'),
    policyNumber: t.exposeString('policyNumber'),
    memberName: t.exposeString('memberName', { nullable: true }),
    policyStatus: t.exposeString('policyStatus'),
    startDate: t.exposeString('startDate'),
    lastPaymentDate: t.exposeString('lastPaymentDate', { nullable: true }),
    monthsInArrears: t.exposeInt('monthsInArrears'),
  }),
});

export const PolicyArrearsConnection = builder.objectRef<Page<PolicyArrearsRow>>('PolicyArrearsConnection').implement({
  fields: (t) => ({
    nodes: t.field({ type: [PolicyArrearsType], resolve: (page) => page.nodes }),
    totalCount: t.exposeInt('totalCount'),
    pageInfo: t.field({ type: PageInfo, resolve: (page) => page.pageInfo }),
  }),
});

import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../command-handling/context.ts';
import { outcome, scenario } from '../command-handling/given-when-then.ts';
import type { PolicyState } from '../policies/policies.state.ts';
import { PAYMENT_STATUSES, paymentSchemaOn, type PaymentStatus } from '../validation/index.ts';
import { decideChangePaymentStatus, PAYMENT_NOT_FOUND } from './commands/change-payment-status.ts';
import { decideRecordPayment, POLICY_NOT_FOUND_FOR_PAYMENT } from './commands/record-payment.ts';
import { paymentPii, type PaymentEvent, type PaymentRecorded } from './payments.events.ts';
import { evolvePayment, initialPaymentState } from './payments.state.ts';
const paymentSchema = paymentSchemaOn('2026-06-15');

const ctx: CommandContext = {
  now: new Date('2026-06-15T10:00:00Z'),
  newId: () => 'x',
  actor: { userId: 'u1', role: 'billing_clerk', companyId: 'c1' },
  commandId: 'cmd',
};

const policy: PolicyState = {
  status: 'active',
  policyId: 'p1',
  companyId: 'c1',
  memberId: 'm1',
  policyNumber: 'POL-2026-000001',
  startDate: '2026-01-01',
  waitingPeriod: 6,
  coverageAmount: '20000.00',
  policyTypeId: 'pt1',
  monthlyPremium: '100.00',
  debitDay: 1,
  noticed: {},
  lapse: null,
  activations: 0,
  mandate: null,
  benefits: null,
  lives: [],
};
const input = paymentSchema.parse({
  policyId: 'p1',
  amount: '150.50',
  paymentDate: '2026-06-01',
  paymentMethod: 'debit_order',
  reference: ' JUN-01 ',
  notes: '',
});
const record = (overrides: Partial<Parameters<typeof decideRecordPayment>[0]> = {}) =>
  decideRecordPayment({ paymentId: 'pay1', companyId: 'c1', input, policy, memberName: 'Themba Mthembu', ...overrides });

const recorded: PaymentRecorded = {
  type: 'PaymentRecorded',
  data: {
    paymentId: 'pay1',
    companyId: 'c1',
    policyId: 'p1',
    policyNumber: 'POL-2026-000001',
    memberId: 'm1',
    memberName: 'Themba Mthembu',
    amount: '150.50',
    paymentDate: '2026-06-01',
    paymentMethod: 'debit_order',
    reference: 'JUN-01',
    notes: null,
    status: 'completed',
    groupSchemeId: null,
    groupPaymentId: null,
  },
};

describe('recording a payment', () => {
  it('given a policy of the company, when a payment is recorded, then PaymentRecorded, completed, with the policy and member copied', () => {
    outcome(() => record()).then([recorded]);
  });

  it('given a lapsed policy, when its arrears are paid, then the payment is recorded all the same', () => {
    const [event] = record({ policy: { ...policy, status: 'lapsed' } as PolicyState });
    expect(event?.data).toMatchObject({ policyId: 'p1', status: 'completed' });
  });

  it.each<[string, PolicyState]>([
    ['no such policy (or a group policy, which has no policy stream)', { status: 'none' }],
    ["another company's policy", { ...policy, companyId: 'c2' }],
  ])('given %s, when a payment is recorded, then it is refused at the policy field', (_name, state) => {
    outcome(() => record({ policy: state })).thenThrows('VALIDATION_FAILED', POLICY_NOT_FOUND_FOR_PAYMENT, [
      { path: ['policyId'], message: POLICY_NOT_FOUND_FOR_PAYMENT },
    ]);
  });

  it("seals the member's name with the member's key (a scheme member's key for group payments)", () => {
    expect(paymentPii(recorded)).toEqual([{ subjectId: 'member:m1', fields: ['memberName'] }]);
    const group = { ...recorded, data: { ...recorded.data, groupSchemeId: 's1', groupPaymentId: 'g1' } };
    expect(paymentPii(group)).toEqual([{ subjectId: 'scheme-member:m1', fields: ['memberName'] }]);
  });
});

describe('changing a payment status: any status to any other (spec part 2 §4)', () => {
  const change = scenario(
    { initialState: initialPaymentState, evolve: evolvePayment },
    (command: { companyId: string; to: PaymentStatus }, state) => decideChangePaymentStatus(state, command),
    ctx,
  );
  const historyTo = (status: PaymentStatus): PaymentEvent[] =>
    status === 'completed'
      ? [recorded]
      : [recorded, { type: 'PaymentStatusChanged', data: { paymentId: 'pay1', companyId: 'c1', from: 'completed', to: status } }];

  const pairs = PAYMENT_STATUSES.flatMap((from) => PAYMENT_STATUSES.filter((to) => to !== from).map((to) => [from, to] as const));
  it.each(pairs)('given a %s payment, when set to %s, then PaymentStatusChanged', (from, to) => {
    change
      .given(historyTo(from))
      .when({ companyId: 'c1', to })
      .then([{ type: 'PaymentStatusChanged', data: { paymentId: 'pay1', companyId: 'c1', from, to } }]);
  });

  it.each(PAYMENT_STATUSES)('given a %s payment, when set to the same status, then it is refused (nothing changed)', (status) => {
    change
      .given(historyTo(status))
      .when({ companyId: 'c1', to: status })
      .thenThrows('INVALID_TRANSITION', `The payment is already ${status}.`);
  });

  it('given no payment or another company’s, when its status is changed, then NOT_FOUND', () => {
    change.given([]).when({ companyId: 'c1', to: 'failed' }).thenThrows('NOT_FOUND', PAYMENT_NOT_FOUND);
    change.given([recorded]).when({ companyId: 'c2', to: 'failed' }).thenThrows('NOT_FOUND', PAYMENT_NOT_FOUND);
  });
});

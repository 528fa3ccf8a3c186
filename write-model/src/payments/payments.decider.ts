import { DomainError, NotFoundError, ValidationError } from '../errors.ts';
import type { PolicyState } from '../policies/policies.state.ts';
import type { PaymentInput, PaymentStatus } from '../validation/index.ts';
import type { PaymentEvent, PaymentRecorded } from './payments.events.ts';
import type { PaymentState } from './payments.state.ts';

export const PAYMENT_NOT_FOUND = 'Payment not found';
export const POLICY_NOT_FOUND_FOR_PAYMENT = 'No policy was found with that id.';

/** Payments are recorded as received: the list's selector changes them afterwards (spec part 2 §4). */
export const RECORDED_PAYMENT_STATUS: PaymentStatus = 'completed';

export type RecordPayment = {
  paymentId: string;
  companyId: string;
  input: PaymentInput;
  /** The policy-<id> stream folded: only regular policies have one (group policies live on their scheme). */
  policy: PolicyState;
  memberName: string;
};

/**
 * A premium payment against a regular policy of the caller's company. Any policy status is accepted:
 * arrears are often paid on a lapsed policy, and refusing the money would not make it unpaid.
 */
export function decideRecordPayment(command: RecordPayment): PaymentEvent[] {
  const { policy, input } = command;
  if (policy.status === 'none' || policy.companyId !== command.companyId) {
    throw new ValidationError(POLICY_NOT_FOUND_FOR_PAYMENT, [{ path: ['policyId'], message: POLICY_NOT_FOUND_FOR_PAYMENT }]);
  }
  const recorded: PaymentRecorded = {
    type: 'PaymentRecorded',
    data: {
      paymentId: command.paymentId,
      companyId: command.companyId,
      policyId: policy.policyId,
      policyNumber: policy.policyNumber,
      memberId: policy.memberId,
      memberName: command.memberName,
      amount: input.amount,
      paymentDate: input.paymentDate,
      paymentMethod: input.paymentMethod,
      reference: input.reference ?? null,
      notes: input.notes ?? null,
      status: RECORDED_PAYMENT_STATUS,
      groupSchemeId: null,
      groupPaymentId: null,
    },
  };
  return [recorded];
}

/** Any status may follow any other; setting the status it already has is refused, so history holds real changes only. */
export function decideChangePaymentStatus(state: PaymentState, command: { companyId: string; to: PaymentStatus }): PaymentEvent[] {
  if (state.status === 'none' || state.companyId !== command.companyId) throw new NotFoundError(PAYMENT_NOT_FOUND);
  if (state.status === command.to) throw new DomainError('INVALID_TRANSITION', `The payment is already ${command.to}.`);
  return [{ type: 'PaymentStatusChanged', data: { paymentId: state.paymentId, companyId: state.companyId, from: state.status, to: command.to } }];
}

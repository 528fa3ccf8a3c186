import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { idFromStream, toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, loadState, requireCompany, withConflictRetry } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { memberStreamId } from '../../members/members.events.ts';
import { evolveMember, initialMemberState } from '../../members/members.state.ts';
import { policyStreamId } from '../../policies/policies.events.ts';
import { evolvePolicy, initialPolicyState } from '../../policies/policies.state.ts';
import { paymentSchemaOn, southAfricanDate } from '../../validation/index.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { ValidationError } from '../../errors.ts';
import type { PolicyState } from '../../policies/policies.state.ts';
import type { PaymentInput, PaymentStatus } from '../../validation/index.ts';
import { paymentPii, paymentStreamId, type PaymentEvent, type PaymentRecorded } from '../payments.events.ts';

/**
 * POST /api/payments: one premium payment against a regular policy of the caller's company. The
 * member's name is copied from the member's stream so the list needs no join to a person's record.
 */
export async function recordPayment(store: EventStore, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const payment = parseInput(paymentSchemaOn(southAfricanDate(ctx.now)), input);
  return withConflictRetry(async () => {
    // A group policy or a made-up id names no policy stream: the decider refuses it as unknown.
    const { state: policy } = await loadState(store, policyStreamId(payment.policyId), {
      initialState: initialPolicyState,
      evolve: evolvePolicy,
    });
    const member =
      policy.status === 'none'
        ? initialMemberState
        : (await loadState(store, memberStreamId(policy.memberId), { initialState: initialMemberState, evolve: evolveMember })).state;
    const paymentId = ctx.newId();
    const events = decideRecordPayment({
      paymentId,
      companyId,
      input: payment,
      policy,
      memberName: member.status === 'none' ? '' : `${member.firstName} ${member.lastName}`,
    });
    const append = await store.append(
      [{ streamId: paymentStreamId(paymentId), expectedVersion: 'no_stream', events: events.map((e) => toNewEvent(e, paymentPii)) }],
      appendOptions(ctx),
    );
    // A retried command id answers with the first attempt's stream.
    return { paymentId: idFromStream(append.streams, paymentStreamId('')), append };
  });
}

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

export const recordPaymentSlice = commandSlice({
  name: 'recordPayment',
  operation: 'payments:create',
  input: paymentSchemaOn,
  handle: ({ store }, { input }, ctx) => recordPayment(store, input, ctx),
});

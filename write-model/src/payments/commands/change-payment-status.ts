import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleCommand, requireCompany } from '../../command-handling/handle.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { DomainError, NotFoundError } from '../../errors.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { paymentStatusSchema, type PaymentStatus } from '../../validation/index.ts';
import { paymentStreamId, type PaymentEvent } from '../payments.events.ts';
import { evolvePayment, initialPaymentState, type PaymentState } from '../payments.state.ts';

/** PATCH /api/payments/{id} {status}: who and when are the event's metadata. */
export async function changePaymentStatus(store: EventStore, paymentId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const { status } = parseInput(paymentStatusSchema, input);
  return handleCommand<{ companyId: string; to: PaymentStatus }, PaymentState, PaymentEvent>(store, {
    streamId: paymentStreamId(paymentId),
    decider: {
      initialState: initialPaymentState,
      evolve: evolvePayment,
      decide: (command, state) => decideChangePaymentStatus(state, command),
    },
    command: { companyId, to: status },
    ctx,
  });
}

export const PAYMENT_NOT_FOUND = 'Payment not found';

/** Any status may follow any other; setting the status it already has is refused, so history holds real changes only. */
export function decideChangePaymentStatus(state: PaymentState, command: { companyId: string; to: PaymentStatus }): PaymentEvent[] {
  if (state.status === 'none' || state.companyId !== command.companyId) throw new NotFoundError(PAYMENT_NOT_FOUND);
  if (state.status === command.to) throw new DomainError('INVALID_TRANSITION', `The payment is already ${command.to}.`);
  return [
    { type: 'PaymentStatusChanged', data: { paymentId: state.paymentId, companyId: state.companyId, from: state.status, to: command.to } },
  ];
}

export const changePaymentStatusSlice = commandSlice({
  name: 'changePaymentStatus',
  operation: 'payments:update_status',
  target: 'id',
  input: () => paymentStatusSchema,
  handle: ({ store }, { target, input }, ctx) => changePaymentStatus(store, target, input, ctx),
});

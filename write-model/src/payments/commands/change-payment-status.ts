import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleCommand, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { paymentStatusSchema, type PaymentStatus } from '../../validation/index.ts';
import { decideChangePaymentStatus } from '../payments.decider.ts';
import { paymentStreamId, type PaymentEvent } from '../payments.events.ts';
import { evolvePayment, initialPaymentState, type PaymentState } from '../payments.state.ts';

/** PATCH /api/payments/{id} {status}: who and when are the event's metadata. */
export async function changePaymentStatus(store: EventStore, paymentId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const { status } = parseInput(paymentStatusSchema, input);
  return handleCommand<{ companyId: string; to: PaymentStatus }, PaymentState, PaymentEvent>(store, {
    streamId: paymentStreamId(paymentId),
    decider: { initialState: initialPaymentState, evolve: evolvePayment, decide: (command, state) => decideChangePaymentStatus(state, command) },
    command: { companyId, to: status },
    ctx,
  });
}

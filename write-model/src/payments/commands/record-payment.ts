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
import { decideRecordPayment } from '../payments.decider.ts';
import { paymentPii, paymentStreamId } from '../payments.events.ts';

/**
 * POST /api/payments: one premium payment against a regular policy of the caller's company. The
 * member's name is copied from the member's stream so the list needs no join to a person's record.
 */
export async function recordPayment(store: EventStore, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const payment = parseInput(paymentSchemaOn(southAfricanDate(ctx.now)), input);
  return withConflictRetry(async () => {
    // A group policy or a made-up id names no policy stream: the decider refuses it as unknown.
    const { state: policy } = await loadState(store, policyStreamId(payment.policyId), { initialState: initialPolicyState, evolve: evolvePolicy });
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

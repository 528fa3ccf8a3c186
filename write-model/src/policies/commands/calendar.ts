import type { CommandContext } from '../../command-handling/context.ts';
import { toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, asDomainEvent, expectedVersion, loadState, withConflictRetry } from '../../command-handling/handle.ts';
import type { AppendResult, EventStore, StreamAppend } from '../../event-store/types.ts';
import { policyStreamId, type PolicyEvent } from '../policies.events.ts';
import { evolvePolicy, initialPolicyState, type PolicyState } from '../policies.state.ts';
import { calendarCommandId, calendarPii, decideCalendarStep, type CalendarCommand } from './calendar-steps.ts';

export * from './calendar-steps.ts';

export type CalendarStepOutcome = {
  events: PolicyEvent[];
  /** Null when the step had already been taken (nothing to append). */
  append: AppendResult | null;
  commandId: string | null;
};

/**
 * One calendar step on one policy: load its stream, decide, and append under the step's derived
 * command id (calendarCommandId), never the caller's: a repeated or concurrent step appends once.
 * The actor is the run's (the user who started it, or none for the scheduled run); the company is the
 * command's.
 */
export async function takeCalendarStep(store: EventStore, command: CalendarCommand, ctx: CommandContext): Promise<CalendarStepOutcome> {
  const streamId = policyStreamId(command.policyId);
  return withConflictRetry(async () => {
    const { state, version } = await loadState(store, streamId, { initialState: initialPolicyState, evolve: evolvePolicy });
    const { events, append: planned } = decideSteps(streamId, state, version, [command]);
    if (!planned || state.status === 'none') return { events, append: null, commandId: null };
    const commandId = calendarCommandId(command, state.activations);
    const append = await store.append([planned], {
      ...appendOptions({ ...ctx, actor: { ...ctx.actor, companyId: command.companyId } }),
      commandId,
      correlationId: ctx.commandId,
    });
    return { events, append, commandId };
  });
}

/**
 * A policy's steps decided in order on its state at a version: the events, and the append at exactly
 * that version (null when every step had been taken, or there is no such policy). The one decision of
 * both the single step and the batch.
 */
function decideSteps(
  streamId: string,
  state: PolicyState,
  version: number,
  commands: readonly CalendarCommand[],
): { events: PolicyEvent[]; append: StreamAppend | null } {
  const events: PolicyEvent[] = [];
  let next = state;
  for (const command of commands) {
    const decided = decideCalendarStep(command, next);
    events.push(...decided);
    next = decided.reduce(evolvePolicy, next);
  }
  if (events.length === 0 || state.status === 'none') return { events, append: null };
  const pii = calendarPii(state.memberId);
  return { events, append: { streamId, expectedVersion: expectedVersion(version), events: events.map((e) => toNewEvent(e, pii)) } };
}

/** One policy's steps of a day, in order (a notice, then a lapse). */
export type CalendarPlan = { policyId: string; commands: CalendarCommand[] };

export type CalendarBatchOutcome = {
  /** Per policy of the plans: the events appended for it (none: every step had been taken), or why it was left out. */
  policies: Map<string, { events: PolicyEvent[] } | { error: unknown }>;
  /** The one append of the batch (null: nothing to append). */
  append: AppendResult | null;
};

/**
 * Many policies' steps in one read and one append (the daily run on a notice day: issue #20's run over
 * 50,000 policies in under a minute, where a command per step costs two round trips and an append
 * statement each). Every stream is read in one query, each policy's steps are decided in order on its
 * state, and every changed stream is appended at the exact version read, in one append.
 *
 * Exactly once without the steps' command ids: a step already taken decides nothing (the deciders read
 * it from the state), and a writer that moved one of the streams after the read makes the whole append
 * a ConcurrencyError, which appends nothing; the caller then takes those policies one step at a time
 * (takeCalendarStep, under the derived command ids). A policy whose decision throws is left out and
 * reported; the others are appended. The events carry the run as their correlation id.
 */
export async function takeCalendarStepsTogether(
  store: EventStore,
  plans: readonly CalendarPlan[],
  ctx: CommandContext,
  companyId: string,
): Promise<CalendarBatchOutcome> {
  const streams = await store.readStreams(plans.map((plan) => policyStreamId(plan.policyId)));
  const policies: CalendarBatchOutcome['policies'] = new Map();
  const appends: StreamAppend[] = [];
  for (const plan of plans) {
    const streamId = policyStreamId(plan.policyId);
    const { version, events: recorded } = streams.get(streamId) ?? { version: 0, events: [] };
    try {
      if (plan.commands.some((command) => command.policyId !== plan.policyId || command.companyId !== companyId))
        throw new Error(`A step of another policy or company in the plan of ${plan.policyId}.`);
      const state = recorded.map(asDomainEvent<PolicyEvent>).reduce(evolvePolicy, initialPolicyState);
      const { events, append } = decideSteps(streamId, state, version, plan.commands);
      policies.set(plan.policyId, { events });
      if (append) appends.push(append);
    } catch (error) {
      policies.set(plan.policyId, { error });
    }
  }
  if (appends.length === 0) return { policies, append: null };
  const options = appendOptions({ ...ctx, actor: { ...ctx.actor, companyId } });
  const append = await store.append(appends, { ...options, commandId: undefined, correlationId: ctx.commandId });
  return { policies, append };
}

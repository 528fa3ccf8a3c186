import type { CommandContext } from '../../command-handling/context.ts';
import { toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, expectedVersion, loadState, withConflictRetry } from '../../command-handling/handle.ts';
import type { AppendResult, EventStore } from '../../event-store/types.ts';
import { policyStreamId, type PolicyEvent } from '../policies.events.ts';
import { evolvePolicy, initialPolicyState } from '../policies.state.ts';
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
    const events = decideCalendarStep(command, state);
    if (events.length === 0 || state.status === 'none') return { events, append: null, commandId: null };
    const commandId = calendarCommandId(command, state.activations);
    const append = await store.append(
      [{ streamId, expectedVersion: expectedVersion(version), events: events.map((e) => toNewEvent(e, calendarPii(state.memberId))) }],
      { ...appendOptions({ ...ctx, actor: { ...ctx.actor, companyId: command.companyId } }), commandId, correlationId: ctx.commandId },
    );
    return { events, append, commandId };
  });
}

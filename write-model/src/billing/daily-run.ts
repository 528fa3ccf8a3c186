import type { CommandContext } from '../command-handling/context.ts';
import { toNewEvent } from '../command-handling/decider.ts';
import { appendOptions, expectedVersion, loadState, withConflictRetry } from '../command-handling/handle.ts';
import type { AppendResult, EventStore } from '../event-store/types.ts';

/**
 * The daily run of one company's calendar (issue #20) is recorded on a stream of its own, one event
 * per South African day done, so the run knows where to carry on after downtime and says what each
 * day did. Appended with a command id derived from (company, day): two runs of one day record it once.
 */
export type DailyBillingRunCompleted = {
  type: 'DailyBillingRunCompleted';
  data: {
    companyId: string;
    /** The South African day run. */
    day: string;
    /** Premiums whose due date was this day (policies owing on the day). */
    premiumsFallenDue: number;
    noticesIssued: number;
    policiesLapsed: number;
    policiesReinstated: number;
    /** Policies whose step failed (logged); the next day's run tries them again. */
    failed: number;
    failedPolicyIds: string[];
  };
};

export type BillingRunEvent = DailyBillingRunCompleted;

export const billingRunStreamId = (companyId: string) => `billing-run-${companyId}`;
export const billingRunCommandId = (companyId: string, day: string) => `billing-run:${companyId}:${day}`;

export type BillingRunState = { lastDay: string | null };
export const initialBillingRunState: BillingRunState = { lastDay: null };

export function evolveBillingRun(state: BillingRunState, event: BillingRunEvent): BillingRunState {
  // An event type this code does not know (a newer writer) leaves the state as it is.
  if (event.type !== 'DailyBillingRunCompleted') return state;
  return { lastDay: state.lastDay !== null && state.lastDay > event.data.day ? state.lastDay : event.data.day };
}

/** A day is recorded once, and only after the last day done: a day already done (another run) decides nothing. */
export function decideDailyRunCompleted(state: BillingRunState, completed: DailyBillingRunCompleted['data']): BillingRunEvent[] {
  if (state.lastDay !== null && completed.day <= state.lastDay) return [];
  return [{ type: 'DailyBillingRunCompleted', data: completed }];
}

export async function lastBillingRunDay(store: EventStore, companyId: string): Promise<string | null> {
  return (await loadState(store, billingRunStreamId(companyId), { initialState: initialBillingRunState, evolve: evolveBillingRun })).state
    .lastDay;
}

export async function recordDailyRunCompleted(
  store: EventStore,
  completed: DailyBillingRunCompleted['data'],
  ctx: CommandContext,
): Promise<AppendResult | null> {
  const streamId = billingRunStreamId(completed.companyId);
  return withConflictRetry(async () => {
    const { state, version } = await loadState(store, streamId, { initialState: initialBillingRunState, evolve: evolveBillingRun });
    const events = decideDailyRunCompleted(state, completed);
    if (events.length === 0) return null;
    return store.append([{ streamId, expectedVersion: expectedVersion(version), events: events.map((e) => toNewEvent(e)) }], {
      ...appendOptions({ ...ctx, actor: { ...ctx.actor, companyId: completed.companyId } }),
      commandId: billingRunCommandId(completed.companyId, completed.day),
      correlationId: ctx.commandId,
    });
  });
}

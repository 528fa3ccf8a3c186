import { expect } from 'vitest';
import { DomainError, type ErrorCode, type Issue } from '../errors.ts';
import type { CommandContext } from './context.ts';
import { fold, type Decider, type DomainEvent } from './decider.ts';

/*
 * Test-only (not exported from index.ts): decider tests read as given events / when command / then
 * events. `Out` is what the decide function answers: an event list for a one-stream decider, or the
 * per-stream record the multi-stream member deciders return.
 */

export type Then<Out> = {
  /** The decision, for assertions beyond equality. */
  decided(): Out;
  then(expected: Out): void;
  thenThrows(code: ErrorCode, message: string, issues?: Issue[]): void;
};

/** The outcome of running a decision once: either what it answers or the refusal it throws. */
export function outcome<Out>(run: () => Out): Then<Out> {
  return {
    decided: run,
    then(expected) {
      expect(run()).toEqual(expected);
    },
    thenThrows(code, message, issues) {
      let refusal: unknown = undefined;
      let answered: Out | undefined = undefined;
      try {
        answered = run();
      } catch (error) {
        refusal = error;
      }
      expect(refusal, `expected a ${code} refusal, got ${JSON.stringify(answered)}`).toBeInstanceOf(DomainError);
      const { code: actualCode, message: actualMessage } = refusal as DomainError;
      expect({ code: actualCode, message: actualMessage }).toEqual({ code, message });
      if (issues) expect((refusal as DomainError).issues).toEqual(issues);
    },
  };
}

type Folder<State, Event extends DomainEvent> = Pick<Decider<unknown, State, Event>, 'initialState' | 'evolve'>;

/** given(events) → when(command) → then(out) | thenThrows(code, message) for one stream's decide. */
export function scenario<Command, State, Event extends DomainEvent, Out>(
  folder: Folder<State, Event>,
  decide: (command: Command, state: State, ctx: CommandContext) => Out,
  ctx: CommandContext,
) {
  return {
    given(events: readonly Event[]) {
      const state = fold(folder, events);
      return { state, when: (command: Command) => outcome(() => decide(command, state, ctx)) };
    },
  };
}

/** The scenario of a Decider object: its evolve folds the history, its decide answers events. */
export function deciderScenario<Command, State, Event extends DomainEvent>(decider: Decider<Command, State, Event>, ctx: CommandContext) {
  return scenario<Command, State, Event, Event[]>(decider, (command, state, c) => decider.decide(command, state, c), ctx);
}

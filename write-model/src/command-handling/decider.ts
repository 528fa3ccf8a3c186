import type { NewEvent, PiiMarking } from '../event-store/types.ts';
import type { CommandContext } from './context.ts';

/** A domain event as deciders produce it: a type tag and its data. */
export type DomainEvent = { type: string; data: Record<string, unknown> };

export type Decider<Command, State, Event extends DomainEvent> = {
  initialState: State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State, ctx: CommandContext): Event[];
};

/** Personal-data markings of an event, declared once per aggregate beside its events. */
export type PiiOf<Event extends DomainEvent> = (event: Event) => PiiMarking[] | undefined;

export function toNewEvent<Event extends DomainEvent>(event: Event, piiOf?: PiiOf<Event>): NewEvent {
  const pii = piiOf?.(event);
  return pii && pii.length > 0 ? { type: event.type, data: event.data, pii } : { type: event.type, data: event.data };
}

export function fold<State, Event extends DomainEvent>(
  decider: Pick<Decider<unknown, State, Event>, 'initialState' | 'evolve'>,
  events: readonly Event[],
): State {
  return events.reduce(decider.evolve, decider.initialState);
}

/**
 * The end of an evolve's switch. The compiler still insists that every event type of the union is
 * handled (the argument is `never`), but at run time an event type this code does not know, written
 * by newer code into a log an older reader folds, leaves the state as it is instead of throwing.
 */
export function unknownEvent<S>(_event: never, state: S): S {
  return state;
}

/** Makes a switch exhaustive: the compiler complains when a union member is not handled. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}

/** The entity id of the stream with this prefix among an append's streams (e.g. 'company-'). */
export function idFromStream(streams: readonly { streamId: string }[], prefix: string): string {
  const stream = streams.find((s) => s.streamId.startsWith(prefix));
  if (!stream) throw new Error(`No stream with prefix ${prefix} in the append result`);
  return stream.streamId.slice(prefix.length);
}

import { ConcurrencyError } from '../errors.ts';
import type { AppendResult, EventStore, RecordedEvent } from '../event-store/types.ts';
import type { SqlExecutor } from '../event-store/sql.ts';
import type { CommandContext } from './context.ts';
import { toNewEvent, type Decider, type DomainEvent, type PiiOf } from './decider.ts';

export type Handled<Event> = { events: Event[]; append: AppendResult };

const MAX_ATTEMPTS = 4;

/**
 * Load → fold → decide → append with the expected version, for a command on one stream.
 * A version conflict (someone else appended in between) retries the whole cycle a bounded
 * number of times; after that the conflict goes to the caller.
 */
export async function handleCommand<Command, State, Event extends DomainEvent>(
  store: EventStore,
  args: {
    streamId: string;
    decider: Decider<Command, State, Event>;
    command: Command;
    ctx: CommandContext;
    piiOf?: PiiOf<Event>;
    inTransaction?: (tx: SqlExecutor, events: Event[]) => Promise<void>;
  },
): Promise<Handled<Event>> {
  for (let attempt = 1; ; attempt++) {
    const { version, events: recorded } = await store.readStream(args.streamId);
    const state = recorded.map(asDomainEvent<Event>).reduce(args.decider.evolve, args.decider.initialState);
    const events = args.decider.decide(args.command, state, args.ctx);
    try {
      const append = await store.append(
        [
          {
            streamId: args.streamId,
            expectedVersion: version === 0 ? 'no_stream' : version,
            events: events.map((e) => toNewEvent(e, args.piiOf)),
          },
        ],
        {
          commandId: args.ctx.commandId,
          companyId: args.ctx.actor.companyId,
          actorUserId: args.ctx.actor.userId,
          ...(args.ctx.correlationId ? { correlationId: args.ctx.correlationId } : {}),
          ...(args.inTransaction ? { inTransaction: (tx) => args.inTransaction!(tx, events) } : {}),
        },
      );
      return { events, append };
    } catch (error) {
      if (error instanceof ConcurrencyError && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
}

export function asDomainEvent<Event extends DomainEvent>(recorded: RecordedEvent): Event {
  return { type: recorded.type, data: recorded.data } as Event;
}

import { ConcurrencyError, DomainError } from '../errors.ts';
import type { AppendOptions, AppendResult, EventStore, ExpectedVersion, RecordedEvent } from '../event-store/types.ts';
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
    inTransaction?: (tx: SqlExecutor, events: Event[], state: State) => Promise<void>;
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
          ...(args.inTransaction ? { inTransaction: (tx) => args.inTransaction!(tx, events, state) } : {}),
        },
      );
      return { events, append };
    } catch (error) {
      if (error instanceof ConcurrencyError && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
}

/**
 * handleCommand for commands whose repetition is not an error ('set this role to these permissions'):
 * when the decision is no events, nothing is appended and the answer's append is null.
 */
export async function handleIdempotentCommand<Command, State, Event extends DomainEvent>(
  store: EventStore,
  args: Parameters<typeof handleCommand<Command, State, Event>>[1],
): Promise<{ events: Event[]; append: AppendResult | null }> {
  const { state } = await loadState(store, args.streamId, args.decider);
  if (args.decider.decide(args.command, state, args.ctx).length === 0) return { events: [], append: null };
  return handleCommand(store, args);
}

export function asDomainEvent<Event extends DomainEvent>(recorded: RecordedEvent): Event {
  return { type: recorded.type, data: recorded.data } as Event;
}

/** A stream folded to its current state, with the version to append against. */
export async function loadState<State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  decider: Pick<Decider<unknown, State, Event>, 'initialState' | 'evolve'>,
): Promise<{ state: State; version: number }> {
  const { version, events } = await store.readStream(streamId);
  return { state: events.map(asDomainEvent<Event>).reduce(decider.evolve, decider.initialState), version };
}

export function expectedVersion(version: number): ExpectedVersion {
  return version === 0 ? 'no_stream' : version;
}

/** Re-runs a whole load → decide → append when another writer moved one of its streams in between. */
export async function withConflictRetry<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (error instanceof ConcurrencyError && n < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
}

/** The company of the acting user; commands of a company never take it from the request. */
export function requireCompany(ctx: CommandContext): string {
  if (!ctx.actor.companyId) throw new DomainError('FORBIDDEN', 'This action needs a user of a company.');
  return ctx.actor.companyId;
}

/** The append options every command passes: idempotency key, tenant, actor. */
export function appendOptions(ctx: CommandContext, inTransaction?: (tx: SqlExecutor) => Promise<void>): AppendOptions {
  return {
    commandId: ctx.commandId,
    companyId: ctx.actor.companyId,
    actorUserId: ctx.actor.userId,
    ...(ctx.correlationId ? { correlationId: ctx.correlationId } : {}),
    ...(inTransaction ? { inTransaction } : {}),
  };
}

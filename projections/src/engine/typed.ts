import type { RecordedEvent, SqlExecutor } from '@fpa/write-model/event-store';
import type { Projector } from './types.ts';

/** A write-model event: its type and its data (the unions in write-model/src/<aggregate>/<aggregate>.events.ts). */
export type DomainEvent = { type: string; data: unknown };

/** A recorded event of the union E, its `data` typed by its `type` (narrowed by a switch on `type`). */
export type Recorded<E extends DomainEvent> = E extends DomainEvent
  ? Omit<RecordedEvent, 'type' | 'data'> & { type: E['type']; data: E['data'] }
  : never;

type TypedDefinition<E extends DomainEvent, H extends E['type']> = Omit<Projector, 'handles' | 'apply' | 'applyBatch'> & {
  /** The event types of E this projector reads; the engine hands apply only these. */
  handles: readonly H[];
  apply(tx: SqlExecutor, event: Recorded<Extract<E, { type: H }>>): Promise<void>;
  applyBatch?(tx: SqlExecutor, events: readonly Recorded<Extract<E, { type: H }>>[]): Promise<void>;
};

/**
 * A projector typed over the write model's event union E (as Emmett's projections are over theirs):
 * `handles` may name only types of E, and `apply` receives each event with its data typed, so renaming
 * an event or one of its fields fails the build instead of a rebuild. Usage:
 * `projectorOf<PlanEvent>()({ name, version, handles: ['PlanCreated', ...], tables, init, apply })`.
 * The engine reads the log filtered by `handles`, which is what makes the narrowing sound.
 */
export function projectorOf<E extends DomainEvent>() {
  return <H extends E['type']>(definition: TypedDefinition<E, H>): Projector => definition as unknown as Projector;
}

import { NotFoundError, ValidationError } from '../errors.ts';
import type { SqlExecutor } from '../event-store/sql.ts';
import type { EventStore, RecordedEvent } from '../event-store/types.ts';
import { actorResolver, type AuditActor } from './actors.ts';
import { diffStates, type FieldChange } from './changes.ts';
import {
  ENTITY_KINDS,
  entityOfStream,
  entityStreamId,
  evolveAuditFold,
  initialAuditFold,
  viewOf,
  type AuditEntity,
  type AuditFold,
} from './entities.ts';
import { streamBelongsTo } from './event-index.ts';
import { eventNote, eventTitle } from './titles.ts';

export type AuditEntry = {
  position: number;
  streamId: string;
  version: number;
  entity: AuditEntity | null;
  entityId: string | null;
  eventType: string;
  title: string;
  occurredAt: Date;
  actor: AuditActor;
  note: string | null;
  changes: FieldChange[];
  /** The event's data as read (personal fields decrypted, '[erased]' after erasure). */
  data: Record<string, unknown>;
};

export type Replayed = { event: RecordedEvent; before: AuditFold; after: AuditFold };

/** Folds a stream's events one by one, keeping the fold before and after each. */
export function replay(streamId: string, events: readonly RecordedEvent[], start: AuditFold = initialAuditFold(streamId)): Replayed[] {
  let fold = start;
  return events.map((event) => {
    const before = fold;
    fold = evolveAuditFold(streamId, fold, event);
    return { event, before, after: fold };
  });
}

export async function toEntry(step: Replayed, actorAt: ReturnType<typeof actorResolver>, withChanges = true): Promise<AuditEntry> {
  const { event } = step;
  const owner = entityOfStream(event.streamId);
  return {
    position: event.globalPosition,
    streamId: event.streamId,
    version: event.streamVersion,
    entity: owner?.entity ?? null,
    entityId: owner?.id ?? null,
    eventType: event.type,
    title: eventTitle(event.type, event.data),
    occurredAt: event.recordedAt,
    actor: await actorAt(event.metadata.actorUserId, event.globalPosition),
    note: eventNote(event.type, event.data),
    changes: withChanges ? diffStates(viewOf(step.before), viewOf(step.after)) : [],
    data: event.data,
  };
}

export type EntityRef = { entity: AuditEntity; id: string; companyId: string };

/** The entity's whole stream, refused as not found when it is not the company's. */
async function entityEvents(store: EventStore, sql: SqlExecutor, ref: EntityRef): Promise<{ streamId: string; events: RecordedEvent[] }> {
  const streamId = entityStreamId[ref.entity](ref.id);
  const notFound = new NotFoundError(`No ${ref.entity.replace('_', ' ')} ${ref.id} in this company`);
  if (ref.entity === 'company' ? ref.id !== ref.companyId : !(await streamBelongsTo(sql, streamId, ref.companyId))) throw notFound;
  const { events } = await store.readStream(streamId);
  if (events.length === 0) throw notFound;
  return { streamId, events };
}

export type EntityHistory = { entity: AuditEntity; id: string; label: string; entries: AuditEntry[] };

/** The full timeline of one entity, oldest first: business name, actor, note and what changed. */
export async function entityHistory(store: EventStore, sql: SqlExecutor, ref: EntityRef): Promise<EntityHistory> {
  const { streamId, events } = await entityEvents(store, sql, ref);
  const steps = replay(streamId, events);
  const actorAt = actorResolver(store);
  const entries: AuditEntry[] = [];
  for (const step of steps) entries.push(await toEntry(step, actorAt));
  const last = steps[steps.length - 1]!;
  return { entity: ref.entity, id: ref.id, label: ENTITY_KINDS[ref.entity].label(viewOf(last.after)), entries };
}

export type AsOf = { globalPosition: number } | { time: Date };

/** '1234' is a global position; anything else must be an ISO time. */
export function parseAsOf(asOf: string): AsOf {
  const value = asOf.trim();
  if (/^\d+$/.test(value)) return { globalPosition: Number(value) };
  const time = /^\d{4}-\d{2}-\d{2}/.test(value) ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(time.getTime()))
    throw new ValidationError('asOf must be an ISO date-time or a global position', [
      { path: ['asOf'], message: 'asOf must be an ISO date-time or a global position' },
    ]);
  return { time };
}

export type EntityAsOf = {
  entity: AuditEntity;
  id: string;
  asOf: string;
  label: string;
  /** The last event folded; null when the entity did not exist yet. */
  position: number | null;
  occurredAt: Date | null;
  version: number;
  exists: boolean;
  state: Record<string, unknown> | null;
  positions: number[];
  times: Date[];
};

const within = (asOf: AsOf) => (event: RecordedEvent) =>
  'globalPosition' in asOf ? event.globalPosition <= asOf.globalPosition : event.recordedAt.getTime() <= asOf.time.getTime();

/** The entity folded to a moment: only the events recorded at or before it, like the store's point-in-time read. */
export async function entityAsOf(store: EventStore, sql: SqlExecutor, ref: EntityRef & { asOf: string }): Promise<EntityAsOf> {
  const moment = parseAsOf(ref.asOf);
  const { streamId, events } = await entityEvents(store, sql, ref);
  const folded = events.filter(within(moment));
  const fold = folded.reduce((f, e) => evolveAuditFold(streamId, f, e), initialAuditFold(streamId));
  const last = folded[folded.length - 1] ?? null;
  const view = fold.exists ? viewOf(fold) : null;
  const all = viewOf(events.reduce((f, e) => evolveAuditFold(streamId, f, e), initialAuditFold(streamId)));
  return {
    entity: ref.entity,
    id: ref.id,
    asOf: ref.asOf,
    label: ENTITY_KINDS[ref.entity].label(all),
    position: last?.globalPosition ?? null,
    occurredAt: last?.recordedAt ?? null,
    version: last?.streamVersion ?? 0,
    exists: fold.exists,
    state: view,
    positions: events.map((e) => e.globalPosition),
    times: events.map((e) => e.recordedAt),
  };
}

import { compareCheckpoints } from '@fpa/write-model/event-store';
import type { Checkpoint, EventStore, ReadAllOptions, RecordedEvent } from '@fpa/write-model/event-store';
import { checkpointOf, sameCheckpoint } from './checkpoints.ts';

/**
 * Reading the next batch while this one is applied. A projector behind the log alternates between
 * reading a batch (the store's query, then decoding and decrypting in this process) and applying it
 * (the database); after a full batch the next read is started at once, so the two overlap.
 *
 * A read ahead is used only when it is the read asked for: the same start, limit and types, and an
 * end (`until`) it answers the same for. Everything up to a head checkpoint is settled (below the
 * transaction horizon when the head was read), so a read up to head H returns the same events
 * whenever it runs (reads without an end are never read ahead); and a full read (limit events) up to H is the first `limit` events after its
 * start, which a read up to any later head returns as well. Otherwise the store is read again.
 */
export type ReadAhead = {
  read(track: string, options: ReadAllOptions & { limit: number }): Promise<RecordedEvent[]>;
};

type Pending = { options: ReadAllOptions; startedAt: number; events: Promise<RecordedEvent[] | null> };

/**
 * A read ahead decrypts personal fields with the keys of when it ran: one older than this (the loop
 * stopped, and started again later from the same checkpoint) is read again, so that an erasure in
 * between shows as it would have.
 */
const MAX_AGE_MS = 3_000;

export function createReadAhead(store: EventStore, now: () => number = () => performance.now()): ReadAhead {
  const pending = new Map<string, Pending>();
  return {
    async read(track, options) {
      const ahead = pending.get(track);
      pending.delete(track);
      let events: RecordedEvent[] | null = null;
      if (ahead && sameRead(ahead.options, options) && now() - ahead.startedAt <= MAX_AGE_MS) {
        const read = await ahead.events;
        if (read && (read.length >= options.limit ? laterOrSame(options.until!, ahead.options.until!) : sameCheckpoint(options.until!, ahead.options.until!))) {
          events = read;
        }
      }
      events ??= await store.readAll(options);
      if (options.until && events.length >= options.limit) {
        const next = { ...options, after: checkpointOf(events[events.length - 1]!) };
        // A failed read ahead is left to the read asked for later, which reports its own failure.
        pending.set(track, { options: next, startedAt: now(), events: store.readAll(next).catch(() => null) });
      }
      return events;
    },
  };
}

function sameRead(a: ReadAllOptions, b: ReadAllOptions): boolean {
  const types = (o: ReadAllOptions) => (o.types ? o.types.join('\u0000') : null);
  return Boolean(a.until && b.until) && sameCheckpoint(a.after, b.after) && a.limit === b.limit && types(a) === types(b);
}

const laterOrSame = (until: Checkpoint, earlier: Checkpoint): boolean => compareCheckpoints(until, earlier) >= 0;

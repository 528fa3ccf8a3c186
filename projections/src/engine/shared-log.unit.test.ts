import { compareCheckpoints, type Checkpoint, type ReadAllOptions, type RecordedEvent } from '@fpa/write-model/event-store';
import { describe, expect, it } from 'vitest';
import { createSharedLog } from './shared-log.ts';

/** A log in memory read the way the store reads it (filtered by type, bounded, in order). */
function memoryLog(events: RecordedEvent[]) {
  const reads: ReadAllOptions[] = [];
  const readAll = async (options: ReadAllOptions): Promise<RecordedEvent[]> => {
    reads.push(options);
    await new Promise((resolve) => setImmediate(resolve));
    return events
      .filter((e) => !options.after || compareCheckpoints(at(e), options.after) > 0)
      .filter((e) => !options.until || compareCheckpoints(at(e), options.until) <= 0)
      .filter((e) => !options.types || options.types.includes(e.type))
      .slice(0, options.limit);
  };
  return { readAll, reads };
}

const at = (e: RecordedEvent): Checkpoint => ({ txId: e.txId, globalPosition: e.globalPosition });

/** A pseudo-random log: positions not in transaction order, so order is by (txId, position). */
function randomLog(seed: number, length: number, types: string[]): RecordedEvent[] {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const events: RecordedEvent[] = [];
  for (let i = 0; i < length; i++) {
    const txId = String(100 + Math.floor(i / 3));
    events.push({
      globalPosition: i * 2 + (i % 3 === 1 ? 5 : 0),
      txId,
      streamId: `s${i % 4}`,
      streamVersion: i,
      eventId: `e${i}`,
      type: types[Math.floor(random() * types.length)]!,
      data: {},
      metadata: { companyId: null, actorUserId: null, commandId: null, correlationId: 'c', causationId: null, schemaVersion: 1 },
      recordedAt: new Date(0),
    });
  }
  return events.sort((a, b) => compareCheckpoints(at(a), at(b)));
}

type Reader = { name: string; types: string[]; limit: number };

describe('the shared log', () => {
  it.each([1, 2, 3, 4, 5, 6])(
    'gives every reader exactly its events in order, each batch ending where the next starts (seed %i)',
    async (seed) => {
      const events = randomLog(seed, 300, ['A', 'B', 'C', 'D']);
      const head = at(events[events.length - 1]!);
      const store = memoryLog(events);
      const log = createSharedLog(store, { pageSize: 7 + seed, keepPages: 4 + seed, maxPagesPerSlice: 3 });
      const readers: Reader[] = [
        { name: 'a', types: ['A'], limit: 5 },
        { name: 'ab', types: ['A', 'B'], limit: 9 },
        { name: 'cd', types: ['C', 'D'], limit: 4 + seed },
        { name: 'd', types: ['D'], limit: 20 },
      ];
      const seen = await Promise.all(
        readers.map(async (reader) => {
          const got: RecordedEvent[] = [];
          let after: Checkpoint | null = null;
          for (let step = 0; step < 1_000; step++) {
            // Readers move at different speeds (some batches take longer to apply).
            for (let i = 0; i < (step * reader.name.length) % 3; i++) await new Promise((resolve) => setImmediate(resolve));
            const slice = await log.slice({ reader: reader.name, after, until: head, limit: reader.limit, types: reader.types });
            expect(slice.events.length).toBeLessThanOrEqual(reader.limit);
            got.push(...slice.events);
            after = slice.next;
            if (!slice.more) break;
          }
          expect(after).toEqual(head);
          return got.map((e) => e.eventId);
        }),
      );
      readers.forEach((reader, i) => {
        expect(seen[i]).toEqual(events.filter((e) => reader.types.includes(e.type)).map((e) => e.eventId));
      });
    },
  );

  it('walkers move together: a slow one behind keeps the others from reading the log again', async () => {
    const events = randomLog(11, 400, ['A', 'B', 'C']);
    const head = at(events[events.length - 1]!);
    const store = memoryLog(events);
    const log = createSharedLog(store, { pageSize: 10, keepPages: 4, maxPagesPerSlice: 2, holdMs: 5_000 });
    const walkTo = async (reader: string, types: string[], limit: number, slow: number) => {
      let after: Checkpoint | null = null;
      for (;;) {
        const slice = await log.slice({ reader: `rebuild:${reader}`, after, until: head, limit, types });
        for (let i = 0; i < slow; i++) await new Promise((resolve) => setImmediate(resolve));
        after = slice.next;
        if (!slice.more) return;
      }
    };
    await Promise.all([walkTo('fast', ['A'], 50, 0), walkTo('middle', ['A', 'B'], 7, 3), walkTo('slow', ['A', 'B', 'C'], 5, 20)]);
    // 400 events in pages of 10: 40 reads when every page is read once (a page or two more where a reader joins).
    expect(store.reads.length).toBeLessThanOrEqual(42);
  });

  it('a walker that starts late reads alone until it reaches the others, who wait for it', async () => {
    const events = randomLog(14, 600, ['A', 'B']);
    const head = at(events[events.length - 1]!);
    const store = memoryLog(events);
    const log = createSharedLog(store, { pageSize: 10, keepPages: 4, maxPagesPerSlice: 2, holdMs: 5_000 });
    const walkTo = async (reader: string, limit: number, slow: number) => {
      let after: Checkpoint | null = null;
      const got: string[] = [];
      for (;;) {
        const slice = await log.slice({ reader: `live:${reader}`, after, until: head, limit, types: ['A', 'B'], wide: true });
        got.push(...slice.events.map((e) => e.eventId));
        for (let i = 0; i < slow; i++) await new Promise((resolve) => setImmediate(resolve));
        after = slice.next;
        if (!slice.more) return got;
      }
    };
    const first = walkTo('early', 10, 0);
    // The early one is 200 events in (its projector's tables were made first) when the late one starts.
    while (store.reads.length < 20) await new Promise((resolve) => setImmediate(resolve));
    const [early, late] = await Promise.all([first, walkTo('late', 10, 5)]);
    expect(early).toEqual(events.map((e) => e.eventId));
    expect(late).toEqual(events.map((e) => e.eventId));
    // 60 pages read once, and the late one's walk alone to where the early one waited (at most the 20 it had read).
    expect(store.reads.length).toBeLessThanOrEqual(60 + 20 + 2);
  });

  it('a walker that stops moving holds the others back for holdMs at most', async () => {
    const events = randomLog(12, 200, ['A', 'B']);
    const head = at(events[events.length - 1]!);
    const store = memoryLog(events);
    const log = createSharedLog(store, { pageSize: 10, keepPages: 3, maxPagesPerSlice: 2, holdMs: 50 });
    // It takes one batch, then stops (its projector failing, parked or stopped) where the oldest page begins.
    await log.slice({ reader: 'rebuild:stuck', after: null, until: head, limit: 3, types: ['A', 'B'] });
    const began = Date.now();
    let after: Checkpoint | null = null;
    const got: string[] = [];
    for (;;) {
      const slice = await log.slice({ reader: 'rebuild:other', after, until: head, limit: 30, types: ['A', 'B'] });
      got.push(...slice.events.map((e) => e.eventId));
      after = slice.next;
      if (!slice.more) break;
    }
    expect(got).toEqual(events.map((e) => e.eventId));
    expect(Date.now() - began).toBeLessThan(2_000);
  });

  it('a walker on another track is not waited for (a rebuild walking the log never holds up the live track)', async () => {
    const events = randomLog(13, 200, ['A', 'B']);
    const head = at(events[events.length - 1]!);
    const store = memoryLog(events);
    const log = createSharedLog(store, { pageSize: 10, keepPages: 3, maxPagesPerSlice: 2, holdMs: 60_000 });
    await log.slice({ reader: 'rebuild:behind', after: null, until: head, limit: 3, types: ['A', 'B'] });
    let after: Checkpoint | null = null;
    for (;;) {
      const slice = await log.slice({ reader: 'live:ahead', after, until: head, limit: 30, types: ['A', 'B'], wide: true });
      after = slice.next;
      if (!slice.more) break;
    }
    expect(after).toEqual(head);
  });

  it('a reader asking only up to an earlier head gets nothing after it', async () => {
    const events = randomLog(9, 50, ['A', 'B']);
    const log = createSharedLog(memoryLog(events), { pageSize: 100 });
    await log.slice({ reader: 'x', after: null, until: at(events[49]!), limit: 100, types: ['A', 'B'] });
    const early = await log.slice({ reader: 'y', after: null, until: at(events[19]!), limit: 100, types: ['A'] });
    expect(early).toEqual({ events: events.slice(0, 20).filter((e) => e.type === 'A'), next: at(events[19]!), more: false });
  });
});

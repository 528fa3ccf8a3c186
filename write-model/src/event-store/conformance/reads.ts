import { describe, expect, it } from 'vitest';
import { compareCheckpoints, type Checkpoint, type ReadAllOptions, type RecordedEvent } from '../types.ts';
import { appendOptions, event, sleep, streamId, waitForHead, type ConformanceFixture, type MakeStore } from './fixture.ts';

export function readConformance(fixture: () => ConformanceFixture, makeStore: MakeStore): void {
  describe('reading a stream', () => {
    it('a missing stream reads as version 0 with no events', async () => {
      expect(await fixture().store.readStream(streamId())).toEqual({ version: 0, events: [] });
    });

    it('reads from a version on, and still reports the version when nothing is newer', async () => {
      const { store } = fixture();
      const id = streamId();
      await store.append([{ streamId: id, expectedVersion: 'no_stream', events: [event('A'), event('B'), event('C')] }], appendOptions());
      const tail = await store.readStream(id, { fromVersion: 2 });
      expect(tail.version).toBe(3);
      expect(tail.events.map((e) => e.type)).toEqual(['B', 'C']);
      expect(await store.readStream(id, { fromVersion: 4 })).toEqual({ version: 3, events: [] });
    });

    it('point in time by global position (inclusive)', async () => {
      const { store } = fixture();
      const id = streamId();
      const results = [];
      for (const type of ['A', 'B', 'C']) {
        results.push(await store.append([{ streamId: id, expectedVersion: 'any', events: [event(type)] }], appendOptions()));
      }
      const asOfSecond = await store.readStream(id, { asOf: { globalPosition: results[1]!.lastPosition } });
      expect(asOfSecond.version).toBe(2);
      expect(asOfSecond.events.map((e) => e.type)).toEqual(['A', 'B']);
      const beforeFirst = await store.readStream(id, { asOf: { globalPosition: results[0]!.firstPosition - 1 } });
      expect(beforeFirst).toEqual({ version: 0, events: [] });
      const fromTwo = await store.readStream(id, { asOf: { globalPosition: results[1]!.lastPosition }, fromVersion: 2 });
      expect(fromTwo.events.map((e) => e.type)).toEqual(['B']);
    });

    it('point in time by time (inclusive of the recorded time)', async () => {
      const { store } = fixture();
      const id = streamId();
      for (const type of ['A', 'B', 'C']) {
        await store.append([{ streamId: id, expectedVersion: 'any', events: [event(type)] }], appendOptions());
        await sleep(15);
      }
      const all = (await store.readStream(id)).events;
      const second = all[1]!.recordedAt;
      expect(all[0]!.recordedAt.getTime()).toBeLessThan(second.getTime());
      const asOf = await store.readStream(id, { asOf: { time: second } });
      expect(asOf.version).toBe(2);
      expect(asOf.events.map((e) => e.type)).toEqual(['A', 'B']);
      const justBefore = await store.readStream(id, { asOf: { time: new Date(second.getTime() - 1) } });
      expect(justBefore.events.map((e) => e.type)).toEqual(['A']);
      expect(await store.readStream(id, { asOf: { time: new Date(all[0]!.recordedAt.getTime() - 1) } })).toEqual({
        version: 0,
        events: [],
      });
    });
  });

  describe('reading several streams at once', () => {
    it('answers each stream as readStream does, a missing one as version 0, and an append after it needs no other read', async () => {
      const { store } = fixture();
      const [a, b, missing] = [streamId(), streamId(), streamId()];
      await store.append(
        [
          { streamId: a, expectedVersion: 'no_stream', events: [event('A1'), event('A2')] },
          { streamId: b, expectedVersion: 'no_stream', events: [event('B1')] },
        ],
        appendOptions(),
      );
      await store.append([{ streamId: b, expectedVersion: 1, events: [event('B2'), event('B3')] }], appendOptions());
      const streams = await store.readStreams([b, missing, a, b]);
      expect([...streams.keys()].sort()).toEqual([a, b, missing].sort());
      expect(streams.get(a)).toEqual(await store.readStream(a));
      expect(streams.get(b)).toEqual(await store.readStream(b));
      expect(streams.get(b)!.events.map((e) => e.type)).toEqual(['B1', 'B2', 'B3']);
      expect(streams.get(missing)).toEqual({ version: 0, events: [] });
      expect(await store.readStreams([])).toEqual(new Map());
      // The versions read are the ones an append expects.
      await store.append(
        [
          { streamId: a, expectedVersion: streams.get(a)!.version, events: [event('A3')] },
          { streamId: b, expectedVersion: streams.get(b)!.version, events: [event('B4')] },
        ],
        appendOptions(),
      );
      expect((await store.readStreams([a, b])).get(b)!.version).toBe(4);
    });
  });

  describe('reading all streams in global order', () => {
    it('returns what was appended after a checkpoint, in append order, in pages', async () => {
      const { store } = fixture();
      const start = await store.headCheckpoint();
      const a = streamId('a');
      const b = streamId('b');
      await store.append([{ streamId: a, expectedVersion: 'any', events: [event('A1'), event('A2')] }], appendOptions());
      await store.append([{ streamId: b, expectedVersion: 'any', events: [event('B1')] }], appendOptions());
      const last = await store.append(
        [
          { streamId: a, expectedVersion: 2, events: [event('A3')] },
          { streamId: b, expectedVersion: 1, events: [event('B2')] },
        ],
        appendOptions(),
      );
      await waitForHead(store, last.checkpoint);
      // Filtered to this test's streams: `start` may lag behind earlier tests' appends (see waitForHead).
      const mine = (e: RecordedEvent) => e.streamId === a || e.streamId === b;
      const all = (await store.readAll({ after: start, limit: 1_000 })).filter(mine);
      expect(all.map((e) => e.type)).toEqual(['A1', 'A2', 'B1', 'A3', 'B2']);
      expectStrictlyOrdered(all);

      const paged: RecordedEvent[] = [];
      let after: Checkpoint | null = start;
      for (;;) {
        const page = await store.readAll({ after, limit: 2 });
        if (page.length === 0) break;
        expect(page.length).toBeLessThanOrEqual(2);
        paged.push(...page);
        after = checkpointOf(page[page.length - 1]!);
      }
      expect(paged.filter(mine).map((e) => e.eventId)).toEqual(all.map((e) => e.eventId));
    });

    it('stops at `until` (inclusive) and filters by type', async () => {
      const { store } = fixture();
      const start = await store.headCheckpoint();
      const id = streamId();
      await store.append([{ streamId: id, expectedVersion: 'any', events: [event('Kept'), event('Skipped')] }], appendOptions());
      const middle = await store.append([{ streamId: id, expectedVersion: 'any', events: [event('Kept')] }], appendOptions());
      const last = await store.append([{ streamId: id, expectedVersion: 'any', events: [event('Kept')] }], appendOptions());
      await waitForHead(store, last.checkpoint);

      const read = async (options: Omit<ReadAllOptions, 'after' | 'limit'>) =>
        (await store.readAll({ after: start, limit: 1_000, ...options })).filter((e) => e.streamId === id).map((e) => e.streamVersion);
      expect(await read({ until: middle.checkpoint })).toEqual([1, 2, 3]);
      expect(await read({ types: ['Kept'] })).toEqual([1, 3, 4]);
      expect(await read({ until: middle.checkpoint, types: ['Kept'] })).toEqual([1, 3]);
      const untilMiddle = await store.readAll({ after: start, until: middle.checkpoint, limit: 1_000 });
      expect(compareCheckpoints(checkpointOf(untilMiddle[untilMiddle.length - 1]!), middle.checkpoint)).toBe(0);
      expect(await store.readAll({ after: start, limit: 100, types: [] })).toEqual([]);
    });

    it('reads from the beginning with after = null', async () => {
      const { store } = fixture();
      const appended = await store.append([{ streamId: streamId(), expectedVersion: 'any', events: [event('A')] }], appendOptions());
      await waitForHead(store, appended.checkpoint);
      const first = await store.readAll({ after: null, limit: 1 });
      expect(first).toHaveLength(1);
      const head = await store.headCheckpoint();
      expect(head).not.toBeNull();
      expect(compareCheckpoints(checkpointOf(first[0]!), head!)).toBeLessThanOrEqual(0);
    });
  });

  describe('head checkpoint', () => {
    it('is null for an empty store and follows the appends', async () => {
      const fresh = await makeStore();
      // A KurrentDB under test is shared by every fixture and cannot be emptied: the head then starts where the log is.
      const start = fresh.startsEmpty ? null : await fresh.store.headCheckpoint();
      try {
        expect(await fresh.store.headCheckpoint()).toEqual(start);
        expect(await fresh.store.readAll({ after: start, limit: 10 })).toEqual([]);
        const first = await fresh.store.append(
          [{ streamId: streamId(), expectedVersion: 'any', events: [event('A'), event('B')] }],
          appendOptions(),
        );
        await waitForHead(fresh.store, first.checkpoint);
        expect(await fresh.store.headCheckpoint()).toEqual(first.checkpoint);
        const second = await fresh.store.append([{ streamId: streamId(), expectedVersion: 'any', events: [event('C')] }], appendOptions());
        await waitForHead(fresh.store, second.checkpoint);
        expect(await fresh.store.headCheckpoint()).toEqual(second.checkpoint);
        expect(compareCheckpoints(first.checkpoint, second.checkpoint)).toBeLessThan(0);
        const all = await fresh.store.readAll({ after: start, limit: 10 });
        expect(checkpointOf(all[all.length - 1]!)).toEqual(second.checkpoint);
        expect(await fresh.store.readAll({ after: second.checkpoint, limit: 10 })).toEqual([]);
      } finally {
        await fresh.dispose();
      }
    });
  });
}

export function checkpointOf(e: RecordedEvent): Checkpoint {
  return { txId: e.txId, globalPosition: e.globalPosition };
}

function expectStrictlyOrdered(events: RecordedEvent[]): void {
  for (let i = 1; i < events.length; i++) {
    expect(compareCheckpoints(checkpointOf(events[i - 1]!), checkpointOf(events[i]!))).toBeLessThan(0);
  }
}

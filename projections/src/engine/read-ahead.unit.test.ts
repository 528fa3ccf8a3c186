import type { Checkpoint, EventStore, ReadAllOptions, RecordedEvent } from '@fpa/write-model/event-store';
import { describe, expect, it } from 'vitest';
import { createReadAhead } from './read-ahead.ts';

/** A log of `size` events (position n in transaction n) behind a store that counts its reads. */
function fakeStore(size: number) {
  const log = Array.from({ length: size }, (_, i) => ({ globalPosition: i + 1, txId: String(i + 1), type: 'T' }) as RecordedEvent);
  const reads: ReadAllOptions[] = [];
  const store = {
    async readAll(options: ReadAllOptions) {
      reads.push(options);
      const after = options.after?.globalPosition ?? 0;
      const until = options.until?.globalPosition ?? Infinity;
      return log.filter((e) => e.globalPosition > after && e.globalPosition <= until).slice(0, options.limit);
    },
  } as unknown as EventStore;
  return { store, reads };
}
const at = (n: number): Checkpoint => ({ txId: String(n), globalPosition: n });
const positions = (events: RecordedEvent[]) => events.map((e) => e.globalPosition);

describe('the read ahead', () => {
  it('reads the next batch after a full one, and hands it out for the same start up to the same or a later head', async () => {
    const { store, reads } = fakeStore(10);
    const ahead = createReadAhead(store);
    expect(positions(await ahead.read('t', { after: null, until: at(8), limit: 3 }))).toEqual([1, 2, 3]);
    expect(reads).toHaveLength(2); // the batch, and the next one ahead
    expect(reads[1]).toMatchObject({ after: at(3), until: at(8), limit: 3 });
    expect(positions(await ahead.read('t', { after: at(3), until: at(10), limit: 3 }))).toEqual([4, 5, 6]);
    expect(reads).toHaveLength(3); // only the next one ahead
    expect(positions(await ahead.read('t', { after: at(6), until: at(10), limit: 3 }))).toEqual([7, 8, 9]);
    // The last one, short, up to the same head; after it nothing is read ahead.
    expect(positions(await ahead.read('t', { after: at(9), until: at(10), limit: 3 }))).toEqual([10]);
    expect(reads.map((r) => r.after?.globalPosition ?? 0)).toEqual([0, 3, 6, 9]);
  });

  it('reads again for another start, limit or types, another track, a short batch up to a later head, or an old read ahead', async () => {
    const { store, reads } = fakeStore(10);
    let clock = 0;
    const ahead = createReadAhead(store, () => clock);
    await ahead.read('t', { after: null, until: at(5), limit: 3 }); // reads ahead [4, 5] up to 5
    expect(positions(await ahead.read('t', { after: at(3), until: at(9), limit: 3 }))).toEqual([4, 5, 6]);
    await ahead.read('t', { after: null, until: at(9), limit: 3 });
    expect(positions(await ahead.read('t', { after: at(3), until: at(9), limit: 4 }))).toEqual([4, 5, 6, 7]);
    await ahead.read('t', { after: null, until: at(9), limit: 3, types: ['T'] });
    await ahead.read('t', { after: at(3), until: at(9), limit: 3, types: ['U'] });
    await ahead.read('t', { after: null, until: at(9), limit: 3 });
    await ahead.read('u', { after: at(3), until: at(9), limit: 3 });
    const before = reads.length;
    await ahead.read('t', { after: null, until: at(9), limit: 3 });
    clock += 10_000;
    expect(positions(await ahead.read('t', { after: at(3), until: at(9), limit: 3 }))).toEqual([4, 5, 6]);
    expect(reads.slice(before).map((r) => r.after?.globalPosition ?? 0)).toEqual([0, 3, 3, 6]);
  });

  it('reads again when the read ahead failed', async () => {
    const { store, reads } = fakeStore(10);
    let calls = 0;
    const flaky = { readAll: (o: ReadAllOptions) => (++calls === 2 ? Promise.reject(new Error('gone')) : store.readAll(o)) } as EventStore;
    const ahead = createReadAhead(flaky);
    await ahead.read('t', { after: null, until: at(9), limit: 3 });
    expect(positions(await ahead.read('t', { after: at(3), until: at(9), limit: 3 }))).toEqual([4, 5, 6]);
    expect(calls).toBe(4); // the failed read ahead, the read again, and the next one ahead
    expect(reads).toHaveLength(3);
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { COMPANY_ID, appendOptions, event, expectConflict, streamId, type ConformanceFixture } from './fixture.ts';
import type { NewEvent } from '../types.ts';

export function appendConformance(fixture: () => ConformanceFixture): void {
  describe('append with an expected version', () => {
    it('exact version: appends on a match, refuses a stale version and appends nothing', async () => {
      const { store } = fixture();
      const id = streamId();
      await store.append([{ streamId: id, expectedVersion: 0, events: [event('A'), event('B')] }], appendOptions());
      const next = await store.append([{ streamId: id, expectedVersion: 2, events: [event('C')] }], appendOptions());
      expect(next.streams).toEqual([{ streamId: id, version: 3 }]);
      await expectConflict(store.append([{ streamId: id, expectedVersion: 2, events: [event('D')] }], appendOptions()), id, 3);
      await expectConflict(store.append([{ streamId: id, expectedVersion: 0, events: [event('D')] }], appendOptions()), id, 3);
      const missing = streamId();
      await expectConflict(store.append([{ streamId: missing, expectedVersion: 1, events: [event('D')] }], appendOptions()), missing, null);
      const read = await store.readStream(id);
      expect(read.version).toBe(3);
      expect(read.events.map((e) => [e.type, e.streamVersion])).toEqual([
        ['A', 1],
        ['B', 2],
        ['C', 3],
      ]);
    });

    it('no_stream: creates the stream, refuses when it exists', async () => {
      const { store } = fixture();
      const id = streamId();
      const first = await store.append([{ streamId: id, expectedVersion: 'no_stream', events: [event('A')] }], appendOptions());
      expect(first.streams).toEqual([{ streamId: id, version: 1 }]);
      await expectConflict(store.append([{ streamId: id, expectedVersion: 'no_stream', events: [event('B')] }], appendOptions()), id, 1);
      expect((await store.readStream(id)).version).toBe(1);
    });

    it('stream_exists: refuses a missing stream, appends to an existing one', async () => {
      const { store } = fixture();
      const id = streamId();
      await expectConflict(
        store.append([{ streamId: id, expectedVersion: 'stream_exists', events: [event('A')] }], appendOptions()),
        id,
        null,
      );
      expect(await store.readStream(id)).toEqual({ version: 0, events: [] });
      await store.append([{ streamId: id, expectedVersion: 'no_stream', events: [event('A')] }], appendOptions());
      const next = await store.append([{ streamId: id, expectedVersion: 'stream_exists', events: [event('B')] }], appendOptions());
      expect(next.streams).toEqual([{ streamId: id, version: 2 }]);
    });

    it('any: creates or extends the stream without a check', async () => {
      const { store } = fixture();
      const id = streamId();
      const first = await store.append([{ streamId: id, expectedVersion: 'any', events: [event('A'), event('B')] }], appendOptions());
      const second = await store.append([{ streamId: id, expectedVersion: 'any', events: [event('C')] }], appendOptions());
      expect(first.streams[0]?.version).toBe(2);
      expect(second.streams[0]?.version).toBe(3);
      expect((await store.readStream(id)).events.map((e) => e.streamVersion)).toEqual([1, 2, 3]);
    });

    it('appends several events in one transaction, with growing positions and one transaction id', async () => {
      const { store } = fixture();
      const id = streamId();
      const result = await store.append(
        [{ streamId: id, expectedVersion: 'no_stream', events: [event('A', { n: 1 }), event('B', { n: 2 }), event('C', { n: 3 })] }],
        appendOptions(),
      );
      const { events } = await store.readStream(id);
      expect(events.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      expect(events.map((e) => e.globalPosition)).toEqual([...events.map((e) => e.globalPosition)].sort((a, b) => a - b));
      expect(new Set(events.map((e) => e.txId))).toEqual(new Set([result.checkpoint.txId]));
      expect(result.firstPosition).toBe(events[0]?.globalPosition);
      expect(result.lastPosition).toBe(events[2]?.globalPosition);
      expect(result.checkpoint.globalPosition).toBe(result.lastPosition);
      expect(result.duplicate).toBe(false);
    });

    it('appends to several streams atomically: one conflict and nothing is appended anywhere', async () => {
      const { store } = fixture();
      const a = streamId('a');
      const b = streamId('b');
      await store.append([{ streamId: b, expectedVersion: 'no_stream', events: [event('B1')] }], appendOptions());
      const both = store.append(
        [
          { streamId: a, expectedVersion: 'no_stream', events: [event('A1'), event('A2')] },
          { streamId: b, expectedVersion: 0, events: [event('B2')] },
        ],
        appendOptions(),
      );
      await expectConflict(both, b, 1);
      expect(await store.readStream(a)).toEqual({ version: 0, events: [] });
      expect((await store.readStream(b)).version).toBe(1);
      // And the stream row of `a` was rolled back too: no_stream still holds.
      const ok = await store.append(
        [
          { streamId: a, expectedVersion: 'no_stream', events: [event('A1')] },
          { streamId: b, expectedVersion: 1, events: [event('B2')] },
        ],
        appendOptions(),
      );
      expect(ok.streams).toEqual([
        { streamId: a, version: 1 },
        { streamId: b, version: 2 },
      ]);
      const [eventA] = (await store.readStream(a)).events;
      const eventB = (await store.readStream(b)).events[1];
      expect(eventA?.txId).toBe(eventB?.txId);
    });

    it('refuses malformed appends before touching the database', async () => {
      const { store } = fixture();
      const id = streamId();
      await expect(store.append([{ streamId: id, expectedVersion: 'any', events: [] }], appendOptions())).rejects.toThrow();
      await expect(store.append([], appendOptions())).rejects.toThrow();
      await expect(
        store.append(
          [
            { streamId: id, expectedVersion: 'any', events: [event('A')] },
            { streamId: id, expectedVersion: 'any', events: [event('B')] },
          ],
          appendOptions(),
        ),
      ).rejects.toThrow();
      await expect(store.append([{ streamId: id, expectedVersion: -1, events: [event('A')] }], appendOptions())).rejects.toThrow();
      const noData = { type: 'A', data: null } as unknown as NewEvent;
      await expect(store.append([{ streamId: id, expectedVersion: 'any', events: [event('A'), noData] }], appendOptions())).rejects.toThrow(
        'has no data object',
      );
      expect((await store.readStream(id)).version).toBe(0);
    });
  });

  describe('idempotent commands', () => {
    it('a retry with the same command id appends nothing and returns the first result', async () => {
      const { store } = fixture();
      const id = streamId();
      const commandId = randomUUID();
      const first = await store.append(
        [{ streamId: id, expectedVersion: 'no_stream', events: [event('A')] }],
        appendOptions({ commandId }),
      );
      const retry = await store.append(
        [{ streamId: id, expectedVersion: 'no_stream', events: [event('A')] }],
        appendOptions({ commandId }),
      );
      expect(retry).toEqual({ ...first, duplicate: true });
      const anyRetry = await store.append([{ streamId: id, expectedVersion: 'any', events: [event('A')] }], appendOptions({ commandId }));
      expect(anyRetry).toEqual({ ...first, duplicate: true });
      expect((await store.readStream(id)).version).toBe(1);
    });

    it('a retry whose stream still stands where the first attempt left it answers the first result, without its extra writes', async () => {
      const { store } = fixture();
      const id = streamId();
      const commandId = randomUUID();
      const first = await store.append(
        [{ streamId: id, expectedVersion: 'no_stream', events: [event('A')] }],
        appendOptions({ commandId }),
      );
      let extraWrites = 0;
      // Expected version 1 holds: the checks pass, and only the command id tells that it was appended already.
      const retry = await store.append([{ streamId: id, expectedVersion: 1, events: [event('A')] }], {
        ...appendOptions({ commandId }),
        inTransaction: async () => {
          extraWrites += 1;
        },
      });
      expect(retry).toEqual({ ...first, duplicate: true });
      expect(extraWrites).toBe(0);
      expect((await store.readStream(id)).version).toBe(1);
    });

    it('concurrent retries append once and all get the first result', async () => {
      const { store } = fixture();
      const id = streamId();
      const commandId = randomUUID();
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          store.append([{ streamId: id, expectedVersion: 'any', events: [event('A'), event('B')] }], appendOptions({ commandId })),
        ),
      );
      const originals = results.filter((r) => !r.duplicate);
      expect(originals).toHaveLength(1);
      for (const result of results) expect({ ...result, duplicate: false }).toEqual(originals[0]);
      expect((await store.readStream(id)).version).toBe(2);
    });

    it('one command id sent at once to different streams appends once, and every other answer is that first result', async () => {
      const { store } = fixture();
      const commandId = randomUUID();
      const ids = Array.from({ length: 6 }, () => streamId());
      const results = await Promise.all(
        ids.map((id) => store.append([{ streamId: id, expectedVersion: 'no_stream', events: [event('A')] }], appendOptions({ commandId }))),
      );
      const originals = results.filter((r) => !r.duplicate);
      expect(originals).toHaveLength(1);
      for (const result of results) expect({ ...result, duplicate: false }).toEqual(originals[0]);
      const versions = await Promise.all(ids.map(async (id) => (await store.readStream(id)).version));
      expect(versions.filter((v) => v === 1)).toHaveLength(1);
      expect(versions.filter((v) => v === 0)).toHaveLength(ids.length - 1);
    });

    it('a refused append does not use up its command id', async () => {
      const { store } = fixture();
      const id = streamId();
      const commandId = randomUUID();
      await expectConflict(
        store.append([{ streamId: id, expectedVersion: 3, events: [event('A')] }], appendOptions({ commandId })),
        id,
        null,
      );
      const retry = await store.append(
        [{ streamId: id, expectedVersion: 'no_stream', events: [event('A')] }],
        appendOptions({ commandId }),
      );
      expect(retry.duplicate).toBe(false);
      expect(retry.streams).toEqual([{ streamId: id, version: 1 }]);
    });
  });

  describe('metadata', () => {
    it('is on every event: company, actor, command, correlation, causation, schema version, recorded time', async () => {
      const { store } = fixture();
      const id = streamId();
      const commandId = randomUUID();
      await store.append(
        [{ streamId: id, expectedVersion: 'no_stream', events: [event('A'), { type: 'B', data: {}, schemaVersion: 2 }] }],
        appendOptions({ commandId, causationId: 'event-42' }),
      );
      await store.append([{ streamId: id, expectedVersion: 2, events: [event('C')] }], { companyId: null, actorUserId: null });
      const { events } = await store.readStream(id);
      expect(events.map((e) => e.metadata.schemaVersion)).toEqual([1, 2, 1]);
      for (const e of events.slice(0, 2)) {
        expect(e.metadata).toMatchObject({
          companyId: COMPANY_ID,
          actorUserId: 'user-1',
          commandId,
          correlationId: commandId,
          causationId: 'event-42',
        });
      }
      expect(events[2]?.metadata).toMatchObject({ companyId: null, actorUserId: null, commandId: null, causationId: null });
      expect(events[2]?.metadata.correlationId).toMatch(/^[0-9a-f-]{36}$/);
      for (const e of events) {
        expect(e.recordedAt).toBeInstanceOf(Date);
        expect(Math.abs(e.recordedAt.getTime() - Date.now())).toBeLessThan(60_000);
        expect(e.eventId).toMatch(/^[0-9a-f-]{36}$/);
        expect(e.txId).toMatch(/^\d+$/);
      }
      expect(new Set(events.map((e) => e.eventId)).size).toBe(3);
    });

    it('keeps a given correlation id', async () => {
      const { store } = fixture();
      const id = streamId();
      await store.append(
        [{ streamId: id, expectedVersion: 'any', events: [event('A')] }],
        appendOptions({ commandId: randomUUID(), correlationId: 'flow-7' }),
      );
      expect((await store.readStream(id)).events[0]?.metadata.correlationId).toBe('flow-7');
    });
  });

  describe('extra writes in the append transaction', () => {
    it('commit with the events, and a throw rolls back the events, the writes and the command id', async () => {
      const { store, sql, storedEvents, hooksSeeEvents } = fixture();
      await sql.exec(`create table if not exists conformance_reservations (name text primary key)`);
      const id = streamId();
      const name = randomUUID();
      const commandId = randomUUID();
      const failing = store.append([{ streamId: id, expectedVersion: 'no_stream', events: [event('A')] }], {
        ...appendOptions({ commandId }),
        inTransaction: async (tx) => {
          await tx.query(`insert into conformance_reservations (name) values ($1)`, [name]);
          throw new Error('refused inside the transaction');
        },
      });
      await expect(failing).rejects.toThrow('refused inside the transaction');
      expect(await sql.query(`select name from conformance_reservations where name = $1`, [name])).toEqual([]);
      expect(await store.readStream(id)).toEqual({ version: 0, events: [] });

      const ok = await store.append([{ streamId: id, expectedVersion: 'no_stream', events: [event('A')] }], {
        ...appendOptions({ commandId }),
        inTransaction: async (tx) => {
          // PostgreSQL: the events are already there, inside the transaction. (KurrentDB: the hook runs
          // first, so that a refusal in it stops the write to the other database.)
          expect(await storedEvents(id, tx)).toHaveLength(hooksSeeEvents ? 1 : 0);
          await tx.query(`insert into conformance_reservations (name) values ($1)`, [name]);
        },
      });
      expect(ok.duplicate).toBe(false);
      expect(await sql.query(`select name from conformance_reservations where name = $1`, [name])).toEqual([{ name }]);
    });
  });
}

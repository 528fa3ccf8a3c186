import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chainHash, canonicalJson } from '../hash-chain.ts';
import { migrateEventStore } from '../postgres-event-store.ts';
import { verifyEventChains } from '../verify-chains.ts';
import type { ConformanceFixture, MakeStore } from './fixture.ts';
import { appendOptions, event, streamId } from './fixture.ts';

type StoredRow = { global_position: number; stream_version: number; hash: string | null };

async function storedRows(fixture: ConformanceFixture, id: string): Promise<StoredRow[]> {
  return fixture.sql.query<StoredRow>(
    `select global_position, stream_version, hash from es_events where stream_id = $1 order by stream_version`,
    [id],
  );
}

/** Three appends to one stream (one of them personal data, one of two events) under a company of its own. */
async function threeAppends(fixture: ConformanceFixture) {
  const companyId = randomUUID();
  const id = streamId('chain');
  const options = () => appendOptions({ companyId });
  await fixture.store.append(
    [{ streamId: id, expectedVersion: 'no_stream', events: [event('Opened', { n: 1, nested: { b: 2, a: [1, 'x'] } })] }],
    options(),
  );
  await fixture.store.append(
    [
      {
        streamId: id,
        expectedVersion: 1,
        events: [
          { type: 'Named', data: { name: 'Nomvula' }, pii: [{ subjectId: randomUUID(), fields: ['name'] }] },
          event('Noted', { note: null }),
        ],
      },
    ],
    options(),
  );
  await fixture.store.append([{ streamId: id, expectedVersion: 3, events: [event('Closed', { at: '2025-01-01' })] }], options());
  return { companyId, id };
}

export function chainConformance(fixture: () => ConformanceFixture, makeStore: MakeStore): void {
  describe('hash chain (tamper evidence)', () => {
    it('canonical JSON ignores key order and follows JSON.stringify otherwise', () => {
      expect(canonicalJson({ b: 1, a: { d: [1, undefined, 'x'], c: null }, u: undefined })).toBe('{"a":{"c":null,"d":[1,null,"x"]},"b":1}');
      expect(canonicalJson({ at: new Date('2025-01-01T00:00:00.000Z') })).toBe('{"at":"2025-01-01T00:00:00.000Z"}');
    });

    it('links every event to the previous one of its stream, across appends, over the data as stored', async () => {
      const f = fixture();
      const { companyId, id } = await threeAppends(f);
      const rows = await f.sql.query<{
        stream_version: number;
        event_id: string;
        type: string;
        data: unknown;
        metadata: unknown;
        hash: string;
      }>(
        `select stream_version, event_id::text as event_id, type, data, metadata, hash from es_events where stream_id = $1 order by stream_version`,
        [id],
      );
      expect(rows.map((r) => r.stream_version)).toEqual([1, 2, 3, 4]);
      let previous: string | null = null;
      for (const row of rows) {
        const expected = chainHash(previous, {
          streamId: id,
          streamVersion: row.stream_version,
          eventId: row.event_id,
          type: row.type,
          data: row.data,
          metadata: row.metadata,
        });
        expect(row.hash).toBe(expected);
        previous = row.hash;
      }
      // The personal field is hashed as the ciphertext it is stored as.
      expect(JSON.stringify(rows[1]?.data)).not.toContain('Nomvula');
      expect(await verifyEventChains(f.sql, { companyId })).toMatchObject({
        ok: true,
        streamsChecked: 1,
        eventsChecked: 4,
        firstBroken: null,
      });
    });

    it('an edited event breaks the chain at that event', async () => {
      const f = fixture();
      const { companyId, id } = await threeAppends(f);
      const [, second] = await storedRows(f, id);
      // Someone with database access changes what was recorded.
      await f.sql.query(`update es_events set data = jsonb_set(data, '{note}', '"changed"') where stream_id = $1 and stream_version = 3`, [
        id,
      ]);
      const third = (await storedRows(f, id))[2]!;
      const result = await verifyEventChains(f.sql, { companyId });
      expect(result.ok).toBe(false);
      expect(result.firstBroken).toEqual({
        streamId: id,
        version: 3,
        globalPosition: Number(third.global_position),
        reason: 'hash mismatch',
      });
      expect(second?.hash).toBeTruthy();
    });

    it('an edited hash, a deleted event and a deleted last event are each found', async () => {
      const f = fixture();
      const a = await threeAppends(f);
      await f.sql.query(
        `update es_events set metadata = metadata || '{"actorUserId":"someone-else"}' where stream_id = $1 and stream_version = 1`,
        [a.id],
      );
      expect((await verifyEventChains(f.sql, { companyId: a.companyId })).firstBroken).toMatchObject({
        version: 1,
        reason: 'hash mismatch',
      });

      const b = await threeAppends(f);
      await f.sql.query(`delete from es_events where stream_id = $1 and stream_version = 2`, [b.id]);
      expect((await verifyEventChains(f.sql, { companyId: b.companyId })).firstBroken).toMatchObject({
        streamId: b.id,
        version: 2,
        reason: 'version gap',
      });

      const c = await threeAppends(f);
      await f.sql.query(`delete from es_events where stream_id = $1 and stream_version = 4`, [c.id]);
      expect((await verifyEventChains(f.sql, { companyId: c.companyId })).firstBroken).toMatchObject({
        streamId: c.id,
        version: 4,
        reason: 'stream version mismatch',
      });

      const d = await threeAppends(f);
      await f.sql.query(`update es_events set hash = null where stream_id = $1 and stream_version = 3`, [d.id]);
      expect((await verifyEventChains(f.sql, { companyId: d.companyId })).firstBroken).toMatchObject({
        version: 3,
        reason: 'missing hash',
      });
    });

    it('the migration computes the chain of events stored before it existed', async () => {
      const fresh = await makeStore();
      try {
        const { id } = await threeAppends(fresh);
        await threeAppends(fresh);
        const before = await storedRows(fresh, id);
        // A database from before the chain: no column at all.
        await fresh.sql.exec(`alter table es_events drop column hash`);
        await migrateEventStore(fresh.sql);
        expect(await storedRows(fresh, id)).toEqual(before);
        expect(await verifyEventChains(fresh.sql)).toMatchObject({ ok: true, streamsChecked: 2, eventsChecked: 8 });
        // Appends go on linking from the migrated chain.
        await fresh.store.append([{ streamId: id, expectedVersion: 4, events: [event('Reopened')] }], appendOptions());
        expect(await verifyEventChains(fresh.sql)).toMatchObject({ ok: true, eventsChecked: 9 });
      } finally {
        await fresh.dispose();
      }
    });
  });
}

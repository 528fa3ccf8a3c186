import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ERASED, type NewEvent, type RecordedEvent } from '../types.ts';
import { appendOptions, streamId, waitForHead, type ConformanceFixture } from './fixture.ts';

const NAME = 'Nomvula Dlamini';
const ID_NUMBER = '8001015009087';
const PHONE = '+27821234567';
const LINE1 = '12 Jacaranda Street';

function memberRegistered(subjectId: string, beneficiaryId: string): NewEvent {
  return {
    type: 'MemberRegistered',
    data: {
      memberId: subjectId,
      fullName: NAME,
      idNumber: ID_NUMBER,
      phone: null,
      address: { line1: LINE1, city: 'Polokwane' },
      beneficiary: { name: 'Sipho Dlamini', share: 100 },
      plan: 'gold',
    },
    pii: [
      { subjectId, fields: ['fullName', 'idNumber', 'phone', 'address.line1', 'missing.field'] },
      { subjectId: beneficiaryId, fields: ['beneficiary.name'] },
    ],
  };
}

/** A fold, as a decider would run it: it must work the same before and after erasure. */
type Folded = { name: unknown; phone: unknown; plan: unknown; count: number };
function fold(events: RecordedEvent[]): Folded {
  return events.reduce<Folded>(
    (state, e) =>
      e.type === 'MemberRegistered'
        ? { ...state, name: e.data.fullName, plan: e.data.plan, count: state.count + 1 }
        : e.type === 'PhoneChanged'
          ? { ...state, phone: e.data.phone, count: state.count + 1 }
          : state,
    { name: undefined, phone: undefined, plan: undefined, count: 0 },
  );
}

export function piiConformance(fixture: () => ConformanceFixture): void {
  describe('personal data (crypto-shredding)', () => {
    it('is never stored in plain text, and reads back decrypted', async () => {
      const { store, storedEvents } = fixture();
      const id = streamId('member');
      const subject = randomUUID();
      const input = memberRegistered(subject, randomUUID());
      const original = structuredClone(input);
      const appended = await store.append([{ streamId: id, expectedVersion: 'no_stream', events: [input] }], appendOptions());
      expect(input).toEqual(original);

      const [row] = await storedEvents(id);
      for (const secret of [NAME, ID_NUMBER, LINE1, 'Sipho']) expect(row?.text).not.toContain(secret);
      expect(row?.data.fullName).toEqual({ $pii: expect.stringMatching(/^v2\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/) });
      expect(row?.data.phone).toBeNull();
      expect(row?.data.plan).toBe('gold');

      const [read] = (await store.readStream(id)).events;
      expect(read?.data).toEqual(original.data);
      expect(read?.metadata.pii).toEqual(original.pii);
      await waitForHead(store, appended.checkpoint);
      const [fromAll] = (await store.readAll({ after: null, limit: 10_000 })).filter((e) => e.streamId === id);
      expect(fromAll?.data).toEqual(original.data);
      expect((await store.readStreams([id])).get(id)?.events[0]?.data).toEqual(original.data);
    });

    it("reads as '[erased]' once the subject's key is destroyed; other subjects and folds are unaffected", async () => {
      const { store, keyring, sql } = fixture();
      const id = streamId('member');
      const subject = randomUUID();
      const beneficiary = randomUUID();
      const start = await store.headCheckpoint();
      await store.append(
        [{ streamId: id, expectedVersion: 'no_stream', events: [memberRegistered(subject, beneficiary)] }],
        appendOptions(),
      );
      const last = await store.append(
        [
          {
            streamId: id,
            expectedVersion: 1,
            events: [{ type: 'PhoneChanged', data: { phone: PHONE }, pii: [{ subjectId: subject, fields: ['phone'] }] }],
          },
        ],
        appendOptions(),
      );
      expect(fold((await store.readStream(id)).events)).toEqual({ name: NAME, phone: PHONE, plan: 'gold', count: 2 });

      await keyring.destroy(subject);

      const { version, events } = await store.readStream(id);
      expect(version).toBe(2);
      expect(events[0]?.data).toMatchObject({
        memberId: subject,
        fullName: ERASED,
        idNumber: ERASED,
        phone: null,
        address: { line1: ERASED, city: 'Polokwane' },
        beneficiary: { name: 'Sipho Dlamini', share: 100 },
      });
      expect(fold(events)).toEqual({ name: ERASED, phone: ERASED, plan: 'gold', count: 2 });
      await waitForHead(store, last.checkpoint);
      const replayed = (await store.readAll({ after: start, limit: 1_000 })).filter((e) => e.streamId === id);
      expect(replayed.map((e) => e.data.fullName ?? e.data.phone)).toEqual([ERASED, ERASED]);

      const [key] = await sql.query<{ wrapped_key: unknown; destroyed_at: Date | null }>(
        `select wrapped_key, destroyed_at from es_subject_keys where subject_id = $1`,
        [subject],
      );
      expect(key?.wrapped_key).toBeNull();
      expect(key?.destroyed_at).toBeInstanceOf(Date);
    });

    it('an append mixing events with and without personal data keeps each event its own data and metadata', async () => {
      const { store } = fixture();
      const [a, b] = [streamId('member'), streamId('member')];
      const [first, second] = [randomUUID(), randomUUID()];
      const plain = (n: number, schemaVersion?: number): NewEvent => ({
        type: 'Noted',
        data: { n },
        ...(schemaVersion ? { schemaVersion } : {}),
      });
      const events: [string, NewEvent[]][] = [
        [a, [plain(1), memberRegistered(first, randomUUID()), plain(2, 2)]],
        [b, [memberRegistered(second, randomUUID()), plain(3), plain(4, 2)]],
      ];
      await store.append(
        events.map(([id, list]) => ({ streamId: id, expectedVersion: 'no_stream' as const, events: list })),
        appendOptions(),
      );
      for (const [id, list] of events) {
        const read = (await store.readStream(id)).events;
        expect(read.map((e) => e.data)).toEqual(list.map((e) => e.data));
        expect(read.map((e) => e.metadata.pii)).toEqual(list.map((e) => e.pii));
        expect(read.map((e) => e.metadata.schemaVersion)).toEqual(list.map((e) => e.schemaVersion ?? 1));
      }
    });

    it('refuses new personal data about an erased subject, and appends nothing', async () => {
      const { store, keyring } = fixture();
      const id = streamId('member');
      const subject = randomUUID();
      await keyring.destroy(subject);
      await expect(
        store.append([{ streamId: id, expectedVersion: 'any', events: [memberRegistered(subject, randomUUID())] }], appendOptions()),
      ).rejects.toMatchObject({ code: 'RULE_VIOLATED' });
      expect((await store.readStream(id)).version).toBe(0);
    });

    it('a rolled-back append leaves no key behind', async () => {
      const { store, sql } = fixture();
      const subject = randomUUID();
      await expect(
        store.append([{ streamId: streamId('member'), expectedVersion: 'any', events: [memberRegistered(subject, randomUUID())] }], {
          ...appendOptions(),
          inTransaction: async () => {
            throw new Error('rolled back');
          },
        }),
      ).rejects.toThrow('rolled back');
      expect(await sql.query(`select subject_id from es_subject_keys where subject_id = $1`, [subject])).toEqual([]);
      const id = streamId('member');
      await store.append([{ streamId: id, expectedVersion: 'any', events: [memberRegistered(subject, randomUUID())] }], appendOptions());
      expect((await store.readStream(id)).events[0]?.data.fullName).toBe(NAME);
      expect(await sql.query(`select subject_id from es_subject_keys where subject_id = $1`, [subject])).toHaveLength(1);
    });
  });
}

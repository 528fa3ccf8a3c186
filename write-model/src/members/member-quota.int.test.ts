import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { isDomainError } from '../errors.ts';
import { appendOptions, event } from '../event-store/conformance/fixture.ts';
import { streamLockKey } from '../event-store/append-function.ts';
import { createPostgresEventStore, migrateEventStore } from '../event-store/postgres-event-store.ts';
import { createKeyring } from '../event-store/pii.ts';
import type { EventStore } from '../event-store/types.ts';
import type { SqlExecutor } from '../event-store/sql.ts';
import { migrateWriteModel } from '../migrate.ts';
import { serverDriver, testDrivers, type TestDatabase, type TestDriver } from '../testing/databases.ts';
import { limitReachedReason, readQuota, setMemberLimit, takeMemberPlaces } from './member-quota.ts';

/**
 * The member limit is taken when the append commits (a deferred constraint trigger locks and moves the
 * company's quota row), so the row is locked for the commit alone. A take the numbers as read cannot
 * hold is refused at once; a take another append beat to the last places is refused by its commit, and
 * comes out of the append as the same LIMIT_REACHED, with nothing of it written.
 */
let opened: { db: TestDatabase; store: EventStore }[] = [];

async function open(driver: TestDriver) {
  const db = await driver.create();
  await migrateEventStore(db.sql);
  await migrateWriteModel(db.sql);
  const store = await createPostgresEventStore(db.sql, { keyring: await createKeyring(db.sql, randomBytes(32)), pollIntervalMs: 50 });
  opened.push({ db, store });
  return { sql: db.sql, store };
}

afterEach(async () => {
  for (const { db, store } of opened) {
    await store.close();
    await db.dispose();
  }
  opened = [];
});

const register = (
  store: EventStore,
  companyId: string,
  places: number,
  before?: () => Promise<void>,
  streamId = `member-${randomUUID()}`,
) => {
  const appended = store.append(
    [{ streamId, expectedVersion: 'no_stream', events: [event('MemberRegistered', { n: places })] }],
    appendOptions({
      companyId,
      inTransaction: async (tx) => {
        await takeMemberPlaces(tx, companyId, places);
        await before?.();
      },
    }),
  );
  return { streamId, appended };
};

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe.each(testDrivers())('the member limit, taken at the commit, on $name', (driver) => {
  it('takes places up to the limit; a take past it is refused at once with the reason, nothing written or taken', async () => {
    const { sql, store } = await open(driver);
    const companyId = randomUUID();
    await setMemberLimit(sql, companyId, 3, 'basic');
    await register(store, companyId, 2).appended;
    expect(await readQuota(sql, companyId)).toEqual({ limit: 3, used: 2 });

    const past = register(store, companyId, 2);
    const error = await refusal(past.appended);
    expect(isDomainError(error) && error.code).toBe('LIMIT_REACHED');
    expect((error as Error).message).toBe(limitReachedReason(3, 2));
    expect(await readQuota(sql, companyId)).toEqual({ limit: 3, used: 2 });
    expect((await store.readStream(past.streamId)).events).toEqual([]);

    await register(store, companyId, 1).appended;
    expect(await readQuota(sql, companyId)).toEqual({ limit: 3, used: 3 });
    const [{ n }] = (await sql.query<{ n: number }>(`select count(*)::int as n from company_quota_takes`)) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('a company without a quota row gets the free tier’s at its first take', async () => {
    const { sql, store } = await open(driver);
    const companyId = randomUUID();
    await register(store, companyId, 1).appended;
    expect((await readQuota(sql, companyId)).used).toBe(1);
  });
});

const server = serverDriver();
(server ? describe : describe.skip)('two appends for the last place, on the PostgreSQL server', () => {
  it('both pass the look; the later commit is refused with LIMIT_REACHED, its events not written, the quota at the limit', async () => {
    const { sql, store } = await open(server!);
    const companyId = randomUUID();
    await setMemberLimit(sql, companyId, 3, 'basic');
    await register(store, companyId, 2).appended;

    // A takes the last place and waits before its commit; B takes it too and commits first.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let looked = () => {};
    const aLooked = new Promise<void>((resolve) => (looked = resolve));
    const a = register(store, companyId, 1, async () => {
      looked();
      await held;
    });
    await aLooked;
    // B's stream must not share A's stream lock (its bucket of 1,024): B would wait for A, which waits for B.
    await register(store, companyId, 1, undefined, await streamApartFrom(sql, a.streamId)).appended;
    release();
    const error = await refusal(a.appended);
    expect(isDomainError(error) && error.code).toBe('LIMIT_REACHED');
    expect((error as Error).message).toBe(limitReachedReason(3, 3));
    expect(await readQuota(sql, companyId)).toEqual({ limit: 3, used: 3 });
    expect((await store.readStream(a.streamId)).events).toEqual([]);
  });
});

/** A new member stream whose lock is not the given stream's (append-function.ts: streams share 1,024 locks). */
async function streamApartFrom(sql: SqlExecutor, streamId: string): Promise<string> {
  for (;;) {
    const candidate = `member-${randomUUID()}`;
    const [row] = await sql.query<{ apart: boolean }>(`select ${streamLockKey('$1::text')} <> ${streamLockKey('$2::text')} as apart`, [
      candidate,
      streamId,
    ]);
    if (row?.apart) return candidate;
  }
}

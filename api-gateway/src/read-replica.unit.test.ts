import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Row, SqlClient } from '@fpa/write-model/event-store';
import { loadConfig } from './config.ts';
import { createReadReplica, lsnValue } from './read-replica.ts';

/** A client that answers the WAL functions from `state` and records where each other statement ran. */
function fakeClient(name: string, state: { lsn: string | null; down?: boolean }, ran: string[]): SqlClient {
  const query = async <T extends Row>(text: string): Promise<T[]> => {
    if (state.down) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' });
    if (text.includes('pg_current_wal_lsn') || text.includes('pg_last_wal_replay_lsn')) return [{ lsn: state.lsn }] as unknown as T[];
    ran.push(name);
    return [] as T[];
  };
  return {
    driver: 'postgres',
    query,
    exec: async (text) => void (await query(text)),
    transaction: (fn) => fn({ query, exec: async (text) => void (await query(text)) }),
    listen: async () => async () => {},
    close: async () => {},
  };
}

function setup() {
  const ran: string[] = [];
  const primaryState = { lsn: '0/100' };
  const replicaState: { lsn: string | null; down?: boolean } = { lsn: '0/100' };
  const primary = fakeClient('primary', primaryState, ran);
  const replica = fakeClient('replica', replicaState, ran);
  return { ran, primaryState, replicaState, primary, replica };
}

describe('the read replica (READ_DATABASE_URL)', () => {
  it('compares WAL positions as numbers', () => {
    expect(lsnValue('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(lsnValue('1/0') > lsnValue('0/FFFFFFFF')).toBe(true);
  });

  it('is refused at start without DATABASE_URL (PGlite has no replica), with what to do', () => {
    expect(() => loadConfig({ READ_DATABASE_URL: 'postgres://replica/fpa' })).toThrow(
      /without DATABASE_URL.*Set DATABASE_URL, or unset READ_DATABASE_URL/,
    );
    expect(loadConfig({ DATABASE_URL: 'postgres://primary/fpa', READ_DATABASE_URL: 'postgres://replica/fpa' }).readDatabaseUrl).toBe(
      'postgres://replica/fpa',
    );
  });

  it('says for /healthz where reads go: the replica while it answers, the primary once it is down, with the counts', async () => {
    const { replicaState, primary, replica } = setup();
    const reads = await createReadReplica({ primary, url: 'unused', logger: pino({ level: 'silent' }), replica });
    await reads.client({ primary: false }).query('select 1');
    expect(await reads.health()).toEqual({
      readsGoTo: 'replica',
      replicaReads: 1,
      fallbacks: { request: 0, behind: 0, down: 0, failed: 0 },
      waitTimeouts: 0,
    });
    replicaState.down = true;
    expect((await reads.health()).readsGoTo).toBe('primary');
    await reads.client({ primary: false }).query('select 1');
    expect(await reads.health()).toMatchObject({ readsGoTo: 'primary', fallbacks: { down: 1 } });
  });

  it('reads on the replica once it has replayed the write; a wait that runs out reads the primary, and so do later reads until it catches up', async () => {
    const { ran, primaryState, replicaState, primary, replica } = setup();
    const reads = await createReadReplica({ primary, url: 'unused', logger: pino({ level: 'silent' }), replica });
    const caughtUp = { primary: false };
    primaryState.lsn = '0/200';
    replicaState.lsn = '0/200';
    await reads.afterWrite(caughtUp, 50);
    await reads.client(caughtUp).query('select 1');
    expect([caughtUp.primary, ran.at(-1), reads.stats.waits.length]).toEqual([false, 'replica', 1]);

    const lagging = { primary: false };
    primaryState.lsn = '0/300';
    await reads.afterWrite(lagging, 20);
    await reads.client(lagging).query('select 1');
    expect([lagging.primary, ran.at(-1), reads.stats.timeouts]).toEqual([true, 'primary', 1]);
    // Another request of this process: the replica has not replayed 0/300 yet, so the primary.
    await reads.client({ primary: false }).query('select 1');
    expect([ran.at(-1), reads.stats.fallbacks.behind]).toEqual(['primary', 1]);
    replicaState.lsn = '0/300';
    await reads.client({ primary: false }).query('select 1');
    expect(ran.at(-1)).toBe('replica');
  });

  it('a replica that is down sends reads to the primary, and nothing fails', async () => {
    const { ran, replicaState, primary, replica } = setup();
    const reads = await createReadReplica({ primary, url: 'unused', logger: pino({ level: 'silent' }), replica });
    replicaState.down = true;
    const request = { primary: false };
    await expect(reads.client(request).transaction((tx) => tx.query('select 1'))).resolves.toEqual([]);
    expect([ran.at(-1), reads.stats.fallbacks.failed]).toEqual(['primary', 1]);
    // Left alone for a while: the next read goes straight to the primary.
    await reads.client(request).query('select 1');
    expect([ran.at(-1), reads.stats.fallbacks.down]).toEqual(['primary', 1]);
    // A command's wait does not wait on it either.
    await reads.afterWrite(request, 1_000);
    expect(request.primary).toBe(true);
  });

  it('a server that is not in recovery is not read as a replica', async () => {
    const { ran, replicaState, primary, replica } = setup();
    const reads = await createReadReplica({ primary, url: 'unused', logger: pino({ level: 'silent' }), replica });
    replicaState.lsn = null;
    const request = { primary: false };
    await reads.afterWrite(request, 1_000);
    await reads.client(request).query('select 1');
    expect([request.primary, ran.at(-1)]).toEqual([true, 'primary']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverDriver, type TestDatabase } from '../testing/databases.ts';
import { createPostgresClient } from './sql.ts';

/**
 * porsager/postgres#823: postgres.js 3.4.9 pipelines up to 100 statements on a busy connection, and a
 * transaction's BEGIN that lands as the 100th is sent without reserving the connection: the
 * transaction fails with UNSAFE_TRANSACTION (the bench saw it as a 500 at 100 registrations/s), and
 * other callers' statements can run inside it. The client runs transactions on single-connection
 * clients lent one transaction at a time; this drives the pattern that fails on a shared pool:
 * bursts of 60–119 single statements, each followed by a transaction, on two connections (20 of
 * the 1,200 transactions failed so with a shared pool).
 */
const driver = serverDriver();
const suite = driver ? describe : describe.skip;

suite(
  driver
    ? 'transactions among pipelined statements, on the PostgreSQL server'
    : 'transaction pool (needs TEST_DATABASE_URL: a PostgreSQL server)',
  () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await driver!.create();
    });
    afterAll(async () => {
      await db?.dispose();
    });

    it('1,200 transactions behind bursts of pipelined statements: every one commits, each alone', async () => {
      const sql = await createPostgresClient({ url: db.url!, max: 2 });
      try {
        await sql.exec('create table tx_pool_probe (id int primary key, txid text not null)');
        await Promise.all([sql.query('select 1'), sql.query('select 1')]);
        const failures: string[] = [];
        const note = (error: unknown) => void failures.push((error as { code?: string }).code ?? String(error));
        const work: Promise<unknown>[] = [];
        for (let round = 0; round < 1_200; round++) {
          for (let i = 0; i < 60 + ((round * 7) % 60); i++) work.push(sql.query('select 1 as n').catch(note));
          work.push(
            sql
              .transaction(async (tx) => {
                const txid = (await tx.query<{ txid: string }>('select pg_current_xact_id()::text as txid'))[0]!.txid;
                await tx.query('insert into tx_pool_probe (id, txid) values ($1, $2)', [round, txid]);
              })
              .catch(note),
          );
          await new Promise((resolve) => setImmediate(resolve));
        }
        await Promise.all(work);
        expect(failures.slice(0, 3)).toEqual([]);
        const [row] = await sql.query<{ rows: number; transactions: number }>(
          'select count(*)::int as rows, count(distinct txid)::int as transactions from tx_pool_probe',
        );
        expect(row).toEqual({ rows: 1_200, transactions: 1_200 });
      } finally {
        await sql.close();
      }
    }, 60_000);
  },
);

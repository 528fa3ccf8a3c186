import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateWriteModel } from '@fpa/write-model';
import { createKeyring, createPostgresEventStore, type EventStore } from '@fpa/write-model/event-store';
import { pgliteDriver, type TestDatabase } from '@fpa/write-model/testing';
import { generate } from '../scripts/sim/generator.ts';

/*
 * `npm run bench` died at 00:2x South African time with "Date of death cannot be before the policy
 * start date": the generator dated the death by the UTC date (still yesterday) while the policy
 * started on the South African one. At 00:30 there (22:30 UTC) both are the South African date.
 */
describe('the bench generator at 00:30 South African time', () => {
  let db: TestDatabase;
  let store: EventStore;
  afterAll(async () => {
    await store?.close();
    await db?.dispose();
  });

  it('dates policies and claims by the South African day and is not refused', async () => {
    db = await pgliteDriver.create();
    await migrateWriteModel(db.sql);
    store = await createPostgresEventStore(db.sql, { keyring: await createKeyring(db.sql, randomBytes(32)) });
    const at = new Date('2025-03-04T22:30:00Z'); // 2025-03-05 00:30 in South Africa
    const [company] = await generate({
      store,
      sql: db.sql,
      companies: 1,
      membersPerCompany: 2,
      paymentsPerPolicy: 1,
      claimEvery: 1,
      now: () => at,
      log: () => {},
    });
    expect(company!.claims).toBe(2);
    const rows = await db.sql.query<{ type: string; data: Record<string, unknown> }>(
      `select type, data from es_events where type in ('PolicyIssued', 'ClaimSubmitted') order by global_position`,
    );
    const policies = rows.filter((r) => r.type === 'PolicyIssued').map((r) => r.data.startDate);
    const claims = rows.filter((r) => r.type === 'ClaimSubmitted').map((r) => r.data.submittedDate);
    expect([policies, claims]).toEqual([
      ['2025-03-05', '2025-03-05'],
      ['2025-03-05', '2025-03-05'],
    ]);
  });
});

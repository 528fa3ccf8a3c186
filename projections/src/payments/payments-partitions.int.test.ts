import type { SqlExecutor } from '@fpa/write-model/event-store';
import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { runProjectionsCli } from '../cli/projections-cli.ts';
import { runCleanups } from '../engine/engine.fixtures.ts';
import { putRow } from '../engine/checkpoints.ts';
import { companyPartitions, setReadModelPartitions } from '../engine/partitions.ts';
import { createGeneration, migrateEngineTables, schemaName } from '../engine/schema.ts';
import { readTogether, tenantScoped } from '../engine/tenant-wall.ts';
import type { Projector } from '../engine/types.ts';
import { policyArrears } from './arrears.queries.ts';
import { openPaymentsBed, type PaymentsBed } from './payments.fixtures.ts';
import { findPayment, listPayments, paymentCounts } from './payments.queries.ts';
import { paymentsProjection } from './payments.projection.ts';
import { groupSchemesProjection } from '../group-schemes/group-schemes.projection.ts';
import { listMembers } from '../portfolio/members.queries.ts';
import { findPolicy, listPolicies } from '../portfolio/policies.queries.ts';
import { portfolioProjection } from '../portfolio/portfolio.projection.ts';
import { usersListProjection } from '../users-list/users-list.projection.ts';

/**
 * Issue #28 step 3: the four largest read-model tables (payments and policy_arrears of the payments read
 * model, members and policies of the portfolio) hash-partitioned on company_id, turned on (and off) by
 * `npm run projections -- partition N` while the read models keep serving: the rows, the pages and the
 * wall are what one table gives.
 */

const TABLES = ['payments', 'policy_arrears', 'payment_stats', 'premium_months', 'members', 'policies', 'portfolio_stats'] as const;
const PARTITIONED = { payments: ['payments', 'policy_arrears'], portfolio: ['members', 'policies'] } as const;

/** Every row of the payments read model through the public views, in a fixed order. */
async function snapshot(sql: SqlExecutor): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) out[table] = await sql.query(`select to_jsonb(t) as row from public.${table} t order by to_jsonb(t)::text`);
  return out;
}

/** The serving generation's layout of a table: its partitions (0: one table), and how many partitions a company's rows are in at most. */
async function layout(sql: SqlExecutor, projector: keyof typeof PARTITIONED, table: string) {
  const [{ generation } = { generation: 0 }] = await sql.query<{ generation: number }>(
    `select generation from projection_checkpoints where projector = $1`,
    [projector],
  );
  const source = `"${schemaName(projector, generation)}"."${table}"`;
  const [row] = await sql.query<{ parts: number; spread: number | null }>(
    `select (select count(*)::int from pg_inherits i where i.inhparent = '${source}'::regclass) as parts,
            (select max(n)::int from (select count(distinct t.tableoid) as n from ${source} t group by t.company_id) x) as spread`,
  );
  return { parts: Number(row?.parts ?? 0), spread: row?.spread ?? null };
}

/** Two companies' policies, payments (one refunded, one completed then failed), a lapse: every statement of the projector. */
async function writeBook(bed: PaymentsBed) {
  const [a, b] = [bed.company(), bed.company()];
  const clerk = await a.user('Zanele', 'Mthembu');
  const themba = await a.policy('Themba', 'Mthembu');
  const pieter = await a.policy('Pieter', 'van Wyk');
  await a.pay(clerk, themba.policyId, { amount: '150.5', reference: 'JUN-001' });
  const refunded = await a.pay(clerk, themba.policyId, { amount: '150.5', paymentDate: '2025-07-15' });
  await a.setStatus(clerk, refunded, 'refunded');
  const failed = await a.pay(clerk, pieter.policyId, { amount: '299', paymentDate: '2025-07-01' });
  await a.setStatus(clerk, failed, 'failed');
  await a.changePolicyStatus(pieter.policyId, 'active', 'lapsed');
  const theirs = await b.policy('Lerato', 'Dlamini');
  await b.pay(null, theirs.policyId, { reference: 'B-1' });
  await bed.project();
  return { a, b, clerk, themba, pieter, theirs };
}

describe.each(testDrivers())('the largest read models partitioned by company on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));

  it('partition N rebuilds the four tables into N partitions with the same rows, pages and wall; 0 takes them back', async () => {
    const bed = await openPaymentsBed(driver, cleanups);
    const book = await writeBook(bed);
    const before = await snapshot(bed.sql);
    expect(before.payments).toHaveLength(4);
    expect(before.members).toHaveLength(3);
    expect(await layout(bed.sql, 'payments', 'payments')).toMatchObject({ parts: 0 });

    const lines: string[] = [];
    const projectors = [usersListProjection, portfolioProjection, groupSchemesProjection, paymentsProjection];
    const cli = (...args: string[]) =>
      runProjectionsCli(args, { sql: bed.sql, store: bed.store, projectors, out: (line) => lines.push(line) });
    expect(await cli('partition', '4')).toBe(0);
    expect(lines).toEqual([
      'portfolio: rebuilding members, policies into 4 partitions...',
      'portfolio: rebuilt and serving.',
      'payments: rebuilding payments, policy_arrears into 4 partitions...',
      'payments: rebuilt and serving.',
    ]);

    for (const [projector, tables] of Object.entries(PARTITIONED) as [keyof typeof PARTITIONED, readonly string[]][]) {
      for (const table of tables) {
        // Each company's rows in one partition: a company's pages and rebuilds touch one table.
        expect(await layout(bed.sql, projector, table)).toEqual({ parts: 4, spread: 1 });
      }
    }
    expect(await snapshot(bed.sql)).toEqual(before);

    const { a, b, themba, pieter } = book;
    expect((await listMembers(bed.sql, a.companyId, { search: 'pieter van' })).nodes.map((n) => n.lastName)).toEqual(['van Wyk']);
    expect(await findPolicy(bed.sql, a.companyId, pieter.policyId)).toMatchObject({ status: 'lapsed', policyNumber: pieter.policyNumber });
    expect(await findPolicy(bed.sql, b.companyId, pieter.policyId)).toBeNull();
    expect((await listPolicies(bed.sql, b.companyId)).nodes.map((n) => n.policyNumber)).toEqual([book.theirs.policyNumber]);
    const page = await listPayments(bed.sql, a.companyId);
    expect(page.totalCount).toBe(3);
    expect((await listPayments(bed.sql, a.companyId, { search: 'jun-' })).nodes.map((n) => n.reference)).toEqual(['JUN-001']);
    expect(await paymentCounts(bed.sql, a.companyId)).toMatchObject({ total: 3, completed: 1, refunded: 1, failed: 1 });
    const arrears = await policyArrears(bed.sql, a.companyId, { today: '2025-09-01' });
    expect(arrears.nodes.map((n) => [n.policyNumber, n.policyStatus, n.lastPaymentDate])).toEqual([
      [pieter.policyNumber, 'lapsed', null],
      [themba.policyNumber, 'active', '2025-06-15'],
    ]);
    // The wall: a query that forgets its company still sees one company's rows.
    const walled = tenantScoped(bed.sql, b.companyId);
    const seen = await readTogether(walled, (tx) => tx.query<{ reference: string | null }>('select reference from payments'));
    expect(seen.map((r) => r.reference)).toEqual(['B-1']);
    expect(await findPayment(bed.sql, b.companyId, page.nodes[0]!.id)).toBeNull();

    // The live projector writes into the partitioned generation as it did into the one table.
    const late = await a.pay(book.clerk, pieter.policyId, { amount: '299', paymentDate: '2025-08-01' });
    await a.setStatus(book.clerk, late, 'refunded');
    await a.setStatus(book.clerk, late, 'completed');
    await bed.project();
    expect(await findPayment(bed.sql, a.companyId, late)).toMatchObject({ status: 'completed', amount: '299.00' });
    const after = await policyArrears(bed.sql, a.companyId, { today: '2025-09-01' });
    expect(after.nodes.find((n) => n.policyNumber === pieter.policyNumber)?.lastPaymentDate).toBe('2025-08-01');

    // The live portfolio projector too: a new member and policy, and a lapse, in the partitioned generation.
    const late2 = await a.policy('Sipho', 'Nkosi');
    await a.changePolicyStatus(late2.policyId, 'active', 'cancelled');
    await bed.project();
    expect(await findPolicy(bed.sql, a.companyId, late2.policyId)).toMatchObject({ status: 'cancelled', memberName: 'Sipho Nkosi' });
    expect((await listMembers(bed.sql, a.companyId)).totalCount).toBe(3);
    const partitioned = await snapshot(bed.sql);

    lines.length = 0;
    expect(await cli('partition', '4')).toBe(0);
    expect(lines).toEqual([
      'portfolio: members, policies already in 4 partitions.',
      'payments: payments, policy_arrears already in 4 partitions.',
    ]);

    lines.length = 0;
    expect(await cli('partition', '0')).toBe(0);
    expect(lines.filter((line) => line.includes('rebuilding'))).toEqual([
      'portfolio: rebuilding members, policies as one table each...',
      'payments: rebuilding payments, policy_arrears as one table each...',
    ]);
    expect(await layout(bed.sql, 'payments', 'payments')).toMatchObject({ parts: 0 });
    expect(await layout(bed.sql, 'portfolio', 'members')).toMatchObject({ parts: 0 });
    expect(await snapshot(bed.sql)).toEqual(partitioned);

    for (const bad of [['partition'], ['partition', 'x'], ['partition', '-1'], ['partition', '1025'], ['partition', '4', '5']]) {
      lines.length = 0;
      expect(await cli(...bad)).toBe(2);
      expect(lines).toEqual(['partition takes one number, 0 (one table each) to 1024.']);
    }
  });

  it('a partition run cut short during its rebuild is dropped by a run asking for another layout, finished by one asking for the same', async () => {
    const bed = await openPaymentsBed(driver, cleanups);
    await writeBook(bed);
    const before = await snapshot(bed.sql);
    const lines: string[] = [];
    const cli = (...args: string[]) =>
      runProjectionsCli(args, { sql: bed.sql, store: bed.store, projectors: [paymentsProjection], out: (line) => lines.push(line) });
    // What `partition 4` killed during its rebuild leaves: the new generation made in 4 partitions, its row, no switch.
    const cutShort = async () => {
      await setReadModelPartitions(bed.sql, 4);
      await bed.sql.transaction(async (tx) => {
        await createGeneration(tx, paymentsProjection, 7);
        await putRow(tx, 'rebuild', 'payments', { version: paymentsProjection.version, generation: 7, checkpoint: null });
      });
    };
    await cutShort();
    expect(await cli('partition', '0')).toBe(0);
    expect(lines).toEqual(['payments: payments, policy_arrears already one table each.']);
    expect(await bed.sql.query(`select 1 from projection_rebuilds where projector = 'payments'`)).toEqual([]);
    expect(await bed.sql.query(`select 1 from pg_namespace where nspname = 'rm_payments_g7'`)).toEqual([]);

    await cutShort();
    lines.length = 0;
    expect(await cli('partition', '4')).toBe(0);
    expect(lines).toEqual(['payments: finishing the rebuild under way into 4 partitions...', 'payments: rebuilt and serving.']);
    expect(await layout(bed.sql, 'payments', 'payments')).toMatchObject({ parts: 4 });
    expect(await snapshot(bed.sql)).toEqual(before);
  });

  it('refuses a generation whose init leaves a table it says it partitions as one table', async () => {
    const bed = await openPaymentsBed(driver, cleanups);
    await migrateEngineTables(bed.sql);
    await bed.sql.query('insert into public.read_model_layout (partitions) values (2)');
    const forgetful: Projector = {
      name: 'test_forgetful',
      version: 1,
      handles: ['PaymentRecorded'],
      tables: ['test_forgetful'],
      partitionedTables: ['test_forgetful'],
      async init(tx) {
        await tx.exec(
          'create table if not exists test_forgetful (company_id uuid not null, id uuid not null, primary key (company_id, id))',
        );
      },
      async apply() {},
    };
    const dutiful: Projector = {
      ...forgetful,
      name: 'test_dutiful',
      tables: ['test_dutiful'],
      partitionedTables: ['test_dutiful'],
      async init(tx) {
        const partitions = await companyPartitions(tx);
        await tx.exec(
          `create table if not exists test_dutiful (company_id uuid not null, id uuid not null, primary key (company_id, id)) ${partitions.clause}`,
        );
        await partitions.fill(['test_dutiful']);
      },
    };
    const out = () => {};
    const cli = (projector: Projector) =>
      runProjectionsCli(['partition', '2'], { sql: bed.sql, store: bed.store, projectors: [projector], out });
    await expect(cli(forgetful)).rejects.toThrow('Projector "test_forgetful": test_forgetful not in 2 partitions as the layout asks.');
    expect(await cli(dutiful)).toBe(0);
  });
});

import { readCompanyEvents, type SqlExecutor } from '@fpa/write-model/event-store';
import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { catchUpTo, runCleanups } from '../engine/engine.fixtures.ts';
import { schemaName } from '../engine/schema.ts';
import type { Projector } from '../engine/types.ts';
import { groupSchemesProjection } from '../group-schemes/group-schemes.projection.ts';
import { openPaymentsBed, type PaymentsBed } from '../payments/payments.fixtures.ts';
import { paymentsProjection } from '../payments/payments.projection.ts';
import { portfolioProjection } from '../portfolio/portfolio.projection.ts';
import { usersListProjection } from '../users-list/users-list.projection.ts';
import { runProjectionsCli } from './projections-cli.ts';

/**
 * Issue #28: `npm run projections -- rebuild-company ID` puts one company's rows of the serving read
 * models back to what its own events give, while they serve, and touches no other company's rows.
 */

const PROJECTORS: readonly Projector[] = [usersListProjection, portfolioProjection, groupSchemesProjection, paymentsProjection];

/** Every row of one company in the read models' tables that have company_id, through the public views. */
async function companyRows(sql: SqlExecutor, companyId: string): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of PROJECTORS.flatMap((p) => p.tables)) {
    const [has] = await sql.query(
      `select 1 from information_schema.columns where table_schema = 'public' and table_name = $1 and column_name = 'company_id'`,
      [table],
    );
    if (!has) continue;
    out[table] = (
      await sql.query<{ row: unknown }>(
        `select to_jsonb(t) as row from public."${table}" t where company_id = $1 order by to_jsonb(t)::text`,
        [companyId],
      )
    ).map((r) => r.row);
  }
  return out;
}

async function writeBook(bed: PaymentsBed) {
  const [a, b] = [bed.company(), bed.company()];
  const clerk = await a.user('Zanele', 'Mthembu');
  const themba = await a.policy('Themba', 'Mthembu');
  const pieter = await a.policy('Pieter', 'van Wyk');
  const paid = await a.pay(clerk, themba.policyId, { amount: '150.5' });
  await a.setStatus(clerk, paid, 'refunded');
  await a.pay(clerk, pieter.policyId, { amount: '299', paymentDate: '2025-07-01' });
  await a.scheme('Mine Workers', [['Sipho', 2]]);
  const theirs = await b.policy('Lerato', 'Dlamini');
  await b.pay(null, theirs.policyId);
  await bed.project();
  return { a, b, clerk, themba, pieter };
}

function cliOf(bed: PaymentsBed, lines: string[], options: { readCompany?: boolean } = {}) {
  return (...args: string[]) =>
    runProjectionsCli(args, {
      sql: bed.sql,
      store: bed.store,
      projectors: PROJECTORS,
      out: (line) => lines.push(line),
      ...(options.readCompany === false ? {} : { readCompany: (companyId, o) => readCompanyEvents(bed.sql, bed.keyring, companyId, o) }),
    });
}

describe.each(testDrivers())('rebuild-company on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));

  it("puts a damaged company's rows back from its own events and leaves another company's as they are", async () => {
    const bed = await openPaymentsBed(driver, cleanups);
    const { a, b } = await writeBook(bed);
    const [rightA, rightB] = [await companyRows(bed.sql, a.companyId), await companyRows(bed.sql, b.companyId)];
    expect(rightA.members).toHaveLength(5);
    expect(rightA.payments).toHaveLength(2);

    // Damage, as a bug or a hand edit would leave it: a row gone, a figure wrong, a row too many, in both companies.
    const [{ generation: portfolio } = { generation: 0 }] = await bed.sql.query<{ generation: number }>(
      `select generation from projection_checkpoints where projector = 'portfolio'`,
    );
    const [{ generation: payments } = { generation: 0 }] = await bed.sql.query<{ generation: number }>(
      `select generation from projection_checkpoints where projector = 'payments'`,
    );
    const pf = schemaName('portfolio', portfolio);
    const pm = schemaName('payments', payments);
    await bed.sql.exec(`
      delete from "${pf}".members where company_id = '${a.companyId}' and first_name = 'Pieter';
      update "${pf}".portfolio_stats set total_members = 99 where company_id = '${a.companyId}';
      update "${pm}".payments set amount = 1 where company_id in ('${a.companyId}', '${b.companyId}');
      insert into "${pm}".premium_months (company_id, month, amount, payment_count) values ('${a.companyId}', '1999-01-01', 5, 1);
    `);
    const damagedB = await companyRows(bed.sql, b.companyId);
    expect(damagedB).not.toEqual(rightB);

    const lines: string[] = [];
    expect(await cliOf(bed, lines)('rebuild-company', a.companyId)).toBe(0);
    expect(await companyRows(bed.sql, a.companyId)).toEqual(rightA);
    expect(await companyRows(bed.sql, b.companyId)).toEqual(damagedB);
    expect(lines).toHaveLength(PROJECTORS.length);
    expect(lines.find((l) => l.startsWith('portfolio:'))).toMatch(/^portfolio: \d+ event\(s\); .*members 4 -> 5, /);
    expect(lines.find((l) => l.startsWith('payments:'))).toMatch(/premium_months 3 -> 2/);

    // Only the named read models.
    lines.length = 0;
    expect(await cliOf(bed, lines)('rebuild-company', b.companyId, 'payments')).toBe(0);
    expect(lines).toHaveLength(1);
    expect(await companyRows(bed.sql, b.companyId)).toEqual(rightB);

    for (const bad of [['rebuild-company'], ['rebuild-company', 'acme'], ['rebuild-company', a.companyId, 'nope']]) {
      lines.length = 0;
      expect(await cliOf(bed, lines)(...bad)).toBe(2);
    }
    lines.length = 0;
    expect(await cliOf(bed, lines, { readCompany: false })('rebuild-company', a.companyId)).toBe(2);
    expect(lines).toEqual(["rebuild-company reads a company's events from the PostgreSQL event store; this one is KurrentDB."]);

    // A read model not serving this code's version is left alone, and said so.
    lines.length = 0;
    const newer = { ...paymentsProjection, version: paymentsProjection.version + 1 };
    const run = (...args: string[]) =>
      runProjectionsCli(args, {
        sql: bed.sql,
        store: bed.store,
        projectors: [newer],
        out: (line) => lines.push(line),
        readCompany: (companyId, o) => readCompanyEvents(bed.sql, bed.keyring, companyId, o),
      });
    expect(await run('rebuild-company', a.companyId)).toBe(1);
    expect(lines).toEqual(["payments: not serving this code's version; left alone (let its rebuild finish first)."]);
  });

  it('while the read models follow the log and the company keeps paying, the rows equal a whole rebuild', async () => {
    const bed = await openPaymentsBed(driver, cleanups);
    const { a, b, clerk, themba, pieter } = await writeBook(bed);
    await bed.engine.start();
    const lines: string[] = [];
    const cli = cliOf(bed, lines);
    let paying = true;
    const payer = (async () => {
      for (let i = 0; paying && i < 200; i++) {
        await a.pay(clerk, i % 2 ? themba.policyId : pieter.policyId, { amount: String(100 + i) });
        if (i % 3 === 0) await b.pay(null, (await b.policy(`Person${i}`, 'Dube')).policyId);
      }
    })();
    for (let i = 0; i < 4; i++) expect(await cli('rebuild-company', a.companyId, 'portfolio', 'payments')).toBe(0);
    paying = false;
    await payer;
    await bed.project();
    await bed.engine.stop();
    const live = [await companyRows(bed.sql, a.companyId), await companyRows(bed.sql, b.companyId)];
    expect(live[0]!.payments!.length).toBeGreaterThan(2);

    // A whole rebuild of every read model from the log, for comparison.
    const whole = bed.engine;
    for (const projector of PROJECTORS) await whole.rebuild(projector.name);
    const [{ n } = { n: 0 }] = await bed.sql.query<{ n: number }>(
      `select count(*)::int as n from projection_checkpoints where projector = any($1::text[]) and generation = 2`,
      [PROJECTORS.map((p) => p.name)],
    );
    expect(n).toBe(PROJECTORS.length);
    await catchUpTo(whole, await bed.store.headCheckpoint());
    expect([await companyRows(bed.sql, a.companyId), await companyRows(bed.sql, b.companyId)]).toEqual(live);
  });
});

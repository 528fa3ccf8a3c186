import { randomUUID } from 'node:crypto';
import type { RecordedEvent, SqlExecutor } from '@fpa/write-model/event-store';
import { testDrivers, type TestDatabase } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { inSchema, loggedEvent, schemaRows } from '../engine/apply-batch.fixtures.ts';
import { COLLECTIONS_TABLES, collectionsProjection } from '../collections/collections.projection.ts';
import { seededRandom } from '../portfolio/portfolio-stream.fixtures.ts';
import { BILLING_TABLES, billingProjection } from './billing.projection.ts';

/**
 * Issue #26: a rebuild's log interleaves each member's registration, policy and payments, and the billing and
 * collections projectors applied it a statement per event. Their applyBatch gathers it into runs of one type;
 * it must leave exactly what apply leaves event by event, wherever the engine cuts the log: members registered
 * twice (the company of the first, the contact of the last), family members, erased and blank contacts, updates,
 * policies issued twice, group and repeated payments, status changes, and policy events that stay in place
 * (lapses, status changes, a holder's succession). Every row of every table is compared.
 */
type Projector = {
  handles: readonly string[];
  init(tx: SqlExecutor): Promise<void>;
  apply(tx: SqlExecutor, event: never): Promise<void>;
  applyBatch?(tx: SqlExecutor, events: readonly never[]): Promise<void>;
};

const projectors = [
  { name: 'billing', projector: billingProjection as unknown as Projector, tables: BILLING_TABLES },
  { name: 'collections', projector: collectionsProjection as unknown as Projector, tables: COLLECTIONS_TABLES },
];

describe.each(testDrivers())('a rebuild-shaped log through applyBatch and through apply on $name', (driver) => {
  let db: TestDatabase | null = null;
  afterEach(async () => {
    await db?.dispose();
    db = null;
  });

  it.each([1, 2, Date.now() % 1_000_000])('gives the same rows in random batches (seed %i)', async (seed) => {
    db = await driver.create();
    const random = seededRandom(seed);
    const log = memberLog(random, 150);
    for (const { name, projector, tables } of projectors) {
      // As the engine hands them: the projector's own types.
      const events = log.filter((event) => projector.handles.includes(event.type));
      const each = `cmp_${name}_each`;
      await inSchema(db.sql, projector, each, async (tx) => {
        for (const event of events) await projector.apply(tx, event as never);
      });
      const expected = await schemaRows(db.sql, each, tables);
      for (let trial = 0; trial < 2; trial++) {
        const schema = `cmp_${name}_batch_${trial}`;
        const sizes: number[] = [];
        for (let start = 0; start < events.length; ) {
          const size = random() < 0.2 ? 1 : 2 + Math.floor(random() * 200);
          const slice = events.slice(start, start + size) as never[];
          await inSchema(db.sql, projector, schema, (tx) => projector.applyBatch!(tx, slice), start > 0);
          sizes.push(size);
          start += size;
        }
        expect(await schemaRows(db.sql, schema, tables), `${name}, seed ${seed}, batch sizes ${sizes.join(',')}`).toEqual(expected);
      }
    }
    const members = (await schemaRows(db.sql, 'cmp_billing_each', ['billing_members'])).billing_members!;
    expect(members.length).toBeGreaterThan(150);
  });

  it('applies 500 events of members, policies and payments in a handful of statements, not one per event', async () => {
    db = await driver.create();
    const log = memberLog(seededRandom(5), 400, { quiet: true }).slice(0, 500);
    for (const { name, projector, tables } of projectors) {
      const events = log.filter((event) => projector.handles.includes(event.type));
      let statements = 0;
      const counting = (tx: SqlExecutor): SqlExecutor => ({
        exec: (text) => tx.exec(text),
        query: (text, params) => ((statements += 1), tx.query(text, params)),
      });
      await inSchema(db.sql, projector, `count_${name}`, (tx) => projector.applyBatch!(counting(tx), events as never[]));
      await inSchema(db.sql, projector, `each_${name}`, async (tx) => {
        for (const event of events) await projector.apply(tx, event as never);
      });
      expect(await schemaRows(db.sql, `count_${name}`, tables)).toEqual(await schemaRows(db.sql, `each_${name}`, tables));
      expect(statements, name).toBeLessThan(10);
    }
  });
});

/**
 * Members as the simulation's generator appends them (registration, policy, payments, member after member), with
 * the odd repeat, update and policy event among them unless `quiet`.
 */
function memberLog(random: () => number, members: number, { quiet = false } = {}): RecordedEvent[] {
  const companies = [randomUUID(), randomUUID()];
  const policyTypeId = randomUUID();
  const events: RecordedEvent[] = [];
  const odd = (p: number) => !quiet && random() < p;
  const push = (type: string, data: Record<string, unknown>) =>
    events.push(loggedEvent(events.length, type, data, { startMs: Date.UTC(2026, 0, 1), stepMs: 60_000 }));
  const registered: { memberId: string; companyId: string }[] = [];
  const policies: string[] = [];
  const payments: string[] = [];
  const register = (memberId: string, companyId: string, isMainMember: boolean) => {
    const passport = random() < 0.3;
    push('MemberRegistered', {
      memberId,
      companyId,
      firstName: `First${Math.floor(random() * 1000)}`,
      lastName: `Last${Math.floor(random() * 1000)}`,
      identifierType: passport ? 'passport' : 'sa_id',
      ...(passport ? { passportNumber: `P${Math.floor(random() * 1e6)}` } : { saId: `80010${Math.floor(random() * 1e8)}` }),
      phone: random() < 0.1 ? '[erased]' : random() < 0.1 ? ' ' : `08${Math.floor(random() * 1e8)}`,
      email: random() < 0.2 ? undefined : `m${Math.floor(random() * 1e6)}@example.com`,
      isMainMember,
      mainMemberId: isMainMember ? null : registered.at(-1)?.memberId,
    });
    registered.push({ memberId, companyId });
  };
  for (let i = 0; i < members; i++) {
    const companyId = companies[i % 2]!;
    const memberId = randomUUID();
    register(memberId, companyId, true);
    if (odd(0.15)) register(randomUUID(), companyId, false);
    // The same member registered again (another company and contact): the first company and the last contact stand.
    if (odd(0.05) && registered.length > 3)
      register(registered[Math.floor(random() * registered.length)]!.memberId, companies[(i + 1) % 2]!, random() < 0.5);
    if (odd(0.05)) {
      const again = registered[Math.floor(random() * registered.length)]!;
      push('MemberUpdated', { ...again, firstName: 'Updated', lastName: 'Name', phone: '0820000000', email: 'new@example.com' });
    }
    const policyId = odd(0.03) && policies.length > 0 ? policies[Math.floor(random() * policies.length)]! : randomUUID();
    policies.push(policyId);
    push('PolicyIssued', {
      policyId,
      companyId,
      policyNumber: `POL-${i}`,
      memberId,
      policyTypeId,
      startDate: `2025-${String(1 + (i % 12)).padStart(2, '0')}-01`,
      monthlyPremium: `${100 + Math.floor(random() * 300)}.${random() < 0.5 ? '00' : '505'}`,
      coverageAmount: '10000',
      waitingPeriod: 6,
      ...(random() < 0.7 ? { debitDay: 1 + Math.floor(random() * 28) } : {}),
      ...(odd(0.1) ? { paidUpTo: '2025-12-31' } : {}),
    });
    for (let p = Math.floor(random() * 4); p > 0; p--) {
      const paymentId = odd(0.03) && payments.length > 0 ? payments[Math.floor(random() * payments.length)]! : randomUUID();
      payments.push(paymentId);
      push('PaymentRecorded', {
        paymentId,
        companyId,
        policyId,
        policyNumber: `POL-${i}`,
        memberId,
        memberName: 'Thandi Nkosi',
        amount: `${100 + Math.floor(random() * 300)}.00`,
        paymentDate: `2026-0${1 + Math.floor(random() * 9)}-0${1 + Math.floor(random() * 9)}`,
        paymentMethod: 'debit_order',
        reference: null,
        notes: null,
        status: random() < 0.9 ? 'completed' : 'pending',
        ...(odd(0.05) ? { groupSchemeId: randomUUID() } : {}),
      });
      if (odd(0.05)) push('PaymentStatusChanged', { paymentId, companyId, from: 'pending', to: 'completed' });
    }
    if (odd(0.05)) push('PolicyLapsed', { policyId: policies[Math.floor(random() * policies.length)]!, companyId, lapsedOn: '2026-03-01' });
    if (odd(0.05))
      push('PolicyStatusChanged', {
        policyId: policies[Math.floor(random() * policies.length)]!,
        companyId,
        from: 'lapsed',
        to: 'active',
        changedOn: '2026-04-01',
      });
    if (odd(0.03)) push('PolicyHolderSucceeded', { policyId, companyId, fromMemberId: memberId, toMemberId: registered.at(-1)!.memberId });
  }
  return events;
}

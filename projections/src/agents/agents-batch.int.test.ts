import { randomUUID } from 'node:crypto';
import type { RecordedEvent, SqlClient, SqlExecutor } from '@fpa/write-model/event-store';
import { testDrivers, type TestDatabase } from '@fpa/write-model/testing';
import { expectBatchesMatchApply, inSchema, loggedEvent, schemaRows } from '../engine/apply-batch.fixtures.ts';

const HOURLY = { startMs: Date.UTC(2025, 0, 1), stepMs: 3_600_000 };
import { afterEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../portfolio/portfolio-stream.fixtures.ts';
import { agentsProjection } from './agents.projection.ts';
import { AGENTS_TABLES } from './agents.schema.ts';

/**
 * applyBatch must leave exactly what apply leaves event by event, wherever the engine cuts the log:
 * agents, policies sold by them or not, payments (group ones too, and one recorded twice) and status
 * changes, applied one at a time into one schema and in random batches into others; all rows compared.
 */
describe.each(testDrivers())('agents applyBatch against apply on $name', (driver) => {
  let db: TestDatabase | null = null;
  afterEach(async () => {
    await db?.dispose();
    db = null;
  });

  it.each([1, Date.now() % 1_000_000])('gives the same rows for a random log in random batches (seed %i)', async (seed) => {
    db = await driver.create();
    const random = seededRandom(seed);
    const events = randomLog(random);
    await build(db.sql, 'cmp_each', async (tx) => {
      for (const event of events) await agentsProjection.apply(tx, event);
    });
    const expected = await rows(db.sql, 'cmp_each');
    expect(expected.agent_commissions!.length).toBeGreaterThan(20);
    const sql = db.sql;
    await expectBatchesMatchApply(sql, agentsProjection, events, {
      random,
      expected,
      rows: (schema) => rows(sql, schema),
      label: `seed ${seed}`,
    });
  });

  it('applies a log that goes policy by policy (a sale, then its payments) in two statements per run of payments', async () => {
    db = await driver.create();
    const companyId = randomUUID();
    const agentId = randomUUID();
    const events: RecordedEvent[] = [];
    const push = (type: string, data: Record<string, unknown>) =>
      events.push(loggedEvent(events.length, type, { companyId, ...data }, HOURLY));
    push('AgentRegistered', {
      agentId,
      agentCode: 'AG1',
      firstName: 'Sipho',
      lastName: 'Dlamini',
      idNumber: null,
      email: 'a@example.co.za',
      phone: '0821234567',
      supervisorName: null,
      region: 'KZN',
      commissionRate: '7.5',
      salesTarget: '20',
      notes: null,
      userId: null,
      status: 'active',
    });
    for (let p = 0; p < 30; p++) {
      const policyId = randomUUID();
      push('PolicyIssued', {
        policyId,
        agentId: p % 3 === 0 ? null : agentId,
        memberId: randomUUID(),
        policyNumber: `POL-${p}`,
        policyTypeId: randomUUID(),
        coverageAmount: '30000',
        monthlyPremium: '199.50',
        startDate: '2025-01-01',
      });
      for (let m = 1; m <= 5; m++) {
        push('PaymentRecorded', {
          paymentId: randomUUID(),
          policyId,
          amount: '199.50',
          status: m % 4 === 0 ? 'pending' : 'completed',
          paymentDate: `2025-0${m}-15`,
          groupSchemeId: null,
        });
      }
    }
    let statements = 0;
    await build(db.sql, 'counted', (tx) =>
      agentsProjection.applyBatch!(
        { exec: (text) => tx.exec(text), query: (text, params) => ((statements += 1), tx.query(text, params)) },
        events,
      ),
    );
    // The agent, each of its 20 sales (a sale without an agent writes nothing), and for all 150 payments two statements:
    // the run's policies an agent sold, then their commissions.
    expect(statements).toBe(23);
    await build(db.sql, 'each', async (tx) => {
      for (const event of events) await agentsProjection.apply(tx, event);
    });
    const each = await rows(db.sql, 'each');
    expect(each.agent_commissions).toHaveLength(100);
    expect(await rows(db.sql, 'counted')).toEqual(each);
  });

  it('sends a run of payments of policies no agent sold no further than the look-up of their sales', async () => {
    db = await driver.create();
    const companyId = randomUUID();
    const events: RecordedEvent[] = [];
    for (let p = 0; p < 40; p++)
      events.push(
        loggedEvent(
          events.length,
          'PaymentRecorded',
          {
            companyId,
            paymentId: randomUUID(),
            policyId: randomUUID(),
            amount: '99.00',
            status: 'completed',
            paymentDate: '2025-03-01',
            groupSchemeId: null,
          },
          HOURLY,
        ),
      );
    const sent: string[] = [];
    await build(db.sql, 'unsold', (tx) =>
      agentsProjection.applyBatch!(
        { exec: (text) => tx.exec(text), query: (text, params) => (sent.push(text), tx.query(text, params)) },
        events,
      ),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('from agent_sales');
    expect((await rows(db.sql, 'unsold')).agent_commissions).toEqual([]);
  });
});

function randomLog(random: () => number): RecordedEvent[] {
  const companyId = randomUUID();
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const agents: string[] = [];
  const policies: { policyId: string; agentId: string | null }[] = [];
  const payments: string[] = [];
  const events: RecordedEvent[] = [];
  const push = (type: string, data: Record<string, unknown>) =>
    events.push(loggedEvent(events.length, type, { companyId, ...data }, HOURLY));
  for (let i = 0; i < 400; i++) {
    const roll = random();
    if (agents.length < 2 || roll < 0.03) {
      const agentId = randomUUID();
      agents.push(agentId);
      push('AgentRegistered', {
        agentId,
        agentCode: `AG${i}`,
        firstName: 'Sipho',
        lastName: 'Dlamini',
        idNumber: null,
        email: `a${i}@example.co.za`,
        phone: '0821234567',
        supervisorName: null,
        region: 'KZN',
        commissionRate: pick(['5', '7.5', '10']),
        salesTarget: '20',
        notes: null,
        userId: null,
        status: 'active',
      });
    } else if (policies.length < 3 || roll < 0.15) {
      const policy = { policyId: randomUUID(), agentId: random() < 0.6 ? pick(agents) : null };
      policies.push(policy);
      push('PolicyIssued', {
        policyId: policy.policyId,
        agentId: policy.agentId,
        memberId: randomUUID(),
        policyNumber: `POL-${i}`,
        policyTypeId: randomUUID(),
        coverageAmount: '30000',
        monthlyPremium: '199.50',
        startDate: '2025-01-01',
      });
    } else if (roll < 0.2 && payments.length > 0) {
      push('PaymentStatusChanged', { paymentId: pick(payments), to: pick(['completed', 'failed', 'refunded']) });
    } else if (roll < 0.25) {
      // A sale's status: staff's switch, or the calendar's lapse and reinstatement (issue #20).
      const { policyId } = pick(policies);
      const kind = random();
      if (kind < 0.4) push('PolicyStatusChanged', { policyId, from: 'active', to: pick(['active', 'lapsed', 'cancelled']), note: null });
      else if (kind < 0.75) push('PolicyLapsed', { policyId, lapsedOn: '2025-02-16', reason: 'non_payment', graceDays: 15 });
      else push('PolicyReinstated', { policyId, reinstatedOn: '2025-03-02', lapsedOn: '2025-02-16', reason: 'arrears_paid' });
    } else {
      const policy = pick(policies);
      const paymentId = payments.length > 0 && random() < 0.03 ? pick(payments) : randomUUID();
      payments.push(paymentId);
      push('PaymentRecorded', {
        paymentId,
        policyId: policy.policyId,
        amount: `${100 + Math.floor(random() * 400)}.50`,
        status: pick(['completed', 'pending']),
        paymentDate: `2025-0${1 + Math.floor(random() * 9)}-15`,
        groupSchemeId: random() < 0.1 ? randomUUID() : null,
      });
    }
  }
  return events;
}

const build = (sql: SqlClient, schema: string, fn: (tx: SqlExecutor) => Promise<void>, keep = false) =>
  inSchema(sql, agentsProjection, schema, fn, keep);

const rows = (sql: SqlClient, schema: string) => schemaRows(sql, schema, AGENTS_TABLES);

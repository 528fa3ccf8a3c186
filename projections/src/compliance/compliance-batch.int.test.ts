import { randomUUID } from 'node:crypto';
import type { RecordedEvent, SqlClient } from '@fpa/write-model/event-store';
import { testDrivers, type TestDatabase } from '@fpa/write-model/testing';
import { expectBatchesMatchApply, inSchema, loggedEvent, schemaRows } from '../engine/apply-batch.fixtures.ts';
import { afterEach, describe, expect, it } from 'vitest';
import type { Projector } from '../engine/types.ts';
import { complianceReportsProjection } from '../compliance-reports/compliance-reports.projection.ts';
import { dataSubjectsProjection } from '../compliance-reports/data-subjects.projection.ts';
import { seededRandom } from '../portfolio/portfolio-stream.fixtures.ts';
import { complianceProjection } from './compliance.projection.ts';

/**
 * applyBatch must leave exactly what apply leaves event by event, wherever the engine cuts the log,
 * for the compliance log, the compliance reports' facts and the data subjects. A random log
 * (companies with and without a member limit, registrations member by member with their policies,
 * limits crossed both ways in a run, tier changes, deletions, lapses, claims waiting past 30 days,
 * users and agents with and without an identifier, events recorded twice) is applied one event at a
 * time into one schema and through applyBatch in random batch sizes into others; every row compared.
 * A fixed tail makes sure every kind of entry occurs whatever the seed.
 */
const PROJECTORS: readonly Projector[] = [complianceProjection, complianceReportsProjection, dataSubjectsProjection];

describe.each(testDrivers())('compliance applyBatch against apply on $name', (driver) => {
  let db: TestDatabase | null = null;
  afterEach(async () => {
    await db?.dispose();
    db = null;
  });

  it.each([1, 2, Date.now() % 1_000_000])('gives the same rows for a random log in random batches (seed %i)', async (seed) => {
    db = await driver.create();
    const random = seededRandom(seed);
    const log = randomLog(random);
    for (const projector of PROJECTORS) {
      const events = log.filter((event) => projector.handles.includes(event.type));
      await build(db.sql, projector, 'cmp_each', async (tx) => {
        for (const event of events) await projector.apply(tx, event);
      });
      const expected = await rows(db.sql, projector, 'cmp_each');
      if (projector === complianceProjection) {
        const types = new Set((expected.compliance_logs ?? []).map((r) => `${String(r.type)} ${r.resolved_at ? 'resolved' : 'open'}`));
        expect(types, `seed ${seed}`).toEqual(
          new Set([
            'member_limit_exceeded open',
            'member_limit_exceeded resolved',
            'policy_lapsed open',
            'policy_lapsed resolved',
            'claim_overdue resolved',
            'permission_granted open',
          ]),
        );
      }
      const sql = db.sql;
      await expectBatchesMatchApply(sql, projector, events, {
        random,
        expected,
        rows: (schema) => rows(sql, projector, schema),
        label: `${projector.name}, seed ${seed}`,
        maxSize: 151,
      });
    }
  });

  it('applies a log that goes member by member in a few statements per batch', async () => {
    db = await driver.create();
    const companyId = randomUUID();
    const log: RecordedEvent[] = [];
    const push = pusher(log, () => 60_000);
    push('CompanyRegistered', { companyId, name: 'Big Cover', memberLimit: -1, tier: 'enterprise' });
    for (let m = 0; m < 100; m++) {
      const memberId = randomUUID();
      const policyId = randomUUID();
      push('MemberRegistered', {
        companyId,
        memberId,
        policyId,
        firstName: `N${m}`,
        lastName: 'S',
        saId: `80010150${String(m).padStart(5, '0')}`,
        isMainMember: true,
      });
      push('PolicyIssued', { companyId, policyId, memberId, policyNumber: `POL-${m}`, startDate: '2025-01-01', waitingPeriod: 6 });
    }
    for (const projector of PROJECTORS) {
      const events = log.filter((event) => projector.handles.includes(event.type));
      let statements = 0;
      await build(db.sql, projector, 'counted', (tx) =>
        projector.applyBatch!(
          { exec: (text) => tx.exec(text), query: (text, params) => ((statements += 1), tx.query(text, params)) },
          events,
        ),
      );
      expect(statements, projector.name).toBeLessThanOrEqual(12);
      await build(db.sql, projector, 'each', async (tx) => {
        for (const event of events) await projector.apply(tx, event);
      });
      expect(await rows(db.sql, projector, 'counted')).toEqual(await rows(db.sql, projector, 'each'));
    }
  });
});

const DAY = 86_400_000;

function pusher(events: RecordedEvent[], step: () => number) {
  let at = Date.UTC(2025, 0, 1);
  return (type: string, data: Record<string, unknown>, after = step()) => {
    at += after;
    const event = loggedEvent(events.length, type, data, { startMs: at, stepMs: 0 });
    events.push(event);
    return event;
  };
}

function randomLog(random: () => number): RecordedEvent[] {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const events: RecordedEvent[] = [];
  // Mostly minutes apart, now and then weeks (claims waiting past 30 days).
  const push = pusher(events, () => (random() < 0.03 ? 20 * DAY : 60_000));
  const companies = [
    { companyId: randomUUID(), limit: -1, members: [] as string[] },
    { companyId: randomUUID(), limit: 4, members: [] as string[] },
    { companyId: randomUUID(), limit: 9, members: [] as string[] },
  ];
  for (const [i, c] of companies.entries())
    push('CompanyRegistered', { companyId: c.companyId, name: `Company ${i}`, memberLimit: c.limit, tier: 'free' });
  const policies: { policyId: string; companyId: string; status: string }[] = [];
  const claims: { claimId: string; companyId: string; status: string }[] = [];
  const users: string[] = [];
  const agents: string[] = [];
  const saId = () => `8${String(Math.floor(random() * 1e12)).padStart(12, '0')}`;
  for (let i = 0; i < 350; i++) {
    const c = pick(companies);
    const roll = random();
    if (roll < 0.45) {
      // A registration, usually with its policy right after it (the generator's and the wizard's order).
      const memberId = randomUUID();
      const policyId = random() < 0.8 ? randomUUID() : null;
      const member = push('MemberRegistered', {
        companyId: c.companyId,
        memberId,
        policyId,
        firstName: `N${i}`,
        lastName: 'S',
        isMainMember: random() < 0.8,
        ...(random() < 0.2 ? { passportNumber: `pa${i}` } : { saId: saId() }),
      });
      c.members.push(memberId);
      if (random() < 0.03) events.push({ ...member, globalPosition: events.length + 1, eventId: randomUUID() });
      if (policyId) {
        push('PolicyIssued', {
          companyId: c.companyId,
          policyId,
          memberId,
          policyNumber: `POL-${i}`,
          startDate: '2025-02-01',
          waitingPeriod: 6,
        });
        policies.push({ policyId, companyId: c.companyId, status: 'active' });
      }
    } else if (roll < 0.52 && c.members.length > 0) {
      const memberId = c.members.splice(Math.floor(random() * c.members.length), 1)[0]!;
      push('MemberDeleted', { companyId: c.companyId, memberId });
    } else if (roll < 0.55) {
      c.limit = pick([-1, 3, 6, 12]);
      push('SubscriptionTierChanged', { companyId: c.companyId, memberLimit: c.limit, toTier: 'basic' });
    } else if (roll < 0.65 && policies.length > 0) {
      // Half the time a policy that already moved (a lapse resolved, or a policy moving twice in a batch).
      const moved = policies.filter((p) => p.status !== 'active');
      const policy = moved.length > 0 && random() < 0.5 ? pick(moved) : pick(policies);
      const to = policy.status === 'active' ? pick(['lapsed', 'cancelled', 'lapsed']) : 'active';
      const { companyId, policyId } = policy;
      // A third of the lapses and reinstatements are the calendar's (issue #20), the rest staff's switch.
      if (to === 'lapsed' && random() < 0.35) {
        push('PolicyLapsed', { companyId, policyId, lapsedOn: '2025-02-16', reason: 'non_payment', graceDays: pick([15, 30]) });
      } else if (policy.status === 'lapsed' && random() < 0.35) {
        push('PolicyReinstated', {
          companyId,
          policyId,
          reinstatedOn: '2025-03-02',
          lapsedOn: '2025-02-16',
          reason: 'arrears_paid',
          note: null,
        });
      } else {
        push('PolicyStatusChanged', { companyId, policyId, from: policy.status, to, note: random() < 0.5 ? 'Unpaid' : null });
      }
      policy.status = to;
    } else if (roll < 0.7) {
      const claimId = randomUUID();
      push('ClaimSubmitted', {
        companyId: c.companyId,
        claimId,
        claimNumber: `CLM-${i}`,
        deceasedSaId: saId(),
        deceasedFirstName: 'D',
        deceasedLastName: `L${i}`,
        claimantSaId: random() < 0.1 ? '[erased]' : saId(),
        claimantFirstName: 'C',
        claimantLastName: `L${i}`,
      });
      claims.push({ claimId, companyId: c.companyId, status: 'submitted' });
    } else if (roll < 0.77 && claims.length > 0) {
      const claim = pick(claims);
      const to = pick(['under_review', 'approved', 'rejected', 'paid', 'submitted']);
      push('ClaimStatusChanged', { companyId: claim.companyId, claimId: claim.claimId, from: claim.status, to, note: null });
      claim.status = to;
    } else if (roll < 0.8) {
      const userId = randomUUID();
      users.push(userId);
      push('UserRegistered', {
        companyId: c.companyId,
        userId,
        username: `user${i}`,
        role: 'billing_clerk',
        firstName: 'U',
        lastName: `${i}`,
        saId: random() < 0.5 ? saId() : null,
      });
    } else if (roll < 0.83 && users.length > 0) {
      push('UserPermissionGranted', {
        companyId: c.companyId,
        userId: pick(users),
        permission: pick(['agents:create', 'payments:read', 'members:delete']),
      });
    } else if (roll < 0.86) {
      const agentId = agents.length > 0 && random() < 0.5 ? pick(agents) : randomUUID();
      if (!agents.includes(agentId)) agents.push(agentId);
      push(agents.length > 1 && random() < 0.5 ? 'AgentUpdated' : 'AgentRegistered', {
        companyId: c.companyId,
        agentId,
        firstName: 'A',
        lastName: `${i}`,
        idNumber: random() < 0.6 ? saId() : null,
      });
    } else if (policies.length > 0 && random() < 0.3) {
      // An issued policy appended again (a replayed log): the first stands.
      const policy = pick(policies);
      push('PolicyIssued', {
        companyId: policy.companyId,
        policyId: policy.policyId,
        memberId: randomUUID(),
        policyNumber: `AGAIN-${i}`,
        startDate: '2025-03-01',
        waitingPeriod: 3,
      });
    } else {
      // A CSV-like chunk: registrations then their policies, enough to cross a small limit within a run.
      const chunk = Array.from({ length: 2 + Math.floor(random() * 8) }, (_, k) => ({ memberId: randomUUID(), policyId: randomUUID(), k }));
      for (const m of chunk) {
        push('MemberRegistered', {
          companyId: c.companyId,
          memberId: m.memberId,
          policyId: m.policyId,
          firstName: 'Imp',
          lastName: `${i}-${m.k}`,
          isMainMember: true,
          saId: saId(),
        });
        c.members.push(m.memberId);
      }
      for (const m of chunk) {
        push('PolicyIssued', {
          companyId: c.companyId,
          policyId: m.policyId,
          memberId: m.memberId,
          policyNumber: `IMP-${i}-${m.k}`,
          startDate: '2025-02-01',
          waitingPeriod: 6,
        });
        policies.push({ policyId: m.policyId, companyId: c.companyId, status: 'active' });
      }
    }
  }
  // Every kind of entry, whatever the seed drew: a lapse left open and one resolved, a limit passed
  // and one passed and back under it, a claim decided after 31 days, a permission beyond the role.
  const [open, back] = [randomUUID(), randomUUID()];
  for (const policyId of [open, back]) {
    push('PolicyIssued', {
      companyId: companies[0]!.companyId,
      policyId,
      memberId: randomUUID(),
      policyNumber: `END-${policyId}`,
      startDate: '2025-02-01',
      waitingPeriod: 6,
    });
    push('PolicyStatusChanged', { companyId: companies[0]!.companyId, policyId, from: 'active', to: 'lapsed', note: null });
  }
  push('PolicyStatusChanged', { companyId: companies[0]!.companyId, policyId: back, from: 'lapsed', to: 'active', note: null });
  // And one lapsed by the calendar and reinstated when its arrears were paid (issue #20).
  const calendar = randomUUID();
  const company = companies[0]!.companyId;
  push('PolicyIssued', {
    companyId: company,
    policyId: calendar,
    memberId: randomUUID(),
    policyNumber: `CAL-${calendar}`,
    startDate: '2025-01-01',
    waitingPeriod: 6,
  });
  push('PolicyLapsed', { companyId: company, policyId: calendar, lapsedOn: '2025-02-16', reason: 'non_payment', graceDays: 15 });
  push('PolicyReinstated', {
    companyId: company,
    policyId: calendar,
    reinstatedOn: '2025-03-02',
    lapsedOn: '2025-02-16',
    reason: 'arrears_paid',
    note: null,
  });
  for (const resolved of [false, true]) {
    const companyId = randomUUID();
    push('CompanyRegistered', { companyId, name: `Small ${String(resolved)}`, memberLimit: 1, tier: 'free' });
    const members = [randomUUID(), randomUUID()];
    for (const memberId of members)
      push('MemberRegistered', { companyId, memberId, policyId: null, firstName: 'E', lastName: 'N', isMainMember: true, saId: saId() });
    if (resolved) push('MemberDeleted', { companyId, memberId: members[0] });
  }
  const claimId = randomUUID();
  push('ClaimSubmitted', {
    companyId: companies[0]!.companyId,
    claimId,
    claimNumber: 'CLM-END',
    deceasedSaId: saId(),
    claimantSaId: saId(),
  });
  push('ClaimStatusChanged', { companyId: companies[0]!.companyId, claimId, from: 'submitted', to: 'approved', note: null }, 31 * DAY);
  const userId = randomUUID();
  push('UserRegistered', {
    companyId: companies[0]!.companyId,
    userId,
    username: 'clerk-end',
    role: 'billing_clerk',
    firstName: 'U',
    lastName: 'E',
    saId: null,
  });
  push('UserPermissionGranted', { companyId: companies[0]!.companyId, userId, permission: 'agents:create' });
  return events;
}

const build = inSchema;

const rows = (sql: SqlClient, projector: Projector, schema: string) => schemaRows(sql, schema, projector.tables);

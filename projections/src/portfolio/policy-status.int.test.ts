import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@fpa/write-model/event-store';
import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { agentsProjection } from '../agents/agents.projection.ts';
import { complianceReportsProjection } from '../compliance-reports/compliance-reports.projection.ts';
import { lapseRatio } from '../compliance-reports/compliance-reports.queries.ts';
import { complianceProjection } from '../compliance/compliance.projection.ts';
import { listComplianceLogs } from '../compliance/compliance.queries.ts';
import { runCleanups } from '../engine/engine.fixtures.ts';
import { paymentsProjection } from '../payments/payments.projection.ts';
import { findPolicy, policyCounts } from './policies.queries.ts';
import { memberStreams } from './portfolio-stream.fixtures.ts';
import { openPortfolioBed, policyLapsed, policyReinstated, type PortfolioBed } from './portfolio.fixtures.ts';
import { portfolioProjection } from './portfolio.projection.ts';

/*
 * Issue #20: the calendar lapses a policy (PolicyLapsed) and reinstates it (PolicyReinstated). Every
 * read model that follows a policy's status must read those like staff's switch (PolicyStatusChanged):
 * the /policies list and its counters, the arrears rows, the agent's sale, the compliance log and the
 * compliance reports' lapse ratio. One company's policy moves by the calendar, another's by staff at
 * the same instants; both must read the same.
 */
const PROJECTORS = [portfolioProjection, paymentsProjection, agentsProjection, complianceProjection, complianceReportsProjection];

const ISSUED_AT = '2025-01-10T08:00:00Z';
const LAPSED_AT = '2025-02-17T00:05:00Z';
const REINSTATED_AT = '2025-03-02T00:05:00Z';

async function issuePolicy(bed: PortfolioBed, companyId: string, agentId: string) {
  const type = await bed.tenant(companyId).policyType({ monthlyPremium: '120' });
  const made = memberStreams(companyId, { firstName: 'Themba', lastName: 'Mthembu', policyType: type }, `POL-${companyId.slice(0, 6)}`);
  // Sold by an agent, so the agents' read model has a sale to follow.
  const issued = made.issued!.events.map((e) => ({ ...e, data: { ...(e.data as object), agentId } }));
  const appended = await bed.append(companyId, [made.registered, { streamId: made.issued!.streamId, events: issued }]);
  await bed.recordAt(appended, ISSUED_AT);
  return made.policyId!;
}

async function appendAt(bed: PortfolioBed, companyId: string, policyId: string, event: NewEvent, iso: string) {
  await bed.recordAt(await bed.append(companyId, [{ streamId: `policy-${policyId}`, events: [event] }]), iso);
}

/** What each read model says of the policy. */
async function statuses(bed: PortfolioBed, companyId: string, policyId: string) {
  const one = async (sql: string) => (await bed.sql.query<{ status: string }>(sql, [policyId]))[0]?.status;
  const logs = (await listComplianceLogs(bed.sql, { now: new Date('2025-04-15T12:00:00Z') })).filter(
    (log) => log.companyId === companyId && log.type === 'policy_lapsed',
  );
  return {
    list: (await findPolicy(bed.sql, companyId, policyId))?.status,
    counts: await policyCounts(bed.sql, companyId),
    revenue: (
      await bed.sql.query<{ r: string }>(`select monthly_revenue::text as r from portfolio_stats where company_id = $1`, [companyId])
    )[0]?.r,
    arrears: await one(`select status from policy_arrears where policy_id = $1`),
    sale: await one(`select status from agent_sales where policy_id = $1`),
    audit: await one(`select status from audit_policies where id = $1`),
    lapseLog: logs.map((log) => ({ title: log.title, description: log.description, open: log.resolvedAt === null })),
  };
}

describe.each(testDrivers())('the calendar’s lapse and reinstatement in the read models on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));

  it('PolicyLapsed reads as lapsed and PolicyReinstated as active again, in every read model, as staff’s switch does', async () => {
    const bed = await openPortfolioBed(driver, cleanups, PROJECTORS);
    const [calendar, staff] = [randomUUID(), randomUUID()];
    const byCalendar = await issuePolicy(bed, calendar, randomUUID());
    const byStaff = await issuePolicy(bed, staff, randomUUID());

    await appendAt(bed, calendar, byCalendar, policyLapsed(byCalendar, calendar, '2025-02-16'), LAPSED_AT);
    await appendAt(
      bed,
      staff,
      byStaff,
      { type: 'PolicyStatusChanged', data: { policyId: byStaff, companyId: staff, from: 'active', to: 'lapsed', note: 'Unpaid' } },
      LAPSED_AT,
    );
    await bed.project();
    const lapsed = await statuses(bed, calendar, byCalendar);
    expect(lapsed).toMatchObject({
      list: 'lapsed',
      counts: { active: 0, lapsed: 1, cancelled: 0, total: 1 },
      revenue: '0.00',
      arrears: 'lapsed',
      sale: 'lapsed',
      audit: 'lapsed',
      lapseLog: [{ title: 'Policy lapsed', description: expect.stringContaining("lapsed: non-payment after 15 days' grace"), open: true }],
    });
    expect({ ...lapsed, lapseLog: lapsed.lapseLog.map((l) => l.open) }).toEqual({
      ...(await statuses(bed, staff, byStaff)),
      lapseLog: [true],
    });

    await appendAt(bed, calendar, byCalendar, policyReinstated(byCalendar, calendar, '2025-02-16', '2025-03-02'), REINSTATED_AT);
    await appendAt(
      bed,
      staff,
      byStaff,
      { type: 'PolicyStatusChanged', data: { policyId: byStaff, companyId: staff, from: 'lapsed', to: 'active', note: null } },
      REINSTATED_AT,
    );
    await bed.project();
    const reinstated = await statuses(bed, calendar, byCalendar);
    expect(reinstated).toMatchObject({
      list: 'active',
      counts: { active: 1, lapsed: 0, cancelled: 0, total: 1 },
      revenue: '120.00',
      arrears: 'active',
      sale: 'active',
      audit: 'active',
      lapseLog: [{ open: false }],
    });
    expect({ ...reinstated, lapseLog: [] }).toEqual({ ...(await statuses(bed, staff, byStaff)), lapseLog: [] });
  });

  it('the lapse ratio counts an automatic lapse exactly as a manual one', async () => {
    const bed = await openPortfolioBed(driver, cleanups, PROJECTORS);
    const [calendar, staff] = [randomUUID(), randomUUID()];
    const byCalendar = await issuePolicy(bed, calendar, randomUUID());
    const byStaff = await issuePolicy(bed, staff, randomUUID());
    await appendAt(bed, calendar, byCalendar, policyLapsed(byCalendar, calendar), LAPSED_AT);
    await appendAt(bed, calendar, byCalendar, policyReinstated(byCalendar, calendar), REINSTATED_AT);
    const move = (from: string, to: string): NewEvent => ({
      type: 'PolicyStatusChanged',
      data: { policyId: byStaff, companyId: staff, from, to, note: null },
    });
    await appendAt(bed, staff, byStaff, move('active', 'lapsed'), LAPSED_AT);
    await appendAt(bed, staff, byStaff, move('lapsed', 'active'), REINSTATED_AT);
    await bed.project();

    const today = new Date('2025-04-15T12:00:00Z');
    const ratio = await lapseRatio(bed.sql, calendar, today);
    expect(ratio).toEqual([
      { month: '2025-01', activeAtStart: 0, lapsed: 0, ratio: 0 },
      { month: '2025-02', activeAtStart: 1, lapsed: 1, ratio: 1 },
      { month: '2025-03', activeAtStart: 0, lapsed: 0, ratio: 0 },
      { month: '2025-04', activeAtStart: 1, lapsed: 0, ratio: 0 },
    ]);
    expect(await lapseRatio(bed.sql, staff, today)).toEqual(ratio);
  });
});

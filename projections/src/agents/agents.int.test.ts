import { southAfricanDate } from '@fpa/write-model';
import { testDrivers } from '@fpa/write-model/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { runCleanups } from '../engine/engine.fixtures.ts';
import { openAgentsBed } from './agents.fixtures.ts';
import { findAgent, findAgentByUser, listActivities, listAgents, listCommissions } from './agents.queries.ts';
import { newSales } from './sales.queries.ts';

const today = () => southAfricanDate(new Date());

describe.each(testDrivers())('agents read model on $name', (driver) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(() => runCleanups(cleanups));
  const setup = () => openAgentsBed(driver, cleanups);

  it('lists agents with their metrics from onboardings, scoped to one login when asked, never another company’s', async () => {
    const bed = await setup();
    const [t, other] = [bed.company(), bed.company()];
    const thabo = await t.agent('Thabo', 'Mokoena', 7.5);
    const lindi = await t.agent('Lindiwe', 'Dube', 10, false);
    await other.agent('Sipho', 'Ndlovu');
    await t.onboard(thabo, 'Ayanda', 2);
    await t.onboard(thabo, 'Bheki');
    await bed.project();

    const now = new Date();
    const agents = await listAgents(bed.sql, t.companyId, { now });
    expect(agents.map((a) => a.id)).toEqual([lindi.agentId, thabo.agentId]);
    expect(agents[1]).toMatchObject({
      userId: thabo.userId,
      agentId: 'AG-1',
      firstName: 'Thabo',
      lastName: 'Mokoena',
      email: 'thabo@example.co.za',
      phone: '0835551234',
      commissionRate: 7.5,
      salesTarget: 20000,
      status: 'active',
      clientsOnboarded: 2,
      policiesSold: 2,
      salesThisMonth: '399.00',
      totalCommissions: '0.00',
      commissionThisMonth: '0.00',
      idNumber: null,
      region: null,
    });
    expect(agents[0]).toMatchObject({ userId: null, clientsOnboarded: 0, policiesSold: 0, salesThisMonth: '0.00' });
    expect((await listAgents(bed.sql, t.companyId, { now, userId: thabo.userId })).map((a) => a.id)).toEqual([thabo.agentId]);
    expect(await findAgentByUser(bed.sql, t.companyId, thabo.userId!, now)).toMatchObject({ id: thabo.agentId });
    expect(await findAgent(bed.sql, other.companyId, thabo.agentId, now)).toBeNull();
    expect(await findAgent(bed.sql, t.companyId, 'nope', now)).toBeNull();

    const activities = await listActivities(bed.sql, t.companyId);
    expect(activities.map((a) => [a.type, a.agentId, a.userId, a.description])).toEqual([
      ['member_onboarded', thabo.agentId, thabo.userId, expect.stringMatching(/^Onboarded Bheki Khumalo with policy POL-\d{4}-\d{6}$/)],
      [
        'member_onboarded',
        thabo.agentId,
        thabo.userId,
        expect.stringMatching(/^Onboarded Ayanda Khumalo with policy POL-\d{4}-\d{6} and 2 family members$/),
      ],
    ]);
    expect(await listActivities(bed.sql, t.companyId, { agentId: lindi.agentId })).toEqual([]);

    await t.update(thabo.agentId, { agentId: 'AG-100', region: 'Durban', status: 'suspended' });
    await bed.project();
    expect(await findAgent(bed.sql, t.companyId, thabo.agentId, now)).toMatchObject({
      agentId: 'AG-100',
      region: 'Durban',
      status: 'suspended',
      clientsOnboarded: 2,
    });
  });

  it('earns the rate in force when each completed payment was recorded; a failed or refunded payment stops counting', async () => {
    const bed = await setup();
    const t = bed.company();
    const thabo = await t.agent('Thabo', 'Mokoena', 10);
    const { policyId } = await t.onboard(thabo, 'Ayanda');
    const first = await t.pay(policyId, '200', today());
    await t.update(thabo.agentId, { commissionRate: 12.5 });
    const second = await t.pay(policyId, '199.99', '2024-01-15');
    await bed.project();
    const agent = async () => (await findAgent(bed.sql, t.companyId, thabo.agentId, new Date()))!;

    // 10% of 200 = 20.00; 12.5% of 199.99 = 24.99875 → 25.00.
    expect(await agent()).toMatchObject({ commissionRate: 12.5, totalCommissions: '45.00', commissionThisMonth: '20.00' });
    expect(
      (await listCommissions(bed.sql, t.companyId, thabo.agentId)).map((c) => [c.paymentId, c.commissionRate, c.commission, c.status]),
    ).toEqual([
      [second, 12.5, '25.00', 'completed'],
      [first, 10, '20.00', 'completed'],
    ]);

    await t.setPayment(first, 'failed');
    await bed.project();
    expect(await agent()).toMatchObject({ totalCommissions: '25.00', commissionThisMonth: '0.00' });
    await t.setPayment(second, 'refunded');
    await t.setPayment(first, 'completed');
    await bed.project();
    // Back to completed: the rate of its recording (10%), not today's 12.5%.
    expect(await agent()).toMatchObject({ totalCommissions: '20.00', commissionThisMonth: '20.00' });

    // A payment of a policy no agent wrote earns nothing.
    const other = await t.agent('Lindiwe', 'Dube');
    expect((await listCommissions(bed.sql, t.companyId, other.agentId)).length).toBe(0);
  });

  it('lists new sales with the client, agent and totals, filtered by search, status and agent; a deleted member is no sale', async () => {
    const bed = await setup();
    const t = bed.company();
    const thabo = await t.agent('Thabo', 'Mokoena');
    const lindi = await t.agent('Lindiwe', 'Dube');
    const ayanda = await t.onboard(thabo, 'Ayanda', 1, '0821234567');
    const bheki = await t.onboard(lindi, 'Bheki', 0, '0731112222');
    const zola = await t.onboard(thabo, 'Zola', 0, '0649998888');
    await t.setPolicy(zola.policyId, 'lapsed');
    await bed.project();

    const all = await newSales(bed.sql, t.companyId);
    expect(all).toMatchObject({ totalSales: 3, monthlyRevenue: '598.50', activePolicies: 2 });
    expect(all.sales.map((s) => s.policyId)).toEqual([zola.policyId, bheki.policyId, ayanda.policyId]);
    expect(all.sales[2]).toMatchObject({
      policyNumber: ayanda.policyNumber,
      memberId: ayanda.memberId,
      clientName: 'Ayanda Khumalo',
      phone: '0821234567',
      policyTypeName: 'Gold Cover',
      coverageAmount: '30000.00',
      monthlyPremium: '199.50',
      agentId: thabo.agentId,
      agentName: 'Thabo Mokoena',
      status: 'active',
      beneficiaryName: 'Nandi Khumalo',
      beneficiaryRelation: 'Spouse',
      beneficiaryContact: '0829876543',
      monthlyIncome: '12500',
      employer: 'Sappi',
      notes: 'Referred by a neighbour',
    });
    const ids = async (args: Parameters<typeof newSales>[2]) => (await newSales(bed.sql, t.companyId, args)).sales.map((s) => s.policyId);
    expect(await ids({ search: 'bhe' })).toEqual([bheki.policyId]);
    expect(await ids({ search: 'ayanda khu' })).toEqual([ayanda.policyId]);
    expect(await ids({ search: bheki.policyNumber.toLowerCase() })).toEqual([bheki.policyId]);
    expect(await ids({ search: '064 999' })).toEqual([zola.policyId]);
    expect(await ids({ status: 'lapsed' })).toEqual([zola.policyId]);
    expect(await newSales(bed.sql, t.companyId, { agentId: thabo.agentId })).toMatchObject({
      totalSales: 2,
      monthlyRevenue: '399.00',
      activePolicies: 1,
    });
    expect(await ids({ agentId: 'garbage' })).toEqual([]);
    expect((await newSales(bed.sql, bed.company().companyId)).totalSales).toBe(0);

    await t.setPolicy(bheki.policyId, 'cancelled');
    await t.deleteMember(bheki.memberId);
    await bed.project();
    expect(await ids({})).toEqual([zola.policyId, ayanda.policyId]);
  });

  it('a rebuild from the start of the log gives the same read model as the live projector', async () => {
    const bed = await setup();
    const t = bed.company();
    const thabo = await t.agent('Thabo', 'Mokoena', 8);
    const lindi = await t.agent('Lindiwe', 'Dube', 5, false);
    const sale = await t.onboard(thabo, 'Ayanda', 2);
    await t.onboard(lindi, 'Bheki');
    const paid = await t.pay(sale.policyId, '150', today());
    await t.update(thabo.agentId, { commissionRate: 9, status: 'inactive' });
    await t.pay(sale.policyId, '150', today());
    await t.setPayment(paid, 'refunded');
    await t.setPolicy(sale.policyId, 'lapsed');
    await bed.project();
    const dump = async () => {
      const rows: Record<string, unknown[]> = {};
      for (const table of ['agents', 'agent_activities', 'agent_sales', 'agent_commissions'])
        rows[table] = await bed.sql.query(`select * from public.${table} order by 1`);
      return rows;
    };
    const live = await dump();
    expect(live.agent_commissions).toHaveLength(2);
    expect(live.agent_activities).toHaveLength(2);
    await bed.engine.rebuild('agents');
    expect(await dump()).toEqual(live);
  });
});

import type { SqlExecutor } from '@fpa/write-model/event-store';
import { describe, expect, it } from 'vitest';
import { addMoney, cardsFromFigures } from './report-source.ts';
import { agentsReport, type AgentReportRow } from './sources/agents.source.ts';

describe('report figures', () => {
  it('adds rand amounts in cents', () => {
    expect(addMoney()).toBe('0.00');
    expect(addMoney('150.50', '99.5', '0.01')).toBe('250.01');
    expect(addMoney('0.10', '0.20')).toBe('0.30');
    expect(addMoney('10', '-10.01')).toBe('-0.01');
    expect(() => addMoney('R 10')).toThrow('not an amount: "R 10"');
  });

  it('sums each card over its statuses that the filter lets through', () => {
    const figures = { pending: { count: 2, amount: '0.00' }, completed: { count: 3, amount: '450.00' } };
    const rules = [
      { key: 'total', label: 'Total', kind: 'count' as const },
      { key: 'done', label: 'Done', kind: 'count' as const, statuses: ['completed' as const] },
      { key: 'collected', label: 'Collected', kind: 'money' as const, statuses: ['completed' as const] },
    ];
    const values = (filter: 'pending' | 'completed' | null) => cardsFromFigures(figures, filter, rules);
    expect(values(null)).toEqual({
      totalCount: 5,
      cards: [
        { key: 'total', label: 'Total', kind: 'count', value: '5' },
        { key: 'done', label: 'Done', kind: 'count', value: '3' },
        { key: 'collected', label: 'Collected', kind: 'money', value: '450.00' },
      ],
    });
    expect(values('pending').cards.map((c) => c.value)).toEqual(['2', '0', '0.00']);
    expect(values('pending').totalCount).toBe(2);
  });
});

describe('the agents report over the agents read model’s list', () => {
  const agent = (overrides: Partial<AgentReportRow>): AgentReportRow => ({
    agentId: 'AG001',
    firstName: 'Sipho',
    lastName: 'Ndlovu',
    email: 'sipho@example.co.za',
    phone: '0821234567',
    region: 'Gauteng',
    commissionRate: '7.50',
    salesTarget: '25000.00',
    status: 'active',
    clientsOnboarded: 4,
    totalCommissions: '1200.00',
    createdAt: '2025-05-01',
    ...overrides,
  });
  const agents = [
    agent({}),
    agent({ agentId: 'AG002', status: 'inactive', clientsOnboarded: 1, totalCommissions: '300.55' }),
    agent({ agentId: 'AG003', status: 'suspended', clientsOnboarded: 0, totalCommissions: '0.00' }),
  ];
  const calls: unknown[] = [];
  const report = agentsReport(async (_sql, companyId, status) => {
    calls.push([companyId, status]);
    return agents.filter((a) => status === null || a.status === status);
  });
  const sql = {} as SqlExecutor;

  it('lists the rows (counts as text), limited for the preview, and adds the cards up from them', async () => {
    const rows = await report.rows(sql, 'c1', null, 2);
    expect(rows.map((r) => [r.agentId, r.clientsOnboarded])).toEqual([
      ['AG001', '4'],
      ['AG002', '1'],
    ]);
    expect(await report.rows(sql, 'c1', null, null)).toHaveLength(3);
    const summary = await report.summary(sql, 'c1', null);
    expect(Object.fromEntries(summary.cards.map((c) => [c.key, c.value]))).toEqual({
      totalAgents: '3',
      activeAgents: '1',
      inactiveAgents: '1',
      clientsOnboarded: '5',
      totalCommissions: '1500.55',
    });
    expect((await report.summary(sql, 'c1', 'inactive')).totalCount).toBe(1);
    expect(calls).toContainEqual(['c1', 'inactive']);
    expect(report.statuses.map((s) => s.value)).toEqual(['active', 'inactive', 'suspended']);
  });
});

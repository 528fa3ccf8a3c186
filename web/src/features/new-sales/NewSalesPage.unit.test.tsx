import { centsToDecimal, decimalToCents } from '@fpa/write-model/validation';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser } from '../../test/graphql';
import { renderApp } from '../../test/render';
import { sale, SALES } from './newSales.fixtures';
import type { Sale } from './newSales.operations';
import { SALES_CSV_COLUMNS, salesCsv, salesFileName } from './salesFigures';

/** What the gateway does with the filters (the page itself filters nothing). */
function answer(variables: Record<string, unknown>) {
  const search = typeof variables.search === 'string' ? variables.search.toLowerCase() : '';
  const sales = SALES.filter(
    (s: Sale) =>
      (!variables.status || s.status === variables.status) &&
      (!variables.agentId || s.agentId === variables.agentId) &&
      (!search || [s.clientName, s.policyNumber, s.phone ?? ''].some((text) => text.toLowerCase().includes(search))),
  );
  const revenue = sales.reduce((sum, s) => sum + decimalToCents(s.monthlyPremium), 0n);
  return {
    data: {
      newSales: {
        __typename: 'NewSales',
        sales,
        totalSales: sales.length,
        monthlyRevenue: centsToDecimal(revenue),
        activePolicies: sales.filter((s) => s.status === 'active').length,
      },
    },
  };
}

function openNewSales() {
  const calls: Record<string, unknown>[] = [];
  renderApp(
    '/new-sales',
    sessionHandler(testUser({ role: 'policy_admin' }), (name, variables) => {
      if (name === 'NewSales') {
        calls.push(variables);
        return answer(variables);
      }
      if (name === 'NewSalesAgents') return answer({});
      return { data: null };
    }),
  );
  return { calls };
}

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');
const figure = (label: string) =>
  plain(within(screen.getByRole('region', { name: 'Sales figures' })).getByText(label).nextElementSibling?.textContent);

afterEach(() => vi.restoreAllMocks());

describe('new sales export (spec part 2 §9)', () => {
  it('has the nine columns in order, one row per sale, and is named new-sales with the date', () => {
    const [header, first, second] = salesCsv([sale({ createdAt: '2025-06-09T10:00:00' }), SALES[1]!]).split('\r\n');
    expect(header).toBe('Policy Number,Client Name,Phone,Policy Type,Coverage,Premium,Agent,Status,Date');
    expect(header!.split(',')).toEqual([...SALES_CSV_COLUMNS]);
    expect(first).toBe('POL-000001,Nomsa Khumalo,0825551234,Funeral Basic,20000.00,150.00,Lwazi Mthembu,active,2025-06-09');
    // A comma in a name is quoted, a missing phone is empty.
    expect(second).toMatch(/^POL-000002,"Johan van der Merwe, Jr",,Family Plus,50000.00,299.00,Zanele Dube,lapsed,2025-06-1\d$/);
    expect(salesFileName(new Date(2025, 0, 31, 23, 30))).toBe('new-sales-2025-01-31.csv');
  });
});

describe('/new-sales', { timeout: 30_000 }, () => {
  it('shows the heading, the three cards, the filters and the titled table', async () => {
    openNewSales();
    expect(await screen.findByRole('heading', { level: 1, name: 'New Sales' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Agent Sales (2)' })).toBeTruthy();
    expect(figure('Total Sales')).toBe('2');
    expect(figure('Monthly Revenue')).toBe('R 449,00');
    expect(figure('Active Policies')).toBe('1');
    const table = screen.getByRole('table', { name: 'Agent sales' });
    const row = within(table).getByText('POL-000001').closest('tr')!;
    expect(within(row).getByText('Nomsa Khumalo')).toBeTruthy();
    expect(within(row).getByText('Lwazi Mthembu')).toBeTruthy();
    expect(within(row).getByText(/^R\s20\s000,00$/)).toBeTruthy();
    expect(within(row).getByText('Active')).toBeTruthy();
  });

  it('filters by search, status and agent through the server', async () => {
    const { calls } = openNewSales();
    await screen.findByRole('heading', { name: 'Agent Sales (2)' });

    fireEvent.click(screen.getByRole('button', { name: /Agent$/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['All Agents', 'Lwazi Mthembu', 'Zanele Dube']);
    fireEvent.click(screen.getByRole('option', { name: 'Zanele Dube' }));
    expect(await screen.findByRole('heading', { name: 'Agent Sales (1)' })).toBeTruthy();
    expect(screen.queryByText('POL-000001')).toBeNull();
    expect(calls).toContainEqual({ search: null, status: null, agentId: 'a2' });

    fireEvent.click(screen.getByRole('button', { name: /Status$/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['All Statuses', 'Active', 'Lapsed', 'Cancelled']);
    fireEvent.click(screen.getByRole('option', { name: 'Active' }));
    expect(await screen.findByText('No sales match your filters')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Agent Sales (0)' })).toBeTruthy();
    expect(figure('Monthly Revenue')).toBe('R 0,00');
    expect(screen.getByRole('button', { name: 'Export CSV' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: /Status$/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'All Statuses' }));
    fireEvent.click(screen.getByRole('button', { name: /Agent$/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'All Agents' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search sales' }), { target: { value: '082555' } });
    await waitFor(() => expect(calls).toContainEqual({ search: '082555', status: null, agentId: null }));
    expect(await screen.findByRole('heading', { name: 'Agent Sales (1)' })).toBeTruthy();
    expect(screen.getByText('POL-000001')).toBeTruthy();
  });

  it('exports the listed sales as new-sales-<date>.csv', async () => {
    const blobs: Blob[] = [];
    const downloads: string[] = [];
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: (blob: Blob) => (blobs.push(blob), 'blob:sales') });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    openNewSales();
    await screen.findByRole('heading', { name: 'Agent Sales (2)' });
    fireEvent.click(screen.getByRole('button', { name: /Agent$/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Lwazi Mthembu' }));
    await screen.findByRole('heading', { name: 'Agent Sales (1)' });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(downloads).toEqual([salesFileName()]);
    expect(downloads[0]).toMatch(/^new-sales-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await blobs[0]!.text()).split('\r\n');
    expect(lines[0]).toBe('Policy Number,Client Name,Phone,Policy Type,Coverage,Premium,Agent,Status,Date');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('POL-000001,Nomsa Khumalo');
  });
});

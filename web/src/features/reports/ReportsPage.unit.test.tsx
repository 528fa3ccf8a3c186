import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionHandler, testUser } from '../../test/graphql';
import { renderApp } from '../../test/render';
import { reportFileName } from './exportCsv';
import { paymentRows, paymentsReport, reportCharts, reportTypes } from './reports.fixtures';

// jsdom has no layout: recharts' ResponsiveContainer observes a size that never comes, which is fine
// here (the figures are checked in each chart's table), but it needs the observer to exist.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

type Variables = Record<string, unknown>;

function openReports({ rows = paymentRows(12), withAgents = false } = {}) {
  const reportCalls: Variables[] = [];
  renderApp(
    '/reports',
    sessionHandler(testUser(), (name, variables) => {
      if (name === 'ReportTypes') return { data: { availableReportTypes: reportTypes(withAgents) } };
      if (name === 'ReportCharts') return { data: { reportCharts } };
      if (name === 'Report') {
        reportCalls.push(variables);
        const report = paymentsReport(rows, (variables.first as number | null) ?? null, (variables.status as string | null) ?? null);
        return { data: { report: variables.type === 'payments' ? report : { ...report, type: variables.type } } };
      }
      return { data: null };
    }),
  );
  return { reportCalls };
}

async function choose(label: RegExp, option: string) {
  fireEvent.click(await screen.findByRole('button', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const figures = () => screen.findByRole('region', { name: 'Payments figures' });
const previewRows = () => screen.getByRole('table', { name: /report, first 10 rows/ }).querySelectorAll('tbody tr');

describe('/reports', { timeout: 30_000 }, () => {
  let downloads: { name: string; blob: Blob }[];
  let alertSpy: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', NoResizeObserver);
    downloads = [];
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => `blob:report-${blobs.push(blob)}`);
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ name: this.download, blob: blobs[Number(this.href.split('-').pop()) - 1]! });
    });
    alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => {});
    // ...and measures a 0×0 box, which it reports on the console; other warnings still show.
    const warn = console.warn.bind(console);
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).startsWith('The width(0) and height(0) of chart')) warn(...args);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('offers the types the server reports, and previews the first 10 rows with the cards', async () => {
    const { reportCalls } = openReports();
    fireEvent.click(await screen.findByRole('button', { name: /Report type/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Members', 'Payments']);
    fireEvent.click(screen.getByRole('option', { name: 'Payments' }));

    const cards = await figures();
    expect(within(cards).getByText('Total Payments').nextSibling?.textContent).toBe('12');
    expect(within(cards).getByText('Premiums Collected').nextSibling?.textContent).toMatch(/^R\s?844,00$/);
    await waitFor(() => expect(previewRows()).toHaveLength(10));
    expect(screen.getByText('Showing the first 10 of 12 rows')).toBeTruthy();
    expect(reportCalls.at(-1)).toEqual({ type: 'payments', status: null, first: 10 });
    const first = previewRows()[0]!;
    expect([...first.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'POL-2025-000001',
      'Nomsa "Ma" Dlamini, Jr',
      expect.stringMatching(/^R\s?100,50$/),
      '01 Jun 2025',
      'eft',
      'REF-1',
      'Completed',
    ]);
  });

  it('lists agents only when the server offers them', async () => {
    openReports({ withAgents: true });
    fireEvent.click(await screen.findByRole('button', { name: /Report type/ }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Members', 'Payments', 'Agents']);
  });

  it('filters by status: the preview and the cards follow', async () => {
    const { reportCalls } = openReports();
    await choose(/Report type/, 'Payments');
    await choose(/Status/, 'Pending');
    await waitFor(() => expect(reportCalls.at(-1)).toEqual({ type: 'payments', status: 'pending', first: 10 }));
    await waitFor(() => expect(previewRows()).toHaveLength(4));
    const cards = await figures();
    expect(within(cards).getByText('Premiums Collected').nextSibling?.textContent).toMatch(/^R\s?0,00$/);
  });

  it('exports every row of the chosen report to <type>-report-<date>.csv, values as stored', async () => {
    const { reportCalls } = openReports();
    await choose(/Report type/, 'Payments');
    await waitFor(() => expect(previewRows()).toHaveLength(10));
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(reportCalls.at(-1)).toEqual({ type: 'payments', status: null, first: null });
    expect(downloads[0]!.name).toBe(reportFileName('payments'));
    expect(downloads[0]!.name).toMatch(/^payments-report-\d{4}-\d{2}-\d{2}\.csv$/);

    const parsed = Papa.parse<string[]>(await downloads[0]!.blob.text(), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const [header, ...lines] = parsed.data;
    expect(header).toEqual(['Policy Number', 'Member', 'Amount', 'Payment Date', 'Method', 'Reference', 'Status']);
    expect(lines).toHaveLength(12);
    expect(lines[0]).toEqual(['POL-2025-000001', 'Nomsa "Ma" Dlamini, Jr', '100.50', '2025-06-01', 'eft', 'REF-1', 'completed']);
    expect(lines[1]![5]).toBe('');
    // The card's premiums collected is the sum of the exported completed rows.
    const completedCents = lines.filter((l) => l[6] === 'completed').reduce((sum, l) => sum + Math.round(Number(l[2]) * 100), 0);
    expect(within(await figures()).getByText('Premiums Collected').nextSibling?.textContent).toMatch(
      new RegExp(`^R\\s?${(completedCents / 100).toFixed(2).replace('.', ',')}$`),
    );
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it("alerts 'No data to export' and downloads nothing when the report has no rows", async () => {
    openReports({ rows: [] });
    await choose(/Report type/, 'Payments');
    expect(await screen.findByText('No data for this report')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('No data to export'));
    expect(downloads).toEqual([]);
  });

  it('draws the charts with their figures in tables', async () => {
    openReports();
    const premiums = await screen.findByRole('table', { name: 'Premiums collected per month' });
    expect([...premiums.querySelectorAll('tbody tr')].map((tr) => tr.textContent?.replace(/\s/g, ' '))).toEqual([
      expect.stringMatching(/^May 2025R\s?99,991$/),
      expect.stringMatching(/^Jun 2025R\s?490,503$/),
    ]);
    const claims = screen.getByRole('table', { name: 'Claims by status' });
    expect(within(claims).getByText('Under review')).toBeTruthy();
    for (const name of ['Member growth', 'Policies by status', 'Claims per month'])
      expect(screen.getByRole('figure', { name })).toBeTruthy();
  });
});

import { localIsoDate, toCsv } from '../../app/download';
import type { Sale } from './newSales.operations';

/** The export's columns, in order (spec part 2 §9). */
export const SALES_CSV_COLUMNS = [
  'Policy Number',
  'Client Name',
  'Phone',
  'Policy Type',
  'Coverage',
  'Premium',
  'Agent',
  'Status',
  'Date',
] as const;

/** The day a sale was made, on the user's calendar. */
export function saleDate(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? createdAt : localIsoDate(date);
}

/** The listed sales as CSV; amounts stay plain decimal strings a spreadsheet can sum. */
export function salesCsv(sales: readonly Sale[]): string {
  return toCsv(
    SALES_CSV_COLUMNS,
    sales.map((sale) => ({
      'Policy Number': sale.policyNumber,
      'Client Name': sale.clientName,
      Phone: sale.phone ?? '',
      'Policy Type': sale.policyTypeName,
      Coverage: sale.coverageAmount,
      Premium: sale.monthlyPremium,
      Agent: sale.agentName,
      Status: sale.status,
      Date: saleDate(sale.createdAt),
    })),
  );
}

/** new-sales-<YYYY-MM-DD>.csv */
export function salesFileName(now: Date = new Date()): string {
  return `new-sales-${localIsoDate(now)}.csv`;
}

/** One option per agent with sales, by name. */
export function agentOptions(sales: readonly Pick<Sale, 'agentId' | 'agentName'>[]): { id: string; label: string }[] {
  const byId = new Map<string, string>();
  for (const sale of sales) if (!byId.has(sale.agentId)) byId.set(sale.agentId, sale.agentName);
  return [...byId.entries()].map(([id, label]) => ({ id, label })).sort((a, b) => a.label.localeCompare(b.label));
}

import type { BadgeTone } from '../../ui/Badge';
import type { PlatformCompany } from './superAdmin.operations';

// How the Super Admin Dashboard words and filters what it shows (spec part 2 §2 Super Admin Dashboard).

export const ALL_COMPANIES = 'all';
export const COMPANY_STATUS_OPTIONS = [
  { id: ALL_COMPANIES, label: 'All Companies' },
  { id: 'active', label: 'Active' },
  { id: 'suspended', label: 'Suspended' },
] as const;

/** Search by name or email (case-insensitive), then the status filter. */
export function filterCompanies(companies: readonly PlatformCompany[], search: string, status: string): PlatformCompany[] {
  const needle = search.trim().toLowerCase();
  return companies.filter((company) => {
    const matches = !needle || company.name.toLowerCase().includes(needle) || (company.email ?? '').toLowerCase().includes(needle);
    const inStatus = status === ALL_COMPANIES || (status === 'active' ? company.isActive : !company.isActive);
    return matches && inStatus;
  });
}

/** The empty table's message: nothing matches the search, or nothing registered at all. */
export function companiesEmptyMessage(total: number): string {
  return total === 0 ? 'No companies have been registered yet.' : 'No companies match your search criteria.';
}

/** critical destructive, warning secondary, anything else default (shadcn's variants in this theme's tones). */
export function severityTone(severity: string): BadgeTone {
  if (severity === 'critical') return 'danger';
  if (severity === 'warning') return 'neutral';
  return 'primary';
}

export function complianceStatus(resolvedAt: string | null): 'Resolved' | 'Open' {
  return resolvedAt ? 'Resolved' : 'Open';
}

/** A setting's value as the table shows it: text as it is, structured values as JSON. */
export function settingValueText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The Value field's text as the server takes it: JSON objects and lists typed into it are sent
 * structured (the spec's "string or structured"); anything else is sent as the text it is.
 */
export function settingValueInput(text: string): unknown {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return text;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return text;
  }
}

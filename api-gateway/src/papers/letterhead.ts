import type { CompanyRow } from '@fpa/projections';
import { formatRand } from '@fpa/write-model/validation';
import type { Letterhead } from './pdf.ts';

/** Rand as the screens say it (the product's one formatter, exact for any amount), with plain spaces the PDF fonts have: R 20 000,00. */
export const rand = (amount: string) => formatRand(amount).replace(/[\u00a0\u202f]/g, ' ');

/** A calendar day (YYYY-MM-DD) as words: 26 November 2026. */
export const longDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-ZA', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The company's name, address, contact and registration numbers at the head of every paper. */
export function letterheadOf(company: CompanyRow): Letterhead {
  const contact = [company.phone, company.email].filter(Boolean).join(' · ');
  const address = [company.address, company.city, company.province, company.postalCode].filter(Boolean).join(', ');
  const numbers = [company.cipNumber ? `Registration ${company.cipNumber}` : null, company.fspNumber ? `FSP ${company.fspNumber}` : null]
    .filter(Boolean)
    .join(' · ');
  return { name: company.name, lines: [address, contact, numbers].filter((line) => line.length > 0) };
}

export function companyContact(company: CompanyRow): string {
  return [company.phone, company.email].filter(Boolean).join(' · ');
}

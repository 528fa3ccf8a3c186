import { DomainError, NotFoundError, tierOf } from '@fpa/write-model';
import { findPlanOfTier, findSubscriptionPayment, systemSettingValues, type CompanyRow } from '@fpa/projections';
import { addDays, addMonths, PLATFORM_SETTINGS, southAfricanDate, splitVatInclusive, VAT_RATE_PERCENT } from '@fpa/write-model/validation';
import { readSql, type RequestContext } from '../context.ts';
import { companyRow } from '../queries/company.ts';
import { tenantRead } from '../queries/tenant.ts';
import { longDate, rand } from './letterhead.ts';
import { pdfResponse, type Paper } from './pdf.ts';

/*
 * The invoice for a paid subscription payment (issue #25): the platform bills the company for its plan. The
 * platform's name, address and VAT number are system settings the super admin keeps (PLATFORM_SETTINGS);
 * with a VAT number it is a "Tax Invoice" showing VAT at 15 % out of the VAT-inclusive amount paid, without
 * one it is an "Invoice" that says no VAT number is registered (none is ever made up).
 */

export const SUBSCRIPTION_PAYMENT_NOT_FOUND = 'Subscription payment not found';
export const NOT_PAID = 'Only a paid subscription payment has an invoice.';
/** What the paper says when the super admin has not named the platform. */
export const DEFAULT_PLATFORM_NAME = 'Funeral Policy Admin';

/** INV-000042: the platform's sequence, the same on every download. */
export const invoiceNumberText = (n: number | null) => (n === null ? null : `INV-${String(n).padStart(6, '0')}`);

export type PlatformDetails = { name: string; address: string | null; vatNumber: string | null };

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

export async function platformDetails(ctx: RequestContext): Promise<PlatformDetails> {
  const values = await systemSettingValues(readSql(ctx), Object.values(PLATFORM_SETTINGS));
  return {
    name: text(values.get(PLATFORM_SETTINGS.name)) ?? DEFAULT_PLATFORM_NAME,
    address: text(values.get(PLATFORM_SETTINGS.address)),
    vatNumber: text(values.get(PLATFORM_SETTINGS.vatNumber))?.replace(/\s/g, '') ?? null,
  };
}

export type InvoiceFacts = {
  number: string;
  /** The South African day it was paid (YYYY-MM-DD). */
  date: string;
  planName: string;
  amount: string;
  platform: PlatformDetails;
  company: CompanyRow;
};

/** The paper itself, from its facts alone (so its wording is tested without a server). */
export function invoicePaper({ number, date, planName, amount, platform, company }: InvoiceFacts): Paper {
  const taxInvoice = platform.vatNumber !== null;
  const title = taxInvoice ? 'Tax Invoice' : 'Invoice';
  const periodEnd = addDays(addMonths(date, 1), -1);
  const line = `${planName}: subscription for ${longDate(date)} to ${longDate(periodEnd)}`;
  const { excl, vat, total } = splitVatInclusive(amount);
  const companyAddress = [company.address, company.city, company.province, company.postalCode].filter(Boolean).join(', ');
  return {
    letterhead: {
      name: platform.name,
      lines: [platform.address ?? '', taxInvoice ? `VAT number ${platform.vatNumber}` : 'No VAT number is registered'].filter(Boolean),
    },
    title,
    subtitle: `${number} · ${longDate(date)}`,
    blocks: [
      {
        kind: 'facts',
        rows: [
          ['Invoice number', number],
          ['Invoice date', longDate(date)],
          ['Status', 'Paid'],
        ],
      },
      { kind: 'heading', text: 'Billed to' },
      {
        kind: 'facts',
        rows: [
          ['Company', company.name],
          ['Address', companyAddress || 'Not given'],
          ['Registration number', company.cipNumber],
          ...(company.email ? ([['E-mail', company.email]] as const) : []),
        ],
      },
      { kind: 'heading', text: 'Details' },
      taxInvoice
        ? {
            kind: 'table',
            columns: ['Description', 'Amount excl. VAT', `VAT ${VAT_RATE_PERCENT} %`, 'Total'],
            rows: [[line, rand(excl), rand(vat), rand(total)]],
            empty: '',
          }
        : { kind: 'table', columns: ['Description', 'Amount'], rows: [[line, rand(total)]], empty: '' },
      {
        kind: 'facts',
        rows: taxInvoice
          ? [
              ['Amount excl. VAT', rand(excl)],
              [`VAT at ${VAT_RATE_PERCENT} %`, rand(vat)],
              ['Total paid', rand(total)],
            ]
          : [['Total paid', rand(total)]],
      },
      {
        kind: 'paragraph',
        text: taxInvoice
          ? `Amounts in South African rand. The amount paid includes VAT at ${VAT_RATE_PERCENT} %.`
          : `Amounts in South African rand. No VAT number is registered for ${platform.name}, so this is not a tax invoice and no VAT is shown.`,
      },
    ],
    footer: `${platform.name} · ${title.toLowerCase()} ${number} for ${company.name}`,
  };
}

/** GET /api/subscription/billing-history/{id}/invoice.pdf: the company's own paid payments only. */
export async function subscriptionInvoicePdf(ctx: RequestContext, paymentId: string): Promise<Response> {
  const [sql, companyId] = tenantRead(ctx, 'subscription:read');
  const payment = await findSubscriptionPayment(sql, companyId, paymentId);
  if (!payment) throw new NotFoundError(SUBSCRIPTION_PAYMENT_NOT_FOUND);
  if (payment.status !== 'paid' || payment.invoiceNumber === null) throw new DomainError('RULE_VIOLATED', NOT_PAID);
  const [company, platform, plan] = await Promise.all([
    companyRow(ctx, companyId),
    platformDetails(ctx),
    findPlanOfTier(readSql(ctx), payment.tier),
  ]);
  const number = invoiceNumberText(payment.invoiceNumber)!;
  const paper = invoicePaper({
    number,
    date: southAfricanDate(payment.recordedAt),
    planName: plan?.name ?? tierOf(payment.tier).name,
    amount: payment.amount,
    platform,
    company,
  });
  return pdfResponse(paper, `invoice-${number}.pdf`);
}

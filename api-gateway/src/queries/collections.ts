import {
  batchStreamId,
  DomainError,
  NotFoundError,
  ValidationError,
  writeAcb,
  writeDebitCsv,
  type CollectionBatchCreated,
  type DebitLine,
} from '@fpa/write-model';
import {
  billingBook,
  batchItems,
  batchedPremiums,
  companyMandates,
  mandatesDebitingOn,
  collectionBatch,
  collectionBatchItems,
  collectionBatches,
  collectionMonths,
  collectionSettings,
  collectionWorkItems,
  findBillingCompany,
  mandateOfPolicy,
  resultFiles,
  bankStatements,
  statementColumns,
  unmatchedStatementLines,
  type StatementLineView,
  type StatementView,
  type BatchItemView,
  type BatchSummary,
  type CollectionMonth,
  type CollectionSettingsView,
  type CollectionWorkItem,
  type MandateView,
  type ResultFileView,
} from '@fpa/projections';
import {
  addDays,
  BATCH_FILE_FORMATS,
  centsToDecimal,
  COLLECTION_MESSAGES,
  decimalToCents,
  southAfricanDate,
} from '@fpa/write-model/validation';
import type { RequestContext } from '../context.ts';
import { tenantRead } from './tenant.ts';

/*
 * Issue #21, what users see of collections: a policy's mandate, the company's settings, the batches with
 * what the bank answered, the result files, the work items and the month's figures.
 */

export const NO_MANDATE = 'This policy has no debit-order mandate.';
export const BATCH_NOT_FOUND = 'Collection batch not found';

/** A policy's mandate, read by whoever may read policies; null when it has none. */
export function mandate(ctx: RequestContext, policyId: string): Promise<MandateView | null> {
  return mandateOfPolicy(...tenantRead(ctx, 'policies:read'), policyId);
}

export function settings(ctx: RequestContext): Promise<CollectionSettingsView> {
  return collectionSettings(...tenantRead(ctx, 'payments:read'));
}

export function batches(ctx: RequestContext): Promise<BatchSummary[]> {
  return collectionBatches(...tenantRead(ctx, 'payments:read'));
}

export type BatchDetail = BatchSummary & { items: BatchItemView[] };

export async function batch(ctx: RequestContext, batchId: string): Promise<BatchDetail> {
  const [sql, companyId] = tenantRead(ctx, 'payments:read');
  const found = await collectionBatch(sql, companyId, batchId);
  if (!found) throw new NotFoundError(BATCH_NOT_FOUND);
  return { ...found, items: await collectionBatchItems(sql, companyId, batchId) };
}

export function results(ctx: RequestContext): Promise<ResultFileView[]> {
  return resultFiles(...tenantRead(ctx, 'payments:read'));
}

/** The unmatched queue (GET /api/collections/unmatched): credits waiting for a clerk's decision. */
export function unmatched(ctx: RequestContext): Promise<StatementLineView[]> {
  return unmatchedStatementLines(...tenantRead(ctx, 'payments:read'));
}

export function statements(ctx: RequestContext): Promise<StatementView[]> {
  return bankStatements(...tenantRead(ctx, 'payments:read'));
}

export function columns(ctx: RequestContext) {
  return statementColumns(...tenantRead(ctx, 'payments:read'));
}

export function workItems(ctx: RequestContext): Promise<CollectionWorkItem[]> {
  return collectionWorkItems(...tenantRead(ctx, 'payments:read'));
}

export type UpcomingDebit = { debitDate: string; count: number; amount: string; batchId: string | null };

export type CollectionsOverview = {
  asOf: string;
  upcoming: UpcomingDebit[];
  months: CollectionMonth[];
  thisMonth: CollectionMonth | null;
};

/** How many days ahead the page lists debit dates. */
export const UPCOMING_DAYS = 14;

/**
 * The page's head: each debit date of the next UPCOMING_DAYS days with what a batch made now would hold
 * (the same selection as the batch: batchItems), whether its batch exists, and the figures per month.
 */
export async function overview(ctx: RequestContext): Promise<CollectionsOverview> {
  const [sql, companyId] = tenantRead(ctx, 'payments:read');
  const today = southAfricanDate(ctx.services.now());
  const [book, made, months, config, taken, mandates] = await Promise.all([
    billingBook(sql, companyId),
    collectionBatches(sql, companyId),
    collectionMonths(sql, companyId),
    collectionSettings(sql, companyId),
    batchedPremiums(sql, companyId),
    companyMandates(sql, companyId),
  ]);
  const policies = new Map(book.map((p) => [p.policyId, p]));
  const byDate = new Map(made.map((b) => [b.debitDate, b]));
  const upcoming: UpcomingDebit[] = [];
  for (let i = 0; i < UPCOMING_DAYS; i++) {
    const date = addDays(today, i);
    const existing = byDate.get(date);
    if (existing) {
      upcoming.push({ debitDate: date, count: existing.count, amount: existing.total, batchId: existing.batchId });
      continue;
    }
    const items = batchItems(mandatesDebitingOn(mandates, date), policies, taken, date, config.includeArrears);
    if (items.length === 0) continue;
    const amount = items.reduce((sum, item) => sum + decimalToCents(item.amount), 0n);
    upcoming.push({ debitDate: date, count: items.length, amount: centsToDecimal(amount), batchId: null });
  }
  const month = today.slice(0, 7);
  return { asOf: today, upcoming, months, thisMonth: months.find((m) => m.month === month) ?? null };
}

export type BatchFile = { fileName: string; contentType: string; body: string };

/**
 * A batch's bank file, written from the batch's own event (its items are fixed when it is made, so
 * every download gives the same file). The ACB file needs the company's collecting account and bank codes.
 */
export async function batchFile(ctx: RequestContext, batchId: string, format: string): Promise<BatchFile> {
  const [sql, companyId] = tenantRead(ctx, 'payments:create');
  if (!(BATCH_FILE_FORMATS as readonly string[]).includes(format)) {
    throw new ValidationError(FORMAT_MESSAGE, [{ path: ['format'], message: FORMAT_MESSAGE }]);
  }
  const { events } = await ctx.services.store.readStream(batchStreamId(batchId));
  const created = events.find((e) => e.type === 'CollectionBatchCreated')?.data as CollectionBatchCreated['data'] | undefined;
  if (!created || created.companyId !== companyId) throw new NotFoundError(BATCH_NOT_FOUND);
  const lines: DebitLine[] = created.items.map((item) => ({
    mandateReference: item.mandateReference,
    accountHolder: item.accountHolder,
    branchCode: item.branchCode,
    accountNumber: item.accountNumber,
    accountType: item.accountType,
    amountCents: Number(decimalToCents(item.amount)),
    actionDate: created.debitDate,
    userReference: item.policyNumber,
  }));
  const name = `collections-${created.debitDate}`;
  if (format === 'csv') return { fileName: `${name}.csv`, contentType: 'text/csv; charset=utf-8', body: writeDebitCsv(lines) };
  const [config, company] = await Promise.all([collectionSettings(sql, companyId), findBillingCompany(sql, companyId)]);
  if (!config.account) throw new DomainError('RULE_VIOLATED', COLLECTION_MESSAGES.noAccount);
  const header = {
    batchId,
    debitDate: created.debitDate,
    createdOn: created.createdOn,
    generationNumber: created.generationNumber,
    account: { ...config.account, companyName: company?.name ?? '' },
  };
  return { fileName: `${name}.acb`, contentType: 'text/plain; charset=us-ascii', body: writeAcb(header, lines) };
}

const FORMAT_MESSAGE = `format must be one of ${BATCH_FILE_FORMATS.join(', ')}`;

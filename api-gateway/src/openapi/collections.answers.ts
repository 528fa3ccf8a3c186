import { z } from 'zod';
import type {
  BatchSummary,
  CollectionSettingsView,
  CollectionWorkItem,
  MandateView,
  ResultFileView,
  StatementImportAnswer,
  StatementLineView,
  StatementView,
} from '@fpa/projections';
import { STATEMENT_DATE_FORMATS, type StatementColumns } from '@fpa/write-model';
import { ACCOUNT_TYPES, BANK_IDS, MANDATE_STATUSES } from '@fpa/write-model/validation';
import type { ResultImportAnswer } from '@fpa/write-model';
import type { BatchDetail, CollectionsOverview } from '../queries/collections.ts';
import { day, id, money, named, rowOf, type AnswerMap } from './shapes.ts';

const period = z.string().regex(/^\d{4}-\d{2}$/);
const accountType = z.enum(ACCOUNT_TYPES);

const mandate = named(
  'DebitMandate',
  rowOf<MandateView>()(
    z.strictObject({
      policyId: id,
      memberId: id,
      accountHolder: z.string(),
      bank: z.enum(BANK_IDS),
      branchCode: z.string().regex(/^\d{6}$/),
      accountNumber: z.string(),
      accountType,
      debitDay: z.number().int().min(1).max(31),
      mandateReference: z.string(),
      debiCheck: z.boolean(),
      status: z.enum(MANDATE_STATUSES),
      suspended: z
        .strictObject({ unpaidCode: z.string(), reason: z.string(), on: day })
        .nullable()
        .meta({ description: 'Set when the bank answered 12, 26 or 60: no debit is sent until a new mandate is set' }),
    }),
  ),
);

const settings = named(
  'CollectionSettings',
  rowOf<CollectionSettingsView>()(
    z.strictObject({
      includeArrears: z.boolean(),
      account: z
        .strictObject({
          userCode: z.string(),
          abbreviatedName: z.string(),
          installationId: z.string(),
          branchCode: z.string(),
          accountNumber: z.string(),
          accountType,
        })
        .nullable(),
    }),
  ),
);

const batchShape = {
  batchId: id,
  debitDate: day,
  createdOn: day,
  generationNumber: z.number().int(),
  count: z.number().int(),
  total: money,
  collected: z.number().int(),
  collectedTotal: money,
  unpaid: z.number().int(),
  unpaidTotal: money,
  disputes: z.number().int(),
  pending: z.number().int().meta({ description: 'Debits the bank has not answered yet' }),
};
const batch = named('CollectionBatch', rowOf<BatchSummary>()(z.strictObject(batchShape)));
const createdBatch = named(
  'CreatedCollectionBatch',
  rowOf<BatchSummary & { id: string }>()(z.strictObject({ id: id.meta({ description: 'The batch id (as batchId)' }), ...batchShape })),
);

const batchDetail = named(
  'CollectionBatchDetail',
  rowOf<BatchDetail>()(
    z.strictObject({
      ...batchShape,
      items: z.array(
        z.strictObject({
          policyId: id,
          policyNumber: z.string(),
          mandateReference: z.string(),
          periods: z.array(period),
          amount: money,
          outcome: z.enum(['pending', 'collected', 'unpaid']),
          outcomeOn: day.nullable(),
          unpaidCode: z.string().nullable(),
          unpaidMeaning: z.string().nullable(),
        }),
      ),
    }),
  ),
);

const resultImport = named(
  'CollectionResultImport',
  rowOf<ResultImportAnswer>()(
    z.strictObject({
      fileId: id,
      collected: z.number().int(),
      unpaid: z.number().int(),
      unmatched: z.number().int().meta({ description: 'Lines of ours without a debit on their date (listed with the file)' }),
      duplicates: z.number().int().meta({ description: 'Lines already taken in (the same file again changes nothing)' }),
    }),
  ),
);

const resultFile = rowOf<ResultFileView>()(
  z.strictObject({
    fileId: id,
    fileName: z.string().nullable(),
    importedOn: day,
    lines: z.number().int(),
    collected: z.number().int(),
    unpaid: z.number().int(),
    duplicates: z.number().int(),
    unmatched: z.array(
      z.strictObject({
        line: z.number().int(),
        reference: z.string(),
        amount: money,
        status: z.string(),
        unpaidCode: z.string().nullable(),
        date: day,
        reason: z.string(),
      }),
    ),
  }),
);

const workItem = rowOf<CollectionWorkItem>()(
  z.strictObject({
    batchId: id,
    policyId: id,
    policyNumber: z.string(),
    kind: z.literal('deceased'),
    unpaidCode: z.string(),
    raisedOn: day,
  }),
);

const month = z.strictObject({
  month: period,
  presented: z.number().int(),
  collected: z.number().int(),
  unpaid: z.number().int(),
  disputes: z.number().int(),
  collectionRate: z.number().nullable(),
  unpaidRate: z.number().nullable(),
  disputeRate: z.number().nullable(),
});

const overview = named(
  'CollectionsOverview',
  rowOf<CollectionsOverview>()(
    z.strictObject({
      asOf: day,
      upcoming: z.array(z.strictObject({ debitDate: day, count: z.number().int(), amount: money, batchId: id.nullable() })),
      months: z.array(month),
      thisMonth: month.nullable(),
    }),
  ),
);

const columns = named(
  'StatementColumns',
  rowOf<StatementColumns>()(
    z.strictObject({
      date: z.string(),
      description: z.string(),
      reference: z.string().nullable(),
      amount: z.string().nullable(),
      credit: z.string().nullable(),
      debit: z.string().nullable(),
      dateFormat: z.enum(STATEMENT_DATE_FORMATS),
    }),
  ),
);

const statementImport = named(
  'BankStatementImport',
  rowOf<StatementImportAnswer>()(
    z.strictObject({
      statementId: id,
      credits: z.number().int(),
      matched: z.number().int().meta({ description: 'Placed by policy number or mandate reference: payments recorded' }),
      unmatched: z.number().int().meta({ description: 'Left in the unmatched queue' }),
      suggested: z.number().int().meta({ description: 'Of the unmatched, those with suggestions (never applied by themselves)' }),
      duplicates: z.number().int().meta({ description: 'Credits taken in before (an overlapping statement)' }),
      debitsIgnored: z.number().int(),
    }),
  ),
);

const allocation = z.strictObject({ policyId: id, policyNumber: z.string(), amount: money, paymentId: id });
const statementLine = named(
  'StatementLine',
  rowOf<StatementLineView>()(
    z.strictObject({
      statementId: id,
      line: z.number().int(),
      date: day,
      description: z.string(),
      reference: z.string(),
      amount: money,
      state: z.enum(['matched', 'unmatched', 'assigned', 'dismissed']),
      suggestions: z.array(z.strictObject({ policyId: id, policyNumber: z.string(), reason: z.string() })),
      resolution: z
        .strictObject({
          allocations: z.array(allocation).optional(),
          note: z.string().nullable().optional(),
          reason: z.string().optional(),
        })
        .nullable(),
    }),
  ),
);

const statement = rowOf<StatementView>()(
  z.strictObject({
    statementId: id,
    fileName: z.string().nullable(),
    format: z.enum(['csv', 'ofx']),
    importedOn: day,
    credits: z.number().int(),
    matched: z.number().int(),
    unmatched: z.number().int(),
    duplicates: z.number().int(),
    debitsIgnored: z.number().int(),
  }),
);

/** Issue #21: collections. */
export const collectionsAnswers: AnswerMap = {
  'GET /api/policies/:id/mandate': { summary: "A policy's debit-order mandate (404 when it has none)", answer: mandate },
  'PUT /api/policies/:id/mandate': { summary: "Set or replace a policy's debit-order mandate", answer: mandate },
  'GET /api/collections/settings': { summary: 'Collection settings: arrears in batches, the collecting account', answer: settings },
  'PUT /api/collections/settings': { summary: 'Set the collection settings', answer: settings },
  'GET /api/collections/overview': { summary: 'The next debit dates and the collection figures per month', answer: overview },
  'GET /api/collections/batches': { summary: 'The collection batches, newest debit date first', answer: z.array(batch) },
  'POST /api/collections/batches': { summary: 'Make the batch for a debit date (asking again answers the one made)', answer: createdBatch },
  'GET /api/collections/batches/:id': { summary: 'A batch and each of its debits', answer: batchDetail },
  'GET /api/collections/batches/:id/file': {
    summary: "A batch's bank file: ?format=csv (payment providers' bulk debit upload) or ?format=acb (the banks' ACB file)",
    responses: { 200: { description: 'The file', content: { 'text/csv': z.string(), 'text/plain': z.string() } } },
  },
  'POST /api/collections/results': {
    summary: "Import the provider's result file (text/csv body or multipart field `file`)",
    answer: resultImport,
  },
  'GET /api/collections/results': { summary: 'The result files taken in (the last 50)', answer: z.array(resultFile) },
  'GET /api/collections/statement-columns': {
    summary: "The company's statement column mapping (null until chosen or kept from a first statement)",
    answer: z.strictObject({ columns: columns.nullable() }),
  },
  'PUT /api/collections/statement-columns': { summary: "Choose which columns of the bank's statement CSV hold what", answer: columns },
  'POST /api/collections/statements': {
    summary: 'Import a bank statement (CSV or OFX as the body, or multipart field `file`): exact matches become payments',
    answer: statementImport,
  },
  'GET /api/collections/statements': { summary: 'The bank statements taken in (the last 50)', answer: z.array(statement) },
  'GET /api/collections/unmatched': {
    summary: 'The unmatched queue: credits waiting for a decision, oldest first, with suggestions',
    answer: z.array(statementLine),
  },
  'POST /api/collections/statements/:id/assign': {
    summary: 'Put an unmatched credit on one or more policies (the amounts add up to it)',
    answer: statementLine,
  },
  'POST /api/collections/statements/:id/dismiss': {
    summary: 'Mark an unmatched credit as not a premium',
    answer: statementLine,
  },
  'GET /api/collections/work-items': {
    summary: 'Unpaids for the claims desk (code 18, account holder deceased)',
    answer: z.array(workItem),
  },
};

import type {
  BatchItemView,
  CollectionMonth,
  CollectionSettingsView,
  CollectionWorkItem,
  MandateView,
  ResultFileView,
  StatementImportAnswer,
  StatementLineView,
  StatementView,
} from '@fpa/projections';
import { STATEMENT_DATE_FORMATS, type StatementColumns } from '@fpa/write-model';
import { ACCOUNT_TYPES, BANK_IDS, MANDATE_STATUSES, type CollectingAccountInput } from '@fpa/write-model/validation';
import { builder } from '../builder.ts';
import { enumType } from '../commands/graphql-input.ts';
import type { BatchDetail, CollectionsOverview, UpcomingDebit } from '../queries/collections.ts';
import type { BatchSummary } from '@fpa/projections';

/** Issue #21: mandates, collection batches, result files and the month's figures. */

export const BankEnum = enumType('Bank', { values: BANK_IDS, description: "South Africa's retail banks ('other' for any other)." });
export const AccountTypeEnum = enumType('AccountType', { values: ACCOUNT_TYPES });
export const MandateStatusEnum = enumType('MandateStatus', {
  values: MANDATE_STATUSES,
  description: 'DebiCheck: pending until the debtor authenticates it with their bank; cancelled when ended.',
});
const ItemOutcomeEnum = enumType('CollectionOutcome', { values: ['pending', 'collected', 'unpaid'] as const });

const MandateSuspensionType = builder.objectRef<NonNullable<MandateView['suspended']>>('MandateSuspension').implement({
  fields: (t) => ({
    unpaidCode: t.exposeString('unpaidCode'),
    reason: t.exposeString('reason'),
    on: t.exposeString('on'),
  }),
});

export const MandateType = builder.objectRef<MandateView>('DebitMandate').implement({
  description: "A policy's debit-order mandate. Account holder and number are the main member's personal data.",
  fields: (t) => ({
    policyId: t.exposeID('policyId'),
    accountHolder: t.exposeString('accountHolder'),
    bank: t.field({ type: BankEnum, resolve: (m) => m.bank }),
    branchCode: t.exposeString('branchCode'),
    accountNumber: t.exposeString('accountNumber'),
    accountType: t.field({ type: AccountTypeEnum, resolve: (m) => m.accountType }),
    debitDay: t.exposeInt('debitDay'),
    mandateReference: t.exposeString('mandateReference'),
    debiCheck: t.exposeBoolean('debiCheck'),
    status: t.field({ type: MandateStatusEnum, resolve: (m) => m.status }),
    suspended: t.field({
      type: MandateSuspensionType,
      nullable: true,
      description: 'Set when the bank answered 12, 26 or 60: no debit is sent until a new mandate is set.',
      resolve: (m) => m.suspended,
    }),
  }),
});

const CollectingAccountType = builder.objectRef<CollectingAccountInput>('CollectingAccount').implement({
  fields: (t) => ({
    userCode: t.exposeString('userCode'),
    abbreviatedName: t.exposeString('abbreviatedName'),
    installationId: t.exposeString('installationId'),
    branchCode: t.exposeString('branchCode'),
    accountNumber: t.exposeString('accountNumber'),
    accountType: t.field({ type: AccountTypeEnum, resolve: (a) => a.accountType }),
  }),
});

export const CollectionSettingsType = builder.objectRef<CollectionSettingsView>('CollectionSettings').implement({
  fields: (t) => ({
    includeArrears: t.exposeBoolean('includeArrears', { description: 'Whether a batch also collects earlier unpaid premiums.' }),
    account: t.field({ type: CollectingAccountType, nullable: true, resolve: (s) => s.account }),
  }),
});

export const CollectionBatchType = builder.objectRef<BatchSummary>('CollectionBatch').implement({
  description: 'The debit orders sent for one debit date, and what the bank answered so far.',
  fields: (t) => ({
    id: t.exposeID('batchId'),
    debitDate: t.exposeString('debitDate'),
    createdOn: t.exposeString('createdOn'),
    generationNumber: t.exposeInt('generationNumber'),
    count: t.exposeInt('count'),
    total: t.exposeString('total', { description: 'Rand.' }),
    collected: t.exposeInt('collected'),
    collectedTotal: t.exposeString('collectedTotal'),
    unpaid: t.exposeInt('unpaid'),
    unpaidTotal: t.exposeString('unpaidTotal'),
    disputes: t.exposeInt('disputes'),
    pending: t.exposeInt('pending', { description: 'Debits the bank has not answered yet.' }),
  }),
});

const BatchItemType = builder.objectRef<BatchItemView>('CollectionBatchItem').implement({
  fields: (t) => ({
    policyId: t.exposeID('policyId'),
    policyNumber: t.exposeString('policyNumber'),
    mandateReference: t.exposeString('mandateReference'),
    periods: t.exposeStringList('periods', { description: 'The premiums it collects (YYYY-MM).' }),
    amount: t.exposeString('amount'),
    outcome: t.field({ type: ItemOutcomeEnum, resolve: (i) => i.outcome }),
    outcomeOn: t.exposeString('outcomeOn', { nullable: true }),
    unpaidCode: t.exposeString('unpaidCode', { nullable: true }),
    unpaidMeaning: t.exposeString('unpaidMeaning', { nullable: true }),
  }),
});

export const CollectionBatchDetailType = builder.objectRef<BatchDetail>('CollectionBatchDetail').implement({
  description: 'A batch and each of its debits.',
  fields: (t) => ({
    batch: t.field({ type: CollectionBatchType, resolve: (b) => b }),
    items: t.field({ type: [BatchItemType], resolve: (b) => b.items }),
  }),
});

const UnmatchedLineType = builder.objectRef<ResultFileView['unmatched'][number]>('UnmatchedResultLine').implement({
  fields: (t) => ({
    line: t.exposeInt('line'),
    reference: t.exposeString('reference'),
    amount: t.exposeString('amount'),
    status: t.exposeString('status'),
    unpaidCode: t.exposeString('unpaidCode', { nullable: true }),
    date: t.exposeString('date'),
    reason: t.exposeString('reason'),
  }),
});

export const ResultFileType = builder.objectRef<ResultFileView>('CollectionResultFile').implement({
  fields: (t) => ({
    fileId: t.exposeID('fileId'),
    fileName: t.exposeString('fileName', { nullable: true }),
    importedOn: t.exposeString('importedOn'),
    lines: t.exposeInt('lines'),
    collected: t.exposeInt('collected'),
    unpaid: t.exposeInt('unpaid'),
    duplicates: t.exposeInt('duplicates'),
    unmatched: t.field({ type: [UnmatchedLineType], resolve: (f) => f.unmatched }),
  }),
});

export const ResultImportType = builder
  .objectRef<{ fileId: string; collected: number; unpaid: number; unmatched: number; duplicates: number }>('CollectionResultImport')
  .implement({
    description: 'What a result file did: debits collected, unpaid, lines not placed, and lines already taken in.',
    fields: (t) => ({
      fileId: t.exposeID('fileId'),
      collected: t.exposeInt('collected'),
      unpaid: t.exposeInt('unpaid'),
      unmatched: t.exposeInt('unmatched'),
      duplicates: t.exposeInt('duplicates'),
    }),
  });

export const WorkItemType = builder.objectRef<CollectionWorkItem>('CollectionWorkItem').implement({
  description: 'Unpaid code 18 (account holder deceased): for the claims desk to contact the family.',
  fields: (t) => ({
    batchId: t.exposeID('batchId'),
    policyId: t.exposeID('policyId'),
    policyNumber: t.exposeString('policyNumber'),
    kind: t.exposeString('kind'),
    unpaidCode: t.exposeString('unpaidCode'),
    raisedOn: t.exposeString('raisedOn'),
  }),
});

const UpcomingDebitType = builder.objectRef<UpcomingDebit>('UpcomingDebit').implement({
  fields: (t) => ({
    debitDate: t.exposeString('debitDate'),
    count: t.exposeInt('count'),
    amount: t.exposeString('amount'),
    batchId: t.exposeID('batchId', { nullable: true, description: 'The batch made for the date, if one was.' }),
  }),
});

const CollectionMonthType = builder.objectRef<CollectionMonth>('CollectionMonth').implement({
  fields: (t) => ({
    month: t.exposeString('month'),
    presented: t.exposeInt('presented'),
    collected: t.exposeInt('collected'),
    unpaid: t.exposeInt('unpaid'),
    disputes: t.exposeInt('disputes'),
    collectionRate: t.exposeFloat('collectionRate', { nullable: true, description: 'Percent of the answered debits.' }),
    unpaidRate: t.exposeFloat('unpaidRate', { nullable: true, description: 'Percent; the industry keeps it under 10.' }),
    disputeRate: t.exposeFloat('disputeRate', { nullable: true, description: 'Percent; the industry keeps it under 0.5.' }),
  }),
});

export const CollectionsOverviewType = builder.objectRef<CollectionsOverview>('CollectionsOverview').implement({
  fields: (t) => ({
    asOf: t.exposeString('asOf'),
    upcoming: t.field({ type: [UpcomingDebitType], resolve: (o) => o.upcoming }),
    months: t.field({ type: [CollectionMonthType], resolve: (o) => o.months }),
    thisMonth: t.field({ type: CollectionMonthType, nullable: true, resolve: (o) => o.thisMonth }),
  }),
});

export const StatementColumnsType = builder.objectRef<StatementColumns>('StatementColumns').implement({
  description: "Which header of the company's bank statement CSV holds what; amount, or credit (and debit) columns.",
  fields: (t) => ({
    date: t.exposeString('date'),
    description: t.exposeString('description'),
    reference: t.exposeString('reference', { nullable: true }),
    amount: t.exposeString('amount', { nullable: true }),
    credit: t.exposeString('credit', { nullable: true }),
    debit: t.exposeString('debit', { nullable: true }),
    dateFormat: t.exposeString('dateFormat', { description: `One of ${STATEMENT_DATE_FORMATS.join(', ')}.` }),
  }),
});

export const StatementImportType = builder.objectRef<StatementImportAnswer>('BankStatementImport').implement({
  fields: (t) => ({
    statementId: t.exposeID('statementId'),
    credits: t.exposeInt('credits'),
    matched: t.exposeInt('matched', { description: 'Credits placed by policy number or mandate reference: payments recorded.' }),
    unmatched: t.exposeInt('unmatched', { description: 'Credits left in the unmatched queue.' }),
    suggested: t.exposeInt('suggested', { description: 'Of the unmatched, those with suggestions (surname and premium).' }),
    duplicates: t.exposeInt('duplicates', { description: 'Credits taken in before (an overlapping statement).' }),
    debitsIgnored: t.exposeInt('debitsIgnored'),
  }),
});

const SuggestionType = builder.objectRef<StatementLineView['suggestions'][number]>('StatementLineSuggestion').implement({
  fields: (t) => ({ policyId: t.exposeID('policyId'), policyNumber: t.exposeString('policyNumber'), reason: t.exposeString('reason') }),
});

const AllocationType = builder
  .objectRef<NonNullable<NonNullable<StatementLineView['resolution']>['allocations']>[number]>('StatementLineAllocation')
  .implement({
    fields: (t) => ({
      policyId: t.exposeID('policyId'),
      policyNumber: t.exposeString('policyNumber'),
      amount: t.exposeString('amount'),
      paymentId: t.exposeID('paymentId'),
    }),
  });

export const StatementLineType = builder.objectRef<StatementLineView>('StatementLine').implement({
  description: 'A credit of an imported bank statement and where it stands.',
  fields: (t) => ({
    statementId: t.exposeID('statementId'),
    line: t.exposeInt('line'),
    date: t.exposeString('date'),
    description: t.exposeString('description'),
    reference: t.exposeString('reference'),
    amount: t.exposeString('amount'),
    state: t.exposeString('state', { description: 'matched, unmatched, assigned or dismissed.' }),
    suggestions: t.field({ type: [SuggestionType], resolve: (l) => l.suggestions }),
    allocations: t.field({ type: [AllocationType], resolve: (l) => l.resolution?.allocations ?? [] }),
    dismissedBecause: t.string({ nullable: true, resolve: (l) => l.resolution?.reason ?? null }),
  }),
});

export const StatementType = builder.objectRef<StatementView>('BankStatement').implement({
  fields: (t) => ({
    statementId: t.exposeID('statementId'),
    fileName: t.exposeString('fileName', { nullable: true }),
    format: t.exposeString('format'),
    importedOn: t.exposeString('importedOn'),
    credits: t.exposeInt('credits'),
    matched: t.exposeInt('matched'),
    unmatched: t.exposeInt('unmatched'),
    duplicates: t.exposeInt('duplicates'),
    debitsIgnored: t.exposeInt('debitsIgnored'),
  }),
});

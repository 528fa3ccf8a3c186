import type { PiiMarking } from '../event-store/types.ts';
import { memberSubjectId } from '../members/members.events.ts';
import type { AccountType, BankId, CollectingAccountInput } from '../validation/index.ts';
import type { UnpaidEffect } from './files/unpaid-codes.ts';
import type { StatementColumns } from './statement/statement-csv.ts';

/**
 * Collections (issue #21): batches of debit orders sent to the bank for a debit date, and what the bank
 * answered for each. A batch's items are fixed when it is made (the bank file is written from them, so
 * every download gives the same file); each premium is in at most one batch until the bank answers
 * unpaid (reservations `collection-premium:<company>`, key `<policyId>:<period>`).
 */
export type CollectionItem = {
  policyId: string;
  policyNumber: string;
  memberId: string;
  /** The main member's name for the payment the debit becomes (personal data of the member). */
  memberName: string;
  mandateReference: string;
  /** Personal data of the member: sealed with the member's key (collectionPii). */
  accountHolder: string;
  bank: BankId;
  branchCode: string;
  accountNumber: string;
  accountType: AccountType;
  /** The premiums it collects (YYYY-MM), oldest first, and what is still unpaid of them (rand). */
  periods: string[];
  amount: string;
};

export type CollectionBatchCreated = {
  type: 'CollectionBatchCreated';
  data: {
    batchId: string;
    companyId: string;
    debitDate: string;
    createdOn: string;
    /** The company's running number of batches (the ACB file's generation number). */
    generationNumber: number;
    includeArrears: boolean;
    items: CollectionItem[];
    count: number;
    total: string;
  };
};

/** A debit the bank collected: the premium is paid (a PaymentRecorded, method debit_order, on its own stream). */
export type PremiumCollected = {
  type: 'PremiumCollected';
  data: {
    batchId: string;
    companyId: string;
    policyId: string;
    policyNumber: string;
    amount: string;
    collectedOn: string;
    paymentId: string;
    fileId: string;
    line: number;
  };
};

/**
 * A debit the bank returned unpaid, with the South African unpaid code. After a collection it undoes it:
 * the payment is marked failed (the premium falls due again, the agent's commission on it is reversed).
 */
export type PremiumUnpaid = {
  type: 'PremiumUnpaid';
  data: {
    batchId: string;
    companyId: string;
    policyId: string;
    policyNumber: string;
    amount: string;
    unpaidOn: string;
    unpaidCode: string;
    meaning: string;
    effect: UnpaidEffect;
    /** The payment of an earlier collection this unpaid reverses, if any. */
    reversedPaymentId: string | null;
    fileId: string;
    line: number;
  };
};

export type BatchEvent = CollectionBatchCreated | PremiumCollected | PremiumUnpaid;

/** A result line the import could not place: no batch on its date, or no debit of that batch with its reference. */
export type UnmatchedResultLine = {
  line: number;
  reference: string;
  amount: string;
  status: 'collected' | 'unpaid';
  unpaidCode: string | null;
  date: string;
  reason: string;
};

/** A result file taken in, once per company and content (its stream is named by the file's hash). */
export type CollectionResultsImported = {
  type: 'CollectionResultsImported';
  data: {
    fileId: string;
    companyId: string;
    sha256: string;
    fileName: string | null;
    importedOn: string;
    lines: number;
    collected: number;
    unpaid: number;
    duplicates: number;
    unmatched: UnmatchedResultLine[];
  };
};

/** The company's collection settings, whole each time. */
export type CollectionSettingsSet = {
  type: 'CollectionSettingsSet';
  data: { companyId: string; includeArrears: boolean; account: CollectingAccountInput | null };
};

/** Which columns of the company's bank statement CSV hold what: chosen once, used for every import after. */
export type StatementColumnsSet = {
  type: 'StatementColumnsSet';
  data: { companyId: string; columns: StatementColumns };
};

/** How an imported statement line stands: matched to a policy (a payment), or in the unmatched queue with suggestions. */
export type StatementLineMatch =
  | { kind: 'exact'; policyId: string; policyNumber: string; by: 'policyNumber' | 'mandateReference'; paymentId: string }
  | { kind: 'suggestion'; candidates: { policyId: string; policyNumber: string; reason: string }[] }
  | { kind: 'none' };

export type ImportedStatementLine = {
  line: number;
  date: string;
  description: string;
  reference: string;
  /** Rand, positive: only credits are kept (debits are the company's own spending). */
  amount: string;
  match: StatementLineMatch;
};

/**
 * A bank statement taken in (issue #21): its credits, each matched by the policy number or mandate
 * reference in it (a payment recorded in the same append) or left for the clerk with suggestions.
 * A line seen in an earlier statement (an overlapping export) is not taken again.
 */
export type BankStatementImported = {
  type: 'BankStatementImported';
  data: {
    statementId: string;
    companyId: string;
    sha256: string;
    fileName: string | null;
    format: 'csv' | 'ofx';
    importedOn: string;
    lines: ImportedStatementLine[];
    duplicates: number;
    debitsIgnored: number;
  };
};

/** The clerk put an unmatched credit on one or more policies (a split): a payment each. */
export type StatementLineAssigned = {
  type: 'StatementLineAssigned';
  data: {
    statementId: string;
    companyId: string;
    line: number;
    allocations: { policyId: string; policyNumber: string; amount: string; paymentId: string }[];
    note: string | null;
  };
};

/** The clerk marked an unmatched credit as not a premium (a refund from a supplier, a transfer). */
export type StatementLineDismissed = {
  type: 'StatementLineDismissed';
  data: { statementId: string; companyId: string; line: number; reason: string };
};

export type StatementEvent = BankStatementImported | StatementLineAssigned | StatementLineDismissed;

export type CollectionEvent = BatchEvent | CollectionResultsImported | CollectionSettingsSet | StatementColumnsSet | StatementEvent;

export const batchStreamId = (batchId: string) => `collection-batch-${batchId}`;
export const resultFileStreamId = (fileId: string) => `collection-results-${fileId}`;
export const statementStreamId = (statementId: string) => `bank-statement-${statementId}`;
export const collectionSettingsStreamId = (companyId: string) => `collection-settings-${companyId}`;

/** Each item's bank details and name are its member's personal data. */
export function collectionPii(event: CollectionEvent): PiiMarking[] | undefined {
  if (event.type !== 'CollectionBatchCreated') return undefined;
  return event.data.items.map((item, i) => ({
    subjectId: memberSubjectId(item.memberId),
    fields: [`items.${i}.accountHolder`, `items.${i}.accountNumber`, `items.${i}.memberName`],
  }));
}

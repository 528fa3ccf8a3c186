import { CollectionFileError } from '../files/file-error.ts';
import { UNPAID_CODES, type ResultLine } from '../files/index.ts';
import type { PaymentEvent } from '../../payments/payments.events.ts';
import type { PolicyEvent } from '../../policies/policies.events.ts';
import { centsToDecimal } from '../../validation/decimal.ts';
import { referenceKey, type FoldedBatch } from '../batch-fold.ts';
import type { BatchEvent, CollectionResultsImported, UnmatchedResultLine } from '../collections.events.ts';

export type ResultImportCommand = {
  companyId: string;
  fileId: string;
  sha256: string;
  fileName: string | null;
  importedOn: string;
  lines: readonly ResultLine[];
  /** The company's batches by debit date, folded (only the dates the file names). */
  batches: ReadonlyMap<string, FoldedBatch>;
  /** Whether a reference is the company's at all (a mandate reference or a policy number of its own). */
  isOurs(reference: string): boolean;
  /** The status of a payment an unpaid would reverse, as its stream says now. */
  paymentStatus(paymentId: string): string | null;
  newId(): string;
};

export type ResultImportDecision = {
  batchEvents: Map<string, BatchEvent[]>;
  payments: { paymentId: string; event: PaymentEvent; isNew: boolean }[];
  suspensions: PolicyEvent[];
  /** Premium reservations to free: an unpaid premium may be sent again in a later batch. */
  released: { batchId: string; keys: string[] }[];
  imported: CollectionResultsImported;
};

/**
 * What a provider's result file does (issue #21), line by line in file order: a collected debit becomes
 * PremiumCollected and a debit-order payment; an unpaid one PremiumUnpaid with its South African code,
 * undoing an earlier collection (the payment is marked failed, so the premium falls due again and the
 * commission on it is reversed), suspending the mandate for 12/26/60 and freeing the premium for a
 * later batch. A line that repeats the debit's current outcome is a duplicate (the same file twice,
 * or a provider sending a line again). A reference that is not the company's refuses the whole file;
 * one that is, without a debit on that date, is listed as unmatched for the clerk.
 */
export function decideResultImport(command: ResultImportCommand): ResultImportDecision {
  const batchEvents = new Map<string, BatchEvent[]>();
  const payments: ResultImportDecision['payments'] = [];
  const suspensions: PolicyEvent[] = [];
  const released: ResultImportDecision['released'] = [];
  const unmatched: UnmatchedResultLine[] = [];
  let collected = 0;
  let unpaid = 0;
  let duplicates = 0;
  const { companyId, fileId } = command;
  const push = (batchId: string, event: BatchEvent) => {
    const list = batchEvents.get(batchId) ?? [];
    list.push(event);
    batchEvents.set(batchId, list);
  };

  for (const line of command.lines) {
    const amount = centsToDecimal(BigInt(line.amountCents));
    const batch = command.batches.get(line.date);
    const policyId = batch?.byReference.get(referenceKey(line.reference));
    const item = policyId ? batch?.items.get(policyId) : undefined;
    if (!batch || !item) {
      if (!command.isOurs(line.reference)) {
        throw new CollectionFileError(
          `the reference ${line.reference} is not a mandate or policy of this company; nothing was imported.`,
          line.line,
        );
      }
      const reason = batch ? `The ${line.date} batch has no debit with this reference.` : `No batch has the debit date ${line.date}.`;
      unmatched.push({
        line: line.line,
        reference: line.reference,
        amount,
        status: line.status,
        unpaidCode: line.unpaidCode,
        date: line.date,
        reason,
      });
      continue;
    }
    const base = {
      batchId: batch.batchId,
      companyId,
      policyId: item.policyId,
      policyNumber: item.policyNumber,
      amount,
      fileId,
      line: line.line,
    };
    if (line.status === 'collected') {
      if (item.outcome === 'collected') {
        duplicates++;
        continue;
      }
      const paymentId = command.newId();
      push(batch.batchId, { type: 'PremiumCollected', data: { ...base, collectedOn: line.date, paymentId } });
      payments.push({
        paymentId,
        isNew: true,
        event: {
          type: 'PaymentRecorded',
          data: {
            paymentId,
            companyId,
            policyId: item.policyId,
            policyNumber: item.policyNumber,
            memberId: item.memberId,
            memberName: item.memberName,
            amount,
            paymentDate: line.date,
            paymentMethod: 'debit_order',
            reference: item.mandateReference,
            notes: `Debit order collected (batch ${batch.debitDate})`,
            status: 'completed',
            groupSchemeId: null,
            groupPaymentId: null,
          },
        },
      });
      Object.assign(item, { outcome: 'collected', paymentId, unpaidCode: null });
      collected++;
      continue;
    }
    const code = line.unpaidCode!;
    if (item.outcome === 'unpaid' && item.unpaidCode === code) {
      duplicates++;
      continue;
    }
    const { meaning, effect } = UNPAID_CODES[code];
    const reversed = item.outcome === 'collected' ? item.paymentId : null;
    push(batch.batchId, {
      type: 'PremiumUnpaid',
      data: { ...base, unpaidOn: line.date, unpaidCode: code, meaning, effect, reversedPaymentId: reversed },
    });
    const status = reversed ? command.paymentStatus(reversed) : null;
    if (reversed && status === 'completed') {
      payments.push({
        paymentId: reversed,
        isNew: false,
        event: { type: 'PaymentStatusChanged', data: { paymentId: reversed, companyId, from: 'completed', to: 'failed' } },
      });
    }
    if (effect === 'suspend_mandate') {
      suspensions.push({
        type: 'DebitMandateSuspended',
        data: { policyId: item.policyId, companyId, unpaidCode: code, reason: meaning, suspendedOn: line.date, batchId: batch.batchId },
      });
    }
    released.push({ batchId: batch.batchId, keys: item.periods.map((period) => `${item.policyId}:${period}`) });
    Object.assign(item, { outcome: 'unpaid', paymentId: null, unpaidCode: code });
    unpaid++;
  }

  const imported: CollectionResultsImported = {
    type: 'CollectionResultsImported',
    data: {
      fileId,
      companyId,
      sha256: command.sha256,
      fileName: command.fileName,
      importedOn: command.importedOn,
      lines: command.lines.length,
      collected,
      unpaid,
      duplicates,
      unmatched,
    },
  };
  return { batchEvents, payments, suspensions, released, imported };
}

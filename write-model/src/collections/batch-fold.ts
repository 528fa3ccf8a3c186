import type { RecordedEvent } from '../event-store/types.ts';
import { mandateReferenceKey } from '../validation/mandates.ts';
import type { BatchEvent, CollectionItem } from './collections.events.ts';

export type ItemOutcome = 'pending' | 'collected' | 'unpaid';

export type FoldedItem = CollectionItem & { outcome: ItemOutcome; paymentId: string | null; unpaidCode: string | null };

export type FoldedBatch = {
  batchId: string;
  companyId: string;
  debitDate: string;
  /** The stream's version, to append against. */
  version: number;
  items: Map<string, FoldedItem>;
  /** A result line names its debit by the mandate reference or the policy number it carried: both lead to the policy. */
  byReference: Map<string, string>;
};

/** The reference a result line is matched by: case and spaces do not count. */
export const referenceKey = (reference: string) => mandateReferenceKey(reference).replace(/\s+/g, '');

/**
 * A batch stream folded into each debit's latest outcome. Built in one pass with maps the fold owns (a
 * batch holds up to tens of thousands of debits; copying them per event would be quadratic).
 */
export function foldBatch(events: readonly RecordedEvent[]): FoldedBatch | null {
  let batch: FoldedBatch | null = null;
  for (const recorded of events) {
    const event = { type: recorded.type, data: recorded.data } as BatchEvent;
    switch (event.type) {
      case 'CollectionBatchCreated': {
        const { batchId, companyId, debitDate, items } = event.data;
        batch = { batchId, companyId, debitDate, version: 0, items: new Map(), byReference: new Map() };
        for (const item of items) {
          batch.items.set(item.policyId, { ...item, outcome: 'pending', paymentId: null, unpaidCode: null });
          batch.byReference.set(referenceKey(item.mandateReference), item.policyId);
          batch.byReference.set(referenceKey(item.policyNumber), item.policyId);
        }
        break;
      }
      case 'PremiumCollected': {
        const item = batch?.items.get(event.data.policyId);
        if (item) Object.assign(item, { outcome: 'collected', paymentId: event.data.paymentId, unpaidCode: null });
        break;
      }
      case 'PremiumUnpaid': {
        const item = batch?.items.get(event.data.policyId);
        if (item) Object.assign(item, { outcome: 'unpaid', paymentId: null, unpaidCode: event.data.unpaidCode });
        break;
      }
    }
  }
  if (batch) batch.version = events.length;
  return batch;
}

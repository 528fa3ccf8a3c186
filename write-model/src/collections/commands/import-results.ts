import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { CommandContext } from '../../command-handling/context.ts';
import { toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, asDomainEvent, requireCompany, withConflictRetry } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import type { SqlClient } from '../../event-store/sql.ts';
import type { EventStore, StreamAppend } from '../../event-store/types.ts';
import { paymentPii, paymentStreamId, type PaymentEvent } from '../../payments/payments.events.ts';
import { evolvePayment, initialPaymentState } from '../../payments/payments.state.ts';
import { policyStreamId } from '../../policies/policies.events.ts';
import { southAfricanDate } from '../../validation/dates.ts';
import { mandateReferenceKey } from '../../validation/mandates.ts';
import { fileTextOf } from '../../validation/unsafe-text.ts';
import { foldBatch, referenceKey, type FoldedBatch } from '../batch-fold.ts';
import { batchStreamId, collectionPii, resultFileStreamId } from '../collections.events.ts';
import { COLLECTION_FILE_MAX_BYTES } from '../files/file-error.ts';
import { parseResultFile } from '../files/index.ts';
import { batchScope, holders, mandateReferenceScope, premiumScope, releaseAll } from '../reservations.ts';
import { decideResultImport } from './decide-results.ts';

/** A collections file as text (REST reads the body's bytes and decodes them strictly first) and its name, if known. */
export const collectionFileSchema = z.object({
  // A file read from a REST body comes as FileText (up to 20 MB); typed into GraphQL, as text under the usual field limit.
  content: z
    .preprocess(
      fileTextOf,
      z.string({ error: 'content is required: the file as text' }).max(COLLECTION_FILE_MAX_BYTES, 'The file is larger than 20 MB.'),
    )
    .meta({
      description:
        "The file's text: a result file or a bank statement (docs/collections-files.md, docs/collections-statements.md). Through GraphQL up to 20,000 characters; larger files through the REST routes, which take the file as the body.",
    }),
  fileName: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => v || null),
});

export type ResultImportAnswer = { fileId: string; collected: number; unpaid: number; unmatched: number; duplicates: number };

/** A collections file's id within a company (a result file's, a statement's): the same content imported again is the same file. */
export function collectionFileId(companyId: string, sha256: string): string {
  const hex = createHash('sha256').update(`${companyId}:${sha256}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * POST /api/collections/results (GraphQL importCollectionResults): the provider's result file, applied
 * whole in one append or not at all (decideResultImport says what each line does). The file's stream
 * is named by its content: the same file twice appends nothing and answers every line as a duplicate.
 */
export async function importCollectionResults(
  deps: { store: EventStore; sql: SqlClient },
  input: unknown,
  ctx: CommandContext,
): Promise<{ append: Awaited<ReturnType<EventStore['append']>> | null; answer: ResultImportAnswer }> {
  const companyId = requireCompany(ctx);
  const { content, fileName } = parseInput(collectionFileSchema, input);
  const lines = parseResultFile(content);
  const sha256 = createHash('sha256').update(content).digest('hex');
  const fileId = collectionFileId(companyId, sha256);
  return withConflictRetry(async () => {
    const done = await deps.store.readStream(resultFileStreamId(fileId));
    if (done.version > 0) return { append: null, answer: { fileId, collected: 0, unpaid: 0, unmatched: 0, duplicates: lines.length } };

    const dates = [...new Set(lines.map((l) => l.date))];
    const batchIds = await holders(deps.sql, batchScope(companyId), dates);
    const batches = new Map<string, FoldedBatch>();
    for (const [date, batchId] of batchIds) {
      const folded = foldBatch((await deps.store.readStream(batchStreamId(batchId))).events);
      if (folded && folded.companyId === companyId) batches.set(date, folded);
    }
    const mandates = await holders(
      deps.sql,
      mandateReferenceScope(companyId),
      lines.map((l) => mandateReferenceKey(l.reference)),
    );
    const inBatches = new Set([...batches.values()].flatMap((b) => [...b.byReference.keys()]));
    const reversals = await reversedPayments(deps.store, batches, lines);

    const decision = decideResultImport({
      companyId,
      fileId,
      sha256,
      fileName,
      importedOn: southAfricanDate(ctx.now),
      lines,
      batches,
      isOurs: (reference) => mandates.has(mandateReferenceKey(reference)) || inBatches.has(referenceKey(reference)),
      paymentStatus: (paymentId) => reversals.get(paymentId)?.status ?? null,
      newId: ctx.newId,
    });

    const streams: StreamAppend[] = [
      { streamId: resultFileStreamId(fileId), expectedVersion: 'no_stream', events: [toNewEvent(decision.imported)] },
    ];
    for (const [batchId, events] of decision.batchEvents) {
      const batch = [...batches.values()].find((b) => b.batchId === batchId)!;
      streams.push({
        streamId: batchStreamId(batchId),
        expectedVersion: batch.version,
        events: events.map((e) => toNewEvent(e, collectionPii)),
      });
    }
    for (const p of decision.payments) {
      streams.push({
        streamId: paymentStreamId(p.paymentId),
        expectedVersion: p.isNew ? 'no_stream' : reversals.get(p.paymentId)!.version,
        events: [toNewEvent(p.event, paymentPii)],
      });
    }
    for (const s of decision.suspensions) {
      const policyId = (s.data as { policyId: string }).policyId;
      streams.push({ streamId: policyStreamId(policyId), expectedVersion: 'any', events: [toNewEvent(s)] });
    }
    const append = await deps.store.append(
      streams,
      appendOptions(ctx, async (tx) => {
        for (const r of decision.released) await releaseAll(tx, premiumScope(companyId), r.keys, r.batchId);
      }),
    );
    const { collected, unpaid, duplicates, unmatched } = decision.imported.data;
    return { append, answer: { fileId, collected, unpaid, unmatched: unmatched.length, duplicates } };
  });
}

/** The payments an unpaid line would reverse (a debit collected before), folded: status and version. */
async function reversedPayments(store: EventStore, batches: ReadonlyMap<string, FoldedBatch>, lines: ReturnType<typeof parseResultFile>) {
  const found = new Map<string, { status: string; version: number }>();
  for (const line of lines) {
    if (line.status !== 'unpaid') continue;
    const batch = batches.get(line.date);
    const policyId = batch?.byReference.get(referenceKey(line.reference));
    const paymentId = policyId ? batch?.items.get(policyId)?.paymentId : null;
    if (!paymentId || found.has(paymentId)) continue;
    const { version, events } = await store.readStream(paymentStreamId(paymentId));
    const state = events.map(asDomainEvent<PaymentEvent>).reduce(evolvePayment, initialPaymentState);
    found.set(paymentId, { status: state.status, version });
  }
  return found;
}

export const importCollectionResultsSlice = commandSlice({
  name: 'importCollectionResults',
  operation: 'payments:create',
  input: () => collectionFileSchema,
  handle: ({ store, sql }, { input }, ctx) => importCollectionResults({ store, sql }, input, ctx),
});

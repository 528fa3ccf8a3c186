import { builder } from '../builder.ts';
import * as collections from '../queries/collections.ts';
import {
  CollectionBatchDetailType,
  CollectionBatchType,
  CollectionSettingsType,
  CollectionsOverviewType,
  MandateType,
  ResultFileType,
  StatementColumnsType,
  StatementLineType,
  StatementType,
  WorkItemType,
} from './collections.ts';

builder.queryFields((t) => ({
  debitMandate: t.field({
    type: MandateType,
    nullable: true,
    description: "A policy's debit-order mandate (as GET /api/policies/{id}/mandate); null when it has none.",
    args: { policyId: t.arg.id({ required: true }) },
    resolve: (_r, { policyId }, ctx) => collections.mandate(ctx, String(policyId)),
  }),
  collectionSettings: t.field({ type: CollectionSettingsType, resolve: (_r, _a, ctx) => collections.settings(ctx) }),
  collectionsOverview: t.field({
    type: CollectionsOverviewType,
    description: 'The next debit dates with what their batch holds or would hold, and the figures per month.',
    resolve: (_r, _a, ctx) => collections.overview(ctx),
  }),
  collectionBatches: t.field({ type: [CollectionBatchType], resolve: (_r, _a, ctx) => collections.batches(ctx) }),
  collectionBatch: t.field({
    type: CollectionBatchDetailType,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => collections.batch(ctx, String(id)),
  }),
  collectionResultFiles: t.field({ type: [ResultFileType], resolve: (_r, _a, ctx) => collections.results(ctx) }),
  collectionUnmatched: t.field({
    type: [StatementLineType],
    description: 'The unmatched queue: bank statement credits waiting for a decision, oldest first, with suggestions.',
    resolve: (_r, _a, ctx) => collections.unmatched(ctx),
  }),
  bankStatements: t.field({ type: [StatementType], resolve: (_r, _a, ctx) => collections.statements(ctx) }),
  statementColumns: t.field({ type: StatementColumnsType, nullable: true, resolve: (_r, _a, ctx) => collections.columns(ctx) }),
  collectionWorkItems: t.field({ type: [WorkItemType], resolve: (_r, _a, ctx) => collections.workItems(ctx) }),
}));

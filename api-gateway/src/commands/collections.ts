import { createCollectionBatchSlice, collectionBatch, importBankStatementSlice, statementColumns, statementLineOf } from '@fpa/projections';
import type { RequestContext } from '../context.ts';
import {
  assignStatementLineSlice,
  dismissStatementLineSlice,
  importCollectionResultsSlice,
  NotFoundError,
  setCollectionSettingsSlice,
  setDebitMandateSlice,
  setStatementColumnsSlice,
} from '@fpa/write-model';
import { collectionSettings, mandateOfPolicy } from '@fpa/projections';
import { readFileBody } from '../rest/file-body.ts';
import {
  CollectionBatchType,
  CollectionSettingsType,
  MandateType,
  ResultImportType,
  StatementColumnsType,
  StatementImportType,
  StatementLineType,
} from '../schema/collections.ts';
import { tenantSql } from '../queries/tenant.ts';
import { BATCH_NOT_FOUND } from '../queries/collections.ts';
import { companyOf, endpoint } from './expose.ts';

/** Issue #21: mandates, the company's collection settings, batches and result files. */
export const collectionEndpoints = [
  endpoint({
    slice: setDebitMandateSlice,
    rest: { method: 'PUT', path: '/api/policies/:id/mandate' },
    graphql: { type: MandateType, description: "Sets or replaces the policy's debit-order mandate (a new one lifts a suspension)." },
    answer: async (ctx, { policyId }) => {
      const companyId = companyOf(ctx);
      const found = await mandateOfPolicy(tenantSql(ctx, companyId), companyId, policyId);
      if (!found) throw new NotFoundError('Policy not found');
      return found;
    },
  }),
  endpoint({
    slice: setCollectionSettingsSlice,
    rest: { method: 'PUT', path: '/api/collections/settings' },
    graphql: {
      type: CollectionSettingsType,
      description: 'Whether batches collect arrears, and the account collected into with its bank codes.',
    },
    answer: (ctx, { companyId }) => collectionSettings(tenantSql(ctx, companyId), companyId),
  }),
  endpoint({
    slice: createCollectionBatchSlice,
    rest: { method: 'POST', path: '/api/collections/batches', status: 201 },
    graphql: {
      type: CollectionBatchType,
      description: 'The batch of debit orders for a debit date; asking again for the same date answers the batch made.',
    },
    answer: async (ctx, { batchId }) => {
      const companyId = companyOf(ctx);
      const found = await collectionBatch(tenantSql(ctx, companyId), companyId, batchId);
      if (!found) throw new NotFoundError(BATCH_NOT_FOUND);
      return { ...found, id: found.batchId };
    },
  }),
  endpoint({
    slice: importCollectionResultsSlice,
    rest: { method: 'POST', path: '/api/collections/results', readBody: readFileBody },
    graphql: {
      type: ResultImportType,
      description:
        "The payment provider's result file: applied whole or refused whole (a 4xx naming the line); the same file twice changes nothing.",
    },
    answer: (_ctx, { answer }) => answer,
  }),
  endpoint({
    slice: setStatementColumnsSlice,
    rest: { method: 'PUT', path: '/api/collections/statement-columns' },
    graphql: { type: StatementColumnsType, description: "Which columns of the company's bank statement CSV hold what." },
    answer: async (ctx, { companyId }) => (await statementColumns(tenantSql(ctx, companyId), companyId))!,
  }),
  endpoint({
    slice: importBankStatementSlice,
    rest: { method: 'POST', path: '/api/collections/statements', readBody: readFileBody },
    graphql: {
      type: StatementImportType,
      description:
        'A bank statement (CSV through the company’s column mapping, or OFX): credits matched by policy number or mandate reference become payments; the rest wait in the unmatched queue.',
    },
    answer: (_ctx, { answer }) => answer,
  }),
  endpoint({
    slice: assignStatementLineSlice,
    rest: { method: 'POST', path: '/api/collections/statements/:id/assign' },
    graphql: { type: StatementLineType, description: 'Puts an unmatched credit on one or more policies (amounts adding up to it).' },
    answer: (ctx, { statementId, line }) => statementLine(ctx, statementId, line),
  }),
  endpoint({
    slice: dismissStatementLineSlice,
    rest: { method: 'POST', path: '/api/collections/statements/:id/dismiss' },
    graphql: { type: StatementLineType, description: 'Marks an unmatched credit as not a premium, with the reason.' },
    answer: (ctx, { statementId, line }) => statementLine(ctx, statementId, line),
  }),
];

/** The line as it stands after the clerk's decision. */
async function statementLine(ctx: RequestContext, statementId: string, line: number) {
  const companyId = companyOf(ctx);
  const found = await statementLineOf(tenantSql(ctx, companyId), companyId, statementId, line);
  if (!found) throw new NotFoundError('Statement line not found');
  return found;
}

import { NotFoundError } from '@fpa/write-model';
import { BATCH_FILE_FORMATS, type BatchFileFormat } from '@fpa/write-model/validation';
import * as collections from '../queries/collections.ts';
import type { Route } from './router.ts';

/** Issue #21's reads (its commands are endpoints: commands/collections.ts). */
export const collectionRoutes: Route[] = [
  {
    method: 'GET',
    path: '/api/policies/:id/mandate',
    operation: 'policies:read',
    handler: async (ctx, { params }) => {
      const found = await collections.mandate(ctx, params.id!);
      if (!found) throw new NotFoundError(collections.NO_MANDATE);
      return found;
    },
  },
  { method: 'GET', path: '/api/collections/settings', operation: 'payments:read', handler: (ctx) => collections.settings(ctx) },
  { method: 'GET', path: '/api/collections/overview', operation: 'payments:read', handler: (ctx) => collections.overview(ctx) },
  { method: 'GET', path: '/api/collections/batches', operation: 'payments:read', handler: (ctx) => collections.batches(ctx) },
  {
    method: 'GET',
    path: '/api/collections/batches/:id',
    operation: 'payments:read',
    handler: (ctx, { params }) => collections.batch(ctx, params.id!),
  },
  {
    method: 'GET',
    path: '/api/collections/batches/:id/file',
    // The file holds every debtor's full bank details: for those who collect, not for a read-only auditor.
    operation: 'payments:create',
    handler: async (ctx, { params, query }) => {
      const format = (query.get('format') ?? 'csv') as BatchFileFormat;
      const file = await collections.batchFile(ctx, params.id!, format);
      return new Response(file.body, {
        headers: { 'content-type': file.contentType, 'content-disposition': `attachment; filename="${file.fileName}"` },
      });
    },
  },
  { method: 'GET', path: '/api/collections/results', operation: 'payments:read', handler: (ctx) => collections.results(ctx) },
  { method: 'GET', path: '/api/collections/unmatched', operation: 'payments:read', handler: (ctx) => collections.unmatched(ctx) },
  { method: 'GET', path: '/api/collections/statements', operation: 'payments:read', handler: (ctx) => collections.statements(ctx) },
  {
    method: 'GET',
    path: '/api/collections/statement-columns',
    operation: 'payments:read',
    handler: async (ctx) => ({ columns: await collections.columns(ctx) }),
  },
  { method: 'GET', path: '/api/collections/work-items', operation: 'payments:read', handler: (ctx) => collections.workItems(ctx) },
];

export { BATCH_FILE_FORMATS };

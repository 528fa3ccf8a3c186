import type { Route } from '../rest/router.ts';
import { receiveUpload, requestUploadURL, serveDocument } from './uploads.ts';

/** Spec part 2 §7 (upload URL) and the View / Download calls behind the Documents page. */
export const uploadRoutes: Route[] = [
  { method: 'POST', path: '/api/objects/upload', operation: 'documents:upload', handler: (ctx) => requestUploadURL(ctx) },
  {
    method: 'PUT',
    path: '/api/objects/uploads/:id',
    operation: 'objects.receive',
    rawBody: true,
    handler: (ctx, { params, query }) => receiveUpload(ctx, params.id!, query.get('token')),
  },
  {
    method: 'GET',
    path: '/api/documents/:id/view',
    operation: 'documents:read',
    handler: (ctx, { params }) => serveDocument(ctx, params.id!, 'inline'),
  },
  {
    method: 'GET',
    path: '/api/documents/:id/download',
    operation: 'documents:read',
    handler: (ctx, { params }) => serveDocument(ctx, params.id!, 'attachment'),
  },
];

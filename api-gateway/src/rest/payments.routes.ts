import { receiptPdf } from '../papers/receipt.ts';
import type { PaymentStatus } from '@fpa/write-model/validation';
import * as payments from '../queries/payments.ts';
import type { RequestContext } from '../context.ts';
import type { Route, RouteInput } from './router.ts';

/** A REST page is the largest the queries give; a longer list goes on with ?after=<x-next-cursor>. */
const REST_PAGE = 500;

/**
 * GET /api/payments answers an array, as the spec's client expects. Payments grow every month, so
 * the array is one page (newest first): x-total-count and x-next-cursor say whether there is more.
 */
async function paymentList(ctx: RequestContext, { query }: RouteInput): Promise<Response> {
  const first = query.get('first');
  const page = await payments.payments(ctx, {
    search: query.get('search'),
    status: query.get('status') as PaymentStatus | null,
    policyId: query.get('policyId'),
    groupSchemeId: query.get('groupSchemeId'),
    first: first === null ? REST_PAGE : Number(first),
    after: query.get('after'),
  });
  const headers: Record<string, string> = { 'x-total-count': String(page.totalCount) };
  if (page.pageInfo.hasNextPage && page.pageInfo.endCursor) headers['x-next-cursor'] = page.pageInfo.endCursor;
  // Reports read the method as `method` (spec part 2 §3).
  return Response.json(
    page.nodes.map((p) => ({ ...p, method: p.paymentMethod })),
    { headers },
  );
}

/** Spec part 2 §7 Payments: the list (its commands are endpoints: commands/payments.ts). */
export const paymentRoutes: Route[] = [
  { method: 'GET', path: '/api/payments', operation: 'payments:read', handler: paymentList },
  // Issue #23: a completed payment's receipt, as a PDF.
  {
    method: 'GET',
    path: '/api/payments/:id/receipt.pdf',
    operation: 'payments:read',
    handler: (ctx, { params }) => receiptPdf(ctx, params.id!),
  },
];

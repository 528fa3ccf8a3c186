import { builder } from '../builder.ts';
import * as billing from '../queries/billing.ts';
import { ArrearsFilterEnum, ArrearsListType, BookSummaryType, PolicyStatementType } from './billing.ts';

const MAX_ITEMS = 5000;

builder.queryFields((t) => ({
  policyStatement: t.field({
    type: PolicyStatementType,
    description: "A policy's statement as of today; NOT_FOUND for another company's or an unknown policy.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => billing.statement(ctx, String(id)),
  }),
  bookSummary: t.field({
    type: BookSummaryType,
    description: 'The book this month for the dashboard (as GET /api/billing/summary): collections, grace, lapses, lapse-ratio trend.',
    resolve: (_r, _a, ctx) => billing.bookSummary(ctx),
  }),
  arrears: t.field({
    type: ArrearsListType,
    description: 'The arrears worklist today; search matches policy number or member name (prefix).',
    args: {
      state: t.arg({ type: ArrearsFilterEnum, defaultValue: 'all' }),
      search: t.arg.string(),
      first: t.arg.int({ defaultValue: 500, description: `At most ${MAX_ITEMS}; the CSV export has every row.` }),
    },
    resolve: async (_r, { state, search, first }, ctx) => {
      const list = await billing.arrears(ctx, { state, search });
      const limit = Math.min(Math.max(first ?? 500, 0), MAX_ITEMS);
      return { ...list, items: list.items.slice(0, limit), itemCount: list.items.length };
    },
  }),
}));

import { billingSummary, claimCounts, collectionWorkItems, overdueClaimCount, unmatchedStatementLineCount } from '@fpa/projections';
import { southAfricanDate } from '@fpa/write-model/validation';
import { may, requireCompanyUser } from '../auth/policy.ts';
import type { RequestContext } from '../context.ts';
import { tenantRead } from './tenant.ts';

/*
 * The dashboard bell (issue #25): what is waiting for someone of the caller's role, each read with the
 * permission of the list it opens, with its count. Only what has something in it is listed.
 */

export const WORK_ITEM_KINDS = [
  'claims_past_deadline',
  'claims_to_decide',
  'policies_in_grace',
  'bank_lines_to_match',
  'deceased_debits',
] as const;
export type WorkItemKind = (typeof WORK_ITEM_KINDS)[number];

export type WorkItem = { kind: WorkItemKind; count: number; label: string; href: string };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export async function workItems(ctx: RequestContext): Promise<WorkItem[]> {
  requireCompanyUser(ctx.user, 'dashboard:read');
  const items: WorkItem[] = [];
  if (may(ctx.user, 'claims:read')) {
    const read = tenantRead(ctx, 'claims:read');
    const [counts, overdue] = await Promise.all([claimCounts(...read), overdueClaimCount(...read, ctx.services.now())]);
    const open = counts.submitted + counts.underReview + counts.sentToUnderwriter;
    // A breach of the 2-business-day decision deadline (PPR rule 2A.8): first, it is the urgent one.
    items.push({
      kind: 'claims_past_deadline',
      count: overdue,
      label: `${plural(overdue, 'claim', 'claims')} past the decision deadline`,
      href: '/claims',
    });
    items.push({
      kind: 'claims_to_decide',
      count: open,
      label: `${plural(open, 'claim', 'claims')} waiting for a decision`,
      href: '/claims',
    });
  }
  if (may(ctx.user, 'payments:read')) {
    const read = tenantRead(ctx, 'payments:read');
    const [book, unmatched, deceased] = await Promise.all([
      billingSummary(...read, southAfricanDate(ctx.services.now())),
      unmatchedStatementLineCount(...read),
      collectionWorkItems(...read),
    ]);
    items.push(
      {
        kind: 'policies_in_grace',
        count: book.policiesInGrace,
        label: `${plural(book.policiesInGrace, 'policy', 'policies')} in grace with a premium missed`,
        href: '/arrears',
      },
      {
        kind: 'bank_lines_to_match',
        count: unmatched,
        label: `${plural(unmatched, 'bank statement line', 'bank statement lines')} to match`,
        href: '/collections',
      },
      {
        kind: 'deceased_debits',
        count: deceased.length,
        label: `${plural(deceased.length, 'debit order', 'debit orders')} returned "account holder deceased"`,
        href: '/collections',
      },
    );
  }
  return items.filter((item) => item.count > 0);
}

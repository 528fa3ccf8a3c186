import type { SqlExecutor } from '@fpa/write-model/event-store';
import type { PaymentStatus } from '@fpa/write-model/validation';
import { prefixArms } from '../engine/prefix-range.ts';
import { normalizeSearch, pageSize, pagedList, parameters, type Connection, type PageArgs } from '../portfolio/portfolio.paging.ts';
import { isUuid } from '../portfolio/uuid.ts';

export type PaymentRow = {
  id: string;
  policyId: string;
  policyNumber: string;
  memberId: string;
  /** As recorded; '[erased]' once the member's key is destroyed. */
  memberName: string;
  /** Decimal string with two places ('150.00'). */
  amount: string;
  paymentDate: string;
  /** One of the individual or the group payment methods. */
  paymentMethod: string;
  reference: string | null;
  notes: string | null;
  status: PaymentStatus;
  groupSchemeId: string | null;
  /** The scheme's current name (a renamed scheme shows its new name); null for individual payments. */
  schemeName: string | null;
  groupPaymentId: string | null;
  recordedBy: string | null;
  /** The last status change: when, and the user's "First Last"; null until the first change. */
  statusChangedAt: Date | null;
  statusChangedByName: string | null;
  createdAt: Date;
};

export type PaymentListArgs = PageArgs & {
  search?: string | null;
  status?: PaymentStatus | null;
  policyId?: string | null;
  groupSchemeId?: string | null;
};

const userName = (alias: string) => `nullif(trim(coalesce(${alias}.first_name, '') || ' ' || coalesce(${alias}.last_name, '')), '')`;

const COLUMNS = `p.id, p.policy_id as "policyId", p.policy_number as "policyNumber", p.member_id as "memberId",
  p.member_name as "memberName", p.amount::text as amount, to_char(p.payment_date, 'YYYY-MM-DD') as "paymentDate",
  p.payment_method as "paymentMethod", p.reference, p.notes, p.status, p.group_scheme_id as "groupSchemeId",
  g.name as "schemeName", p.group_payment_id as "groupPaymentId", ${userName('r')} as "recordedBy",
  p.status_changed_at as "statusChangedAt", ${userName('c')} as "statusChangedByName", p.created_at as "createdAt"`;

// group_schemes and user_accounts are other projectors' views: joined by primary key for the rows of a page.
// Each to at most one row: a page is cut from payments first and joined after (pagedList's joinsAfterLimit).
const JOINS = `
  left join group_schemes g on g.id = p.group_scheme_id
  left join user_accounts r on r.id = p.recorded_by
  left join user_accounts c on c.id = p.status_changed_by`;
const FROM = `from payments p ${JOINS}`;

/**
 * Policy number, member name, the name's last word, or reference, each a case-insensitive prefix: a stored
 * lower-cased column's range of its own index (prefixArms; payments.schema.ts), a form the tenant wall lets
 * PostgreSQL take an index for in a plan made once (ADR 0003).
 */
function searchCondition(prefix: string): string {
  const arms = ['p.search_policy_number', 'p.search_member_name', 'p.search_member_last_name', 'p.search_reference'];
  return `(${prefixArms(arms, prefix).join(' or ')})`;
}

/**
 * Newest first; optionally one status, one policy or one scheme. Search: policy number, member name
 * or reference, each a case-insensitive prefix. An id that is not a UUID matches nothing.
 */
export async function listPayments(sql: SqlExecutor, companyId: string, args: PaymentListArgs = {}): Promise<Connection<PaymentRow>> {
  const first = pageSize(args.first);
  const search = normalizeSearch(args.search);
  const empty = { nodes: [], totalCount: 0, pageInfo: { hasNextPage: false, endCursor: null } };
  if ((args.policyId && !isUuid(args.policyId)) || (args.groupSchemeId && !isUuid(args.groupSchemeId))) return empty;
  const p = parameters();
  const where = [`p.company_id = ${p.add(companyId)}`];
  if (args.status) where.push(`p.status = ${p.add(args.status)}`);
  if (args.policyId) where.push(`p.policy_id = ${p.add(args.policyId)}::uuid`);
  if (args.groupSchemeId) where.push(`p.group_scheme_id = ${p.add(args.groupSchemeId)}::uuid`);
  // A range takes the text as it is: no LIKE pattern, nothing to escape.
  if (search) where.push(searchCondition(p.add(search)));
  const status = args.status;
  return pagedList<PaymentRow>(sql, {
    alias: 'p',
    columns: COLUMNS,
    from: FROM,
    joinsAfterLimit: JOINS,
    countFrom: 'payments p',
    where,
    params: p,
    first,
    after: args.after,
    // Narrowed to one policy, one scheme or a prefix: counted over the matching index range only.
    prefixSearch: search ? 'ranges' : false,
    countFiltered: !!(search || args.policyId || args.groupSchemeId),
    counted: async (tx) => {
      const counts = await paymentCounts(tx, companyId);
      return status ? counts[status] : counts.total;
    },
  });
}

export type PaymentCounts = Record<PaymentStatus | 'total', number> & { completedAmount: string };

export async function paymentCounts(sql: SqlExecutor, companyId: string): Promise<PaymentCounts> {
  const [row] = await sql.query<PaymentCounts>(
    `select total, pending, completed, failed, refunded, completed_amount::text as "completedAmount"
       from payment_stats where company_id = $1`,
    [companyId],
  );
  return row ?? { total: 0, pending: 0, completed: 0, failed: 0, refunded: 0, completedAmount: '0.00' };
}

export async function findPayment(sql: SqlExecutor, companyId: string, id: string): Promise<PaymentRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await sql.query<PaymentRow>(`select ${COLUMNS} ${FROM} where p.id = $1 and p.company_id = $2`, [id, companyId]);
  return row ?? null;
}

/** The payments one group payment recorded, in the order of the scheme's main members. */
export async function paymentsOfGroupPayment(sql: SqlExecutor, companyId: string, groupPaymentId: string): Promise<PaymentRow[]> {
  if (!isUuid(groupPaymentId)) return [];
  return sql.query<PaymentRow>(`select ${COLUMNS} ${FROM} where p.group_payment_id = $1 and p.company_id = $2 order by p.position`, [
    groupPaymentId,
    companyId,
  ]);
}

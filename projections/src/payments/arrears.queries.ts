import type { SqlExecutor } from '@fpa/write-model/event-store';
import { ValidationError } from '@fpa/write-model';
import { isIsoDate, type PolicyStatus } from '@fpa/write-model/validation';
import { pageSize, parameters, type Connection, type PageArgs } from '../portfolio/portfolio.paging.ts';

/** A regular policy and the whole months since its last completed payment (since its start while never paid). */
export type PolicyArrearsRow = {
  policyId: string;
  policyNumber: string;
  /** From the policies list (kept after the member's deletion); null when that row is not there. */
  memberName: string | null;
  policyStatus: PolicyStatus;
  startDate: string;
  lastPaymentDate: string | null;
  monthsInArrears: number;
};

export type ArrearsArgs = PageArgs & { minMonths?: number | null; status?: PolicyStatus | null; today: string };

type Key = { dueSince: string; position: number };
const INVALID_CURSOR = 'Invalid cursor';

function encode(key: Key): string {
  return Buffer.from(JSON.stringify([key.dueSince, key.position]), 'utf8').toString('base64url');
}

function decode(cursor: string): Key {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && typeof parsed[0] === 'string' && isIsoDate(parsed[0]) && Number.isSafeInteger(parsed[1])) {
      return { dueSince: parsed[0], position: parsed[1] as number };
    }
  } catch {
    // fall through to the refusal: a cursor the client made up or mangled
  }
  throw new ValidationError(INVALID_CURSOR, [{ path: ['after'], message: INVALID_CURSOR }]);
}

/**
 * Most in arrears first (the oldest last payment or start), one index range of policy_arrears; the
 * month count is worked out against `today` (South African date) when read, so it never goes stale.
 */
export async function policyArrears(sql: SqlExecutor, companyId: string, args: ArrearsArgs): Promise<Connection<PolicyArrearsRow>> {
  const first = pageSize(args.first);
  const minMonths = args.minMonths ?? 0;
  if (!Number.isInteger(minMonths) || minMonths < 0) {
    throw new ValidationError('minMonths must be a whole number, 0 or more', [
      { path: ['minMonths'], message: 'minMonths must be a whole number, 0 or more' },
    ]);
  }
  const p = parameters();
  const company = p.add(companyId);
  const where = [`a.company_id = ${company}`];
  if (args.status) where.push(`a.status = ${p.add(args.status)}`);
  if (minMonths > 0) where.push(`a.due_since <= (${p.add(args.today)}::date - make_interval(months => ${p.add(minMonths)}::int))::date`);
  const filter = where.join(' and ');
  const filterValues = [...p.values];
  const today = p.add(args.today);
  if (args.after) {
    const key = decode(args.after);
    where.push(`(a.due_since, a.position) > (${p.add(key.dueSince)}::date, ${p.add(key.position)}::bigint)`);
  }
  const rows = await sql.query<PolicyArrearsRow & { _dueSince: string; _position: number }>(
    `select a.policy_id as "policyId", a.policy_number as "policyNumber",
            nullif(trim(coalesce(pol.member_first_name, '') || ' ' || coalesce(pol.member_last_name, '')), '') as "memberName",
            a.status as "policyStatus", to_char(a.start_date, 'YYYY-MM-DD') as "startDate",
            to_char(a.last_payment_date, 'YYYY-MM-DD') as "lastPaymentDate",
            greatest(0, date_part('year', age(${today}::date, a.due_since)) * 12
                        + date_part('month', age(${today}::date, a.due_since)))::int as "monthsInArrears",
            to_char(a.due_since, 'YYYY-MM-DD') as "_dueSince", a.position as "_position"
       from policy_arrears a left join policies pol on pol.company_id = ${company} and pol.id = a.policy_id
      where ${where.join(' and ')}
      order by a.due_since, a.position
      limit ${p.add(first + 1)}`,
    p.values,
  );
  const [count] = await sql.query<{ count: number }>(`select count(*)::int as count from policy_arrears a where ${filter}`, filterValues);
  const kept = rows.slice(0, first);
  const last = kept.at(-1);
  return {
    nodes: kept.map(({ _dueSince: _d, _position: _p, ...row }) => row),
    totalCount: count?.count ?? 0,
    pageInfo: { hasNextPage: rows.length > first, endCursor: last ? encode({ dueSince: last._dueSince, position: last._position }) : null },
  };
}

import type { SqlExecutor } from '@fpa/write-model/event-store';
import type { StatementColumns } from '@fpa/write-model';
import type { AccountType, BankId, CollectingAccountInput, MandateStatus } from '@fpa/write-model/validation';
import { personal } from '../engine/personal.ts';
import { isUuid } from '../portfolio/uuid.ts';

export type CollectionSettingsView = { includeArrears: boolean; account: CollectingAccountInput | null };

/** The company's collection settings; a company that never set them collects only the month's premium and has no account yet. */
export async function collectionSettings(sql: SqlExecutor, companyId: string): Promise<CollectionSettingsView> {
  const [row] = await sql.query<CollectionSettingsView>(
    `select include_arrears as "includeArrears", account from collection_settings where company_id = $1`,
    [companyId],
  );
  return row ?? { includeArrears: false, account: null };
}

export type MandateView = {
  policyId: string;
  memberId: string;
  accountHolder: string;
  bank: BankId;
  branchCode: string;
  accountNumber: string;
  accountType: AccountType;
  debitDay: number;
  mandateReference: string;
  debiCheck: boolean;
  status: MandateStatus;
  suspended: { unpaidCode: string; reason: string; on: string } | null;
};

const MANDATE_COLUMNS = `m.policy_id as "policyId", m.member_id as "memberId", m.account_holder as "accountHolder", m.bank,
  m.branch_code as "branchCode", m.account_number as "accountNumber", m.account_type as "accountType", m.debit_day as "debitDay",
  m.mandate_reference as "mandateReference", m.debicheck as "debiCheck", m.status,
  case when m.suspended_code is null then null
       else json_build_object('unpaidCode', m.suspended_code, 'reason', m.suspended_reason, 'on', to_char(m.suspended_on, 'YYYY-MM-DD')) end as suspended`;

export async function mandateOfPolicy(sql: SqlExecutor, companyId: string, policyId: string): Promise<MandateView | null> {
  // Not an id: nothing to find (and no uuid cast to refuse it with a 500).
  if (!isUuid(policyId)) return null;
  const [row] = await sql.query<MandateView>(
    `select ${MANDATE_COLUMNS} from collection_mandates m where m.company_id = $1 and m.policy_id = $2`,
    [companyId, policyId],
  );
  return row ?? null;
}

export type CollectableMandate = MandateView & { memberName: string };

/** Every mandate of the company with its main member's name (the payment a debit becomes carries it); mandatesDebitingOn picks a day's. */
export async function companyMandates(sql: SqlExecutor, companyId: string): Promise<CollectableMandate[]> {
  return sql.query<CollectableMandate>(
    `select ${MANDATE_COLUMNS}, coalesce(nullif(trim(c.first_name || ' ' || c.last_name), ''), m.account_holder) as "memberName"
       from collection_mandates m left join collection_members c on c.member_id = m.member_id and c.company_id = m.company_id
      where m.company_id = $1 order by m.mandate_reference`,
    [companyId],
  );
}

export type BatchSummary = {
  batchId: string;
  debitDate: string;
  createdOn: string;
  generationNumber: number;
  count: number;
  total: string;
  collected: number;
  collectedTotal: string;
  unpaid: number;
  unpaidTotal: string;
  disputes: number;
  pending: number;
};

// Per batch through a lateral aggregate: the tables are read through views, where grouping by the key alone is not allowed.
const BATCH_SUMMARY = `b.batch_id as "batchId", to_char(b.debit_date, 'YYYY-MM-DD') as "debitDate", to_char(b.created_on, 'YYYY-MM-DD') as "createdOn",
  b.generation_number as "generationNumber", b.count, b.total::text as total, s.collected, s."collectedTotal", s.unpaid, s."unpaidTotal",
  s.disputes, s.pending`;

const BATCH_FROM = `collection_batches b cross join lateral (
  select count(*) filter (where i.outcome = 'collected')::int as collected,
         coalesce(sum(i.outcome_amount) filter (where i.outcome = 'collected'), 0)::numeric(14,2)::text as "collectedTotal",
         count(*) filter (where i.outcome = 'unpaid')::int as unpaid,
         coalesce(sum(i.amount) filter (where i.outcome = 'unpaid'), 0)::numeric(14,2)::text as "unpaidTotal",
         count(*) filter (where i.unpaid_effect = 'dispute')::int as disputes,
         count(*) filter (where i.outcome = 'pending')::int as pending
    from collection_items i where i.batch_id = b.batch_id) s`;

/** The company's batches, newest debit date first, with what the bank answered so far. */
export async function collectionBatches(sql: SqlExecutor, companyId: string): Promise<BatchSummary[]> {
  return sql.query<BatchSummary>(
    `select ${BATCH_SUMMARY} from ${BATCH_FROM} where b.company_id = $1 order by b.debit_date desc, b.position desc`,
    [companyId],
  );
}

export async function collectionBatch(sql: SqlExecutor, companyId: string, batchId: string): Promise<BatchSummary | null> {
  if (!isUuid(batchId)) return null;
  const [row] = await sql.query<BatchSummary>(`select ${BATCH_SUMMARY} from ${BATCH_FROM} where b.company_id = $1 and b.batch_id = $2`, [
    companyId,
    batchId,
  ]);
  return row ?? null;
}

export type BatchItemView = {
  policyId: string;
  policyNumber: string;
  mandateReference: string;
  periods: string[];
  amount: string;
  outcome: 'pending' | 'collected' | 'unpaid';
  outcomeOn: string | null;
  unpaidCode: string | null;
  unpaidMeaning: string | null;
};

export async function collectionBatchItems(sql: SqlExecutor, companyId: string, batchId: string): Promise<BatchItemView[]> {
  if (!isUuid(batchId)) return [];
  return sql.query<BatchItemView>(
    `select policy_id as "policyId", policy_number as "policyNumber", mandate_reference as "mandateReference", periods, amount::text as amount,
            outcome, to_char(outcome_on, 'YYYY-MM-DD') as "outcomeOn", unpaid_code as "unpaidCode", unpaid_meaning as "unpaidMeaning"
       from collection_items where company_id = $1 and batch_id = $2 order by policy_number`,
    [companyId, batchId],
  );
}

export type ResultFileView = {
  fileId: string;
  fileName: string | null;
  importedOn: string;
  lines: number;
  collected: number;
  unpaid: number;
  duplicates: number;
  unmatched: { line: number; reference: string; amount: string; status: string; unpaidCode: string | null; date: string; reason: string }[];
};

export async function resultFiles(sql: SqlExecutor, companyId: string): Promise<ResultFileView[]> {
  return sql.query<ResultFileView>(
    `select file_id as "fileId", file_name as "fileName", to_char(imported_on, 'YYYY-MM-DD') as "importedOn", lines, collected, unpaid,
            duplicates, unmatched
       from collection_result_files where company_id = $1 order by position desc limit 50`,
    [companyId],
  );
}

export type CollectionWorkItem = {
  batchId: string;
  policyId: string;
  policyNumber: string;
  kind: 'deceased';
  unpaidCode: string;
  raisedOn: string;
};

/** Unpaid 18 (account holder deceased): the claims desk should contact the family. */
export async function collectionWorkItems(sql: SqlExecutor, companyId: string): Promise<CollectionWorkItem[]> {
  return sql.query<CollectionWorkItem>(
    `select batch_id as "batchId", policy_id as "policyId", policy_number as "policyNumber", kind, unpaid_code as "unpaidCode",
            to_char(raised_on, 'YYYY-MM-DD') as "raisedOn"
       from collection_work_items where company_id = $1 order by raised_on desc, policy_number`,
    [companyId],
  );
}

export type CollectionMonth = {
  month: string;
  presented: number;
  collected: number;
  unpaid: number;
  disputes: number;
  /** Percentages with one decimal, of the debits the bank answered; null before any answer. */
  collectionRate: number | null;
  unpaidRate: number | null;
  disputeRate: number | null;
};

/** Per month of debit date: debits sent, collected, unpaid and disputed (the industry keeps unpaids < 10 %, disputes < 0.5 %). */
export async function collectionMonths(sql: SqlExecutor, companyId: string, months = 12): Promise<CollectionMonth[]> {
  const rows = await sql.query<{ month: string; presented: number; collected: number; unpaid: number; disputes: number }>(
    `select to_char(b.debit_date, 'YYYY-MM') as month, count(*)::int as presented,
            count(*) filter (where i.outcome = 'collected')::int as collected,
            count(*) filter (where i.outcome = 'unpaid')::int as unpaid,
            count(*) filter (where i.unpaid_effect = 'dispute')::int as disputes
       from collection_items i join collection_batches b on b.batch_id = i.batch_id
      where i.company_id = $1 group by 1 order by 1 desc limit $2`,
    [companyId, months],
  );
  const pct = (n: number, of: number) => (of === 0 ? null : Math.round((n * 1000) / of) / 10);
  return rows.reverse().map((r) => {
    const answered = r.collected + r.unpaid;
    return {
      ...r,
      collectionRate: pct(r.collected, answered),
      unpaidRate: pct(r.unpaid, answered),
      disputeRate: pct(r.disputes, answered),
    };
  });
}

/**
 * The premiums (policy and month keys, as the reservations hold them) in a batch and not answered
 * unpaid: a preview of a batch leaves them out as the batch itself does.
 */
export async function batchedPremiums(sql: SqlExecutor, companyId: string): Promise<Set<string>> {
  const rows = await sql.query<{ key: string }>(
    `select i.policy_id::text || ':' || p.period as key
       from collection_items i cross join lateral jsonb_array_elements_text(i.periods) as p(period)
      where i.company_id = $1 and i.outcome <> 'unpaid'`,
    [companyId],
  );
  return new Set(rows.map((r) => r.key));
}

export type MatchableRow = {
  policyId: string;
  policyNumber: string;
  mandateReference: string | null;
  memberSurname: string | null;
  monthlyPremiumCents: number;
  memberId: string;
  memberName: string;
};

/** Every regular policy of the company as the statement's matching sees it (statement/matching.ts). */
export async function matchablePolicies(sql: SqlExecutor, companyId: string): Promise<MatchableRow[]> {
  const rows = await sql.query<MatchableRow>(
    `select p.policy_id as "policyId", p.policy_number as "policyNumber", m.mandate_reference as "mandateReference",
            c.last_name as "memberSurname", (coalesce((p.premium_changes -> -1 ->> 'monthlyPremium')::numeric, p.monthly_premium) * 100)::bigint::int as "monthlyPremiumCents", p.member_id as "memberId",
            coalesce(trim(c.first_name || ' ' || c.last_name), '') as "memberName"
       from billing_policies p
       left join collection_mandates m on m.policy_id = p.policy_id and m.company_id = p.company_id
       left join collection_members c on c.member_id = p.member_id and c.company_id = p.company_id
      where p.company_id = $1`,
    [companyId],
  );
  return rows.map((r) => ({ ...r, memberSurname: personal(r.memberSurname) }));
}

/** The company's statement column mapping, once chosen (or proposed from a first file and kept). */
export async function statementColumns(sql: SqlExecutor, companyId: string): Promise<StatementColumns | null> {
  const [row] = await sql.query<{ columns: StatementColumns | null }>(
    `select statement_columns as columns from collection_settings where company_id = $1`,
    [companyId],
  );
  return row?.columns ?? null;
}

export type StatementLineView = {
  statementId: string;
  line: number;
  date: string;
  description: string;
  reference: string;
  amount: string;
  state: 'matched' | 'unmatched' | 'assigned' | 'dismissed';
  suggestions: { policyId: string; policyNumber: string; reason: string }[];
  resolution: {
    allocations?: { policyId: string; policyNumber: string; amount: string; paymentId: string }[];
    note?: string | null;
    reason?: string;
  } | null;
};

const LINE_COLUMNS = `statement_id as "statementId", line, to_char(date, 'YYYY-MM-DD') as date, description, reference, amount::text as amount, state,
  coalesce(match->'candidates', '[]'::jsonb) as suggestions, resolution`;

export async function statementLineOf(
  sql: SqlExecutor,
  companyId: string,
  statementId: string,
  line: number,
): Promise<StatementLineView | null> {
  if (!isUuid(statementId)) return null;
  const [row] = await sql.query<StatementLineView>(
    `select ${LINE_COLUMNS} from collection_statement_lines where company_id = $1 and statement_id = $2 and line = $3`,
    [companyId, statementId, line],
  );
  return row ?? null;
}

/** The unmatched queue: credits no policy number or mandate reference placed, oldest first, with suggestions. */
export async function unmatchedStatementLines(sql: SqlExecutor, companyId: string): Promise<StatementLineView[]> {
  return sql.query<StatementLineView>(
    `select ${LINE_COLUMNS} from collection_statement_lines where company_id = $1 and state = 'unmatched'
      order by date, statement_id, line limit 1000`,
    [companyId],
  );
}

/** How many credits wait in the unmatched queue (the dashboard bell's count, without reading the lines). */
export async function unmatchedStatementLineCount(sql: SqlExecutor, companyId: string): Promise<number> {
  const [row] = await sql.query<{ count: number }>(
    `select count(*)::int as count from collection_statement_lines where company_id = $1 and state = 'unmatched'`,
    [companyId],
  );
  return row?.count ?? 0;
}

export type StatementView = {
  statementId: string;
  fileName: string | null;
  format: 'csv' | 'ofx';
  importedOn: string;
  credits: number;
  matched: number;
  unmatched: number;
  duplicates: number;
  debitsIgnored: number;
};

export async function bankStatements(sql: SqlExecutor, companyId: string): Promise<StatementView[]> {
  return sql.query<StatementView>(
    `select s.statement_id as "statementId", s.file_name as "fileName", s.format, to_char(s.imported_on, 'YYYY-MM-DD') as "importedOn",
            s.credits, s.matched, s.duplicates, s.debits_ignored as "debitsIgnored",
            (select count(*)::int from collection_statement_lines l where l.statement_id = s.statement_id and l.state = 'unmatched') as unmatched
       from collection_statements s where s.company_id = $1 order by s.position desc limit 50`,
    [companyId],
  );
}

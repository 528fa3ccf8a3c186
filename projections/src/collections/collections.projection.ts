import type { CollectionEvent, MemberEvent, PolicyEvent } from '@fpa/write-model';
import type { SqlExecutor } from '@fpa/write-model/event-store';
import { applyTypeRuns, inTypeRuns, type EventKeys } from '../engine/type-runs.ts';
import { projectorOf, type Recorded } from '../engine/typed.ts';
import { rowSet } from '../engine/row-set.ts';

const ITEM_ROWS = rowSet(`
  "policyId" uuid, "policyNumber" text, "mandateReference" text, periods jsonb, amount numeric`);

const STATEMENT_LINES = rowSet(`
  line int, date date, description text, reference text, amount numeric, match jsonb`);

const COLLECTED_ROWS = rowSet(`
  batch_id uuid, policy_id uuid, collected_on date, amount numeric`);

const MEMBER_ROWS = rowSet(`
  ord int, member_id uuid, company_id uuid, first_name text, last_name text`);

type Event = CollectionEvent | PolicyEvent | MemberEvent;

export const COLLECTIONS_TABLES = [
  'collection_settings',
  'collection_members',
  'collection_mandates',
  'collection_batches',
  'collection_items',
  'collection_result_files',
  'collection_work_items',
  'collection_statements',
  'collection_statement_lines',
];

/**
 * Collections (issue #21): the mandates (with the main member's name, for a batch's payments), the
 * company's settings, the batches with each debit's outcome, the result files taken in and the work
 * items an unpaid raises (18: account holder deceased, for the claims desk). Bank details are personal
 * data: an erasure rebuilds this read model from the log, where they read '[erased]'.
 */
export const collectionsProjection = projectorOf<Event>()({
  name: 'collections',
  version: 1,
  handles: [
    'MemberRegistered',
    'MemberUpdated',
    'DebitMandateSet',
    'DebitMandateSuspended',
    'CollectionSettingsSet',
    'CollectionBatchCreated',
    'PremiumCollected',
    'PremiumUnpaid',
    'CollectionResultsImported',
    'StatementColumnsSet',
    'BankStatementImported',
    'StatementLineAssigned',
    'StatementLineDismissed',
  ],
  tables: COLLECTIONS_TABLES,
  async init(tx) {
    await tx.exec(`
      create table if not exists collection_settings (
        company_id uuid primary key,
        include_arrears boolean not null,
        account jsonb,
        statement_columns jsonb
      );
      create table if not exists collection_members (
        member_id uuid primary key,
        company_id uuid not null,
        first_name text not null,
        last_name text not null
      );
      create table if not exists collection_mandates (
        policy_id uuid primary key,
        company_id uuid not null,
        member_id uuid not null,
        account_holder text not null,
        bank text not null,
        branch_code text not null,
        account_number text not null,
        account_type text not null,
        debit_day integer not null,
        mandate_reference text not null,
        debicheck boolean not null,
        status text not null,
        suspended_code text,
        suspended_reason text,
        suspended_on date
      );
      create index if not exists collection_mandates_company on collection_mandates (company_id, debit_day);
      create table if not exists collection_batches (
        batch_id uuid primary key,
        company_id uuid not null,
        debit_date date not null,
        created_on date not null,
        generation_number integer not null,
        include_arrears boolean not null,
        count integer not null,
        total numeric(14, 2) not null,
        position bigint not null
      );
      create index if not exists collection_batches_company on collection_batches (company_id, debit_date);
      create table if not exists collection_items (
        batch_id uuid not null,
        policy_id uuid not null,
        company_id uuid not null,
        policy_number text not null,
        mandate_reference text not null,
        periods jsonb not null,
        amount numeric(12, 2) not null,
        outcome text not null default 'pending',
        outcome_on date,
        outcome_amount numeric(12, 2),
        unpaid_code text,
        unpaid_meaning text,
        unpaid_effect text,
        primary key (batch_id, policy_id)
      );
      create index if not exists collection_items_policy on collection_items (policy_id);
      create table if not exists collection_result_files (
        file_id uuid primary key,
        company_id uuid not null,
        file_name text,
        imported_on date not null,
        lines integer not null,
        collected integer not null,
        unpaid integer not null,
        duplicates integer not null,
        unmatched jsonb not null,
        position bigint not null
      );
      create index if not exists collection_result_files_company on collection_result_files (company_id, position);
      create table if not exists collection_work_items (
        batch_id uuid not null,
        policy_id uuid not null,
        company_id uuid not null,
        policy_number text not null,
        kind text not null,
        unpaid_code text not null,
        raised_on date not null,
        primary key (batch_id, policy_id, kind)
      );
      create table if not exists collection_statements (
        statement_id uuid primary key,
        company_id uuid not null,
        file_name text,
        format text not null,
        imported_on date not null,
        credits integer not null,
        matched integer not null,
        duplicates integer not null,
        debits_ignored integer not null,
        position bigint not null
      );
      create index if not exists collection_statements_company on collection_statements (company_id, position);
      -- One row per credit taken in; state: matched (a payment by the import), unmatched (the clerk's queue),
      -- assigned (the clerk put it on policies), dismissed (not a premium).
      create table if not exists collection_statement_lines (
        statement_id uuid not null,
        line integer not null,
        company_id uuid not null,
        date date not null,
        description text not null,
        reference text not null,
        amount numeric(14, 2) not null,
        state text not null,
        match jsonb not null,
        resolution jsonb,
        position bigint not null,
        primary key (statement_id, line)
      );
      create index if not exists collection_statement_lines_queue on collection_statement_lines (company_id, state, date);
    `);
  },
  async apply(tx, event) {
    switch (event.type) {
      case 'MemberRegistered':
      case 'MemberUpdated': {
        const d = event.data;
        if (event.type === 'MemberRegistered' && !event.data.isMainMember) return;
        await tx.query(
          event.type === 'MemberRegistered'
            ? `insert into collection_members (member_id, company_id, first_name, last_name) values ($1, $2, $3, $4)
               on conflict (member_id) do update set first_name = excluded.first_name, last_name = excluded.last_name`
            : `update collection_members set first_name = $3, last_name = $4 where member_id = $1 and company_id = $2`,
          [d.memberId, d.companyId, d.firstName, d.lastName],
        );
        return;
      }
      case 'DebitMandateSet': {
        const d = event.data;
        await tx.query(
          `insert into collection_mandates (policy_id, company_id, member_id, account_holder, bank, branch_code, account_number, account_type,
                                            debit_day, mandate_reference, debicheck, status)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
           on conflict (policy_id) do update set account_holder = excluded.account_holder, bank = excluded.bank,
             branch_code = excluded.branch_code, account_number = excluded.account_number, account_type = excluded.account_type,
             debit_day = excluded.debit_day, mandate_reference = excluded.mandate_reference, debicheck = excluded.debicheck,
             status = excluded.status, suspended_code = null, suspended_reason = null, suspended_on = null`,
          [
            d.policyId,
            d.companyId,
            d.memberId,
            d.accountHolder,
            d.bank,
            d.branchCode,
            d.accountNumber,
            d.accountType,
            d.debitDay,
            d.mandateReference,
            d.debiCheck,
            d.status,
          ],
        );
        return;
      }
      case 'DebitMandateSuspended':
        await tx.query(
          `update collection_mandates set suspended_code = $2, suspended_reason = $3, suspended_on = $4::date where policy_id = $1`,
          [event.data.policyId, event.data.unpaidCode, event.data.reason, event.data.suspendedOn],
        );
        return;
      case 'CollectionSettingsSet':
        await tx.query(
          `insert into collection_settings (company_id, include_arrears, account) values ($1, $2, $3::text::jsonb)
           on conflict (company_id) do update set include_arrears = excluded.include_arrears, account = excluded.account`,
          [event.data.companyId, event.data.includeArrears, event.data.account ? JSON.stringify(event.data.account) : null],
        );
        return;
      case 'CollectionBatchCreated': {
        const d = event.data;
        await tx.query(
          `insert into collection_batches (batch_id, company_id, debit_date, created_on, generation_number, include_arrears, count, total, position)
           values ($1, $2, $3::date, $4::date, $5, $6, $7, $8, $9) on conflict (batch_id) do nothing`,
          [d.batchId, d.companyId, d.debitDate, d.createdOn, d.generationNumber, d.includeArrears, d.count, d.total, event.globalPosition],
        );
        // One statement for the whole batch: a batch may hold tens of thousands of debits.
        await tx.query(
          `insert into collection_items (batch_id, policy_id, company_id, policy_number, mandate_reference, periods, amount)
           select $1::uuid, i."policyId", $2::uuid, i."policyNumber", i."mandateReference", i.periods, i.amount
             from ${ITEM_ROWS.from('$3', 'i')}
           on conflict do nothing`,
          [d.batchId, d.companyId, ITEM_ROWS.json(d.items)],
        );
        return;
      }
      case 'PremiumCollected':
        await tx.query(
          `update collection_items set outcome = 'collected', outcome_on = $3::date, outcome_amount = $4,
                  unpaid_code = null, unpaid_meaning = null, unpaid_effect = null
            where batch_id = $1 and policy_id = $2`,
          [event.data.batchId, event.data.policyId, event.data.collectedOn, event.data.amount],
        );
        return;
      case 'PremiumUnpaid': {
        const d = event.data;
        await tx.query(
          `update collection_items set outcome = 'unpaid', outcome_on = $3::date, outcome_amount = $4,
                  unpaid_code = $5, unpaid_meaning = $6, unpaid_effect = $7
            where batch_id = $1 and policy_id = $2`,
          [d.batchId, d.policyId, d.unpaidOn, d.amount, d.unpaidCode, d.meaning, d.effect],
        );
        if (d.effect === 'deceased') {
          await tx.query(
            `insert into collection_work_items (batch_id, policy_id, company_id, policy_number, kind, unpaid_code, raised_on)
             values ($1, $2, $3, $4, 'deceased', $5, $6::date) on conflict do nothing`,
            [d.batchId, d.policyId, d.companyId, d.policyNumber, d.unpaidCode, d.unpaidOn],
          );
        }
        return;
      }
      case 'StatementColumnsSet':
        await tx.query(
          `insert into collection_settings (company_id, include_arrears, statement_columns) values ($1, false, $2::text::jsonb)
           on conflict (company_id) do update set statement_columns = excluded.statement_columns`,
          [event.data.companyId, JSON.stringify(event.data.columns)],
        );
        return;
      case 'BankStatementImported': {
        const d = event.data;
        const matched = d.lines.filter((l) => l.match.kind === 'exact').length;
        await tx.query(
          `insert into collection_statements (statement_id, company_id, file_name, format, imported_on, credits, matched, duplicates, debits_ignored, position)
           values ($1, $2, $3, $4, $5::date, $6, $7, $8, $9, $10) on conflict (statement_id) do nothing`,
          [
            d.statementId,
            d.companyId,
            d.fileName,
            d.format,
            d.importedOn,
            d.lines.length,
            matched,
            d.duplicates,
            d.debitsIgnored,
            event.globalPosition,
          ],
        );
        await tx.query(
          `insert into collection_statement_lines (statement_id, line, company_id, date, description, reference, amount, state, match, position)
           select $1::uuid, l.line, $2::uuid, l.date, l.description, l.reference, l.amount,
                  case when l.match->>'kind' = 'exact' then 'matched' else 'unmatched' end, l.match, $4::bigint
             from ${STATEMENT_LINES.from('$3', 'l')}
           on conflict do nothing`,
          [d.statementId, d.companyId, STATEMENT_LINES.json(d.lines), event.globalPosition],
        );
        return;
      }
      case 'StatementLineAssigned':
      case 'StatementLineDismissed': {
        const d = event.data;
        const assigned = event.type === 'StatementLineAssigned';
        await tx.query(
          `update collection_statement_lines set state = $3, resolution = $4::text::jsonb where statement_id = $1 and line = $2`,
          [
            d.statementId,
            d.line,
            assigned ? 'assigned' : 'dismissed',
            JSON.stringify(assigned ? { allocations: event.data.allocations, note: event.data.note } : { reason: event.data.reason }),
          ],
        );
        return;
      }
      case 'CollectionResultsImported': {
        const d = event.data;
        await tx.query(
          `insert into collection_result_files (file_id, company_id, file_name, imported_on, lines, collected, unpaid, duplicates, unmatched, position)
           values ($1, $2, $3, $4::date, $5, $6, $7, $8, $9::text::jsonb, $10) on conflict (file_id) do nothing`,
          [
            d.fileId,
            d.companyId,
            d.fileName,
            d.importedOn,
            d.lines,
            d.collected,
            d.unpaid,
            d.duplicates,
            JSON.stringify(d.unmatched),
            event.globalPosition,
          ],
        );
        return;
      }
    }
  },
  // A result file's debits collected: one statement per run instead of one per debit (issue #21's 50,000-line file);
  // a rebuild's registrations, gathered from between the policies and payments this projector skips, one per run (issue #26).
  applyBatch: (tx, events): Promise<void> =>
    applyTypeRuns(
      tx,
      inTypeRuns(events, collectionKeys),
      { PremiumCollected: premiumsCollected, MemberRegistered: membersRegistered },
      (t, event): Promise<void> => collectionsProjection.apply(t, event),
    ),
});

/**
 * What an event touches, for gathering a result file's PremiumCollected into one run: a debit's outcome
 * its batch item (a collected and an unpaid of the same item keep their order), the file's record its
 * file; everything else stays where it is.
 */
function collectionKeys(event: Recorded<Event>): EventKeys {
  switch (event.type) {
    case 'PremiumCollected':
    case 'PremiumUnpaid':
      return [`item:${event.data.batchId}:${event.data.policyId}`];
    case 'CollectionResultsImported':
      return [`file:${event.data.fileId}`];
    case 'MemberRegistered':
    case 'MemberUpdated':
      return [`member:${event.data.memberId}`];
    default:
      return 'barrier';
  }
}

/**
 * A run of registrations in one upsert (family members are not kept). As one by one: a member registered twice
 * in the run keeps the company of the first and the names of the last.
 */
async function membersRegistered(tx: SqlExecutor, run: readonly Recorded<Extract<Event, { type: 'MemberRegistered' }>>[]): Promise<void> {
  const rows = run
    .map(({ data: d }, ord) => ({
      ord,
      main: d.isMainMember,
      member_id: d.memberId,
      company_id: d.companyId,
      first_name: d.firstName,
      last_name: d.lastName,
    }))
    .filter((row) => row.main);
  if (rows.length === 0) return;
  await tx.query(
    `insert into collection_members (member_id, company_id, first_name, last_name)
     select distinct on (member_id) member_id, first_value(company_id) over (partition by member_id order by ord), first_name, last_name
       from ${MEMBER_ROWS.from('$1', 'r')}
      order by member_id, ord desc
     on conflict (member_id) do update set first_name = excluded.first_name, last_name = excluded.last_name`,
    [MEMBER_ROWS.json(rows)],
  );
}

/** A run of collected debits in one UPDATE; the last outcome of an item in the run is the one applied, as one by one. */
async function premiumsCollected(tx: SqlExecutor, run: readonly Recorded<Extract<Event, { type: 'PremiumCollected' }>>[]): Promise<void> {
  const last = new Map(run.map((event) => [`${event.data.batchId}:${event.data.policyId}`, event.data]));
  const rows = [...last.values()].map((d) => ({
    batch_id: d.batchId,
    policy_id: d.policyId,
    collected_on: d.collectedOn,
    amount: d.amount,
  }));
  await tx.query(
    `update collection_items c set outcome = 'collected', outcome_on = r.collected_on, outcome_amount = r.amount,
            unpaid_code = null, unpaid_meaning = null, unpaid_effect = null
       from ${COLLECTED_ROWS.from('$1', 'r')}
      where c.batch_id = r.batch_id and c.policy_id = r.policy_id`,
    [COLLECTED_ROWS.json(rows)],
  );
}

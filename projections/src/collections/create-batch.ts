import {
  batchStreamId,
  calendarLedger,
  collectionPii,
  commandSlice,
  ConcurrencyError,
  DomainError,
  parseInput,
  requireCompany,
  southAfricanDate,
  toNewEvent,
  tryReserve,
  appendOptions,
  withConflictRetry,
  reservationHolder,
  batchScope,
  premiumScope,
  premiumKey,
  reserveAll,
  type CollectionBatchCreated,
  type CollectionItem,
  type CommandContext,
  type CommandOutcome,
} from '@fpa/write-model';
import type { EventStore, SqlExecutor } from '@fpa/write-model/event-store';
import { centsToDecimal, createBatchSchemaOn, daysInMonth, decimalToCents, isCollectable } from '@fpa/write-model/validation';
import { committedHead } from '../engine/catch-up-to.ts';
import { pollingReadModelWait } from '../engine/wait.ts';
import { billingProjection } from '../billing/billing.projection.ts';
import { billingBook, type BillingPolicy } from '../billing/billing.queries.ts';
import { collectionsProjection } from './collections.projection.ts';
import { collectionSettings, companyMandates, type CollectableMandate } from './collections.queries.ts';

export const noDebitsDue = (debitDate: string) =>
  `No debit is due on ${debitDate}: no policy in force has a collectable mandate for that day with a premium unpaid.`;

export type CreateBatchOutcome = CommandOutcome & { batchId: string; created: boolean };

/**
 * POST /api/collections/batches {debitDate} (issue #21): every active policy with a collectable mandate
 * debiting on that day and a premium of that month unpaid (earlier unpaid months too when the company
 * collects arrears), each premium in at most one batch. One batch per company and debit date: asking
 * again answers the one made. Reads the billing and collections read models (waited for up to the log's
 * head), so the slice lives here beside them; the batch date and the premiums are reserved in the
 * append's transaction, so a second tab doing the same cannot make a second batch or take a premium twice.
 */
export async function createCollectionBatch(
  deps: { store: EventStore; sql: SqlExecutor },
  input: unknown,
  ctx: CommandContext,
): Promise<CreateBatchOutcome> {
  const companyId = requireCompany(ctx);
  const today = southAfricanDate(ctx.now);
  const { debitDate } = parseInput(createBatchSchemaOn(today), input);
  const head = await committedHead(deps.sql);
  if (head) await pollingReadModelWait(deps.sql, [billingProjection, collectionsProjection])(head);
  return withConflictRetry(async () => {
    const existing = await reservationHolder(deps.sql, batchScope(companyId), debitDate);
    if (existing) return { append: null, batchId: existing, created: false };
    const [settings, mandates, book, taken, generation] = await Promise.all([
      collectionSettings(deps.sql, companyId),
      companyMandates(deps.sql, companyId).then((all) => mandatesDebitingOn(all, debitDate)),
      billingBook(deps.sql, companyId),
      reservedPremiums(deps.sql, companyId),
      batchCount(deps.sql, companyId),
    ]);
    const policies = new Map(book.map((p) => [p.policyId, p]));
    const items = batchItems(mandates, policies, taken, debitDate, settings.includeArrears);
    if (items.length === 0)
      throw new DomainError('RULE_VIOLATED', noDebitsDue(debitDate), [{ path: ['debitDate'], message: noDebitsDue(debitDate) }]);
    const batchId = ctx.newId();
    const total = items.reduce((sum, i) => sum + decimalToCents(i.amount), 0n);
    const event: CollectionBatchCreated = {
      type: 'CollectionBatchCreated',
      data: {
        batchId,
        companyId,
        debitDate,
        createdOn: today,
        generationNumber: generation + 1,
        includeArrears: settings.includeArrears,
        items,
        count: items.length,
        total: centsToDecimal(total),
      },
    };
    const keys = items.flatMap((i) => i.periods.map((period) => premiumKey(i.policyId, period)));
    const append = await deps.store.append(
      [{ streamId: batchStreamId(batchId), expectedVersion: 'no_stream', events: [toNewEvent(event, collectionPii)] }],
      appendOptions(ctx, async (tx) => {
        // Another tab made the day's batch, or took one of these premiums, since we read: decide again.
        if (!(await tryReserve(tx, { scope: batchScope(companyId), key: debitDate, ownerId: batchId }))) {
          throw new ConcurrencyError(batchStreamId(batchId), 'no_stream', null);
        }
        if ((await reserveAll(tx, premiumScope(companyId), keys, batchId)) !== keys.length) {
          throw new ConcurrencyError(batchStreamId(batchId), 'no_stream', null);
        }
      }),
    );
    return { append, batchId, created: true };
  });
}

/**
 * What each mandate's policy owes for the debit date's month (and, collecting arrears, the months
 * before it), as the policy's ledger says at the month's end; premiums already in a batch are left out.
 */
export function batchItems(
  mandates: readonly CollectableMandate[],
  policies: ReadonlyMap<string, BillingPolicy>,
  taken: ReadonlySet<string>,
  debitDate: string,
  includeArrears: boolean,
): CollectionItem[] {
  const month = debitDate.slice(0, 7);
  const monthEnd = `${month}-${String(daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)))).padStart(2, '0')}`;
  const items: CollectionItem[] = [];
  for (const m of mandates) {
    const policy = policies.get(m.policyId);
    if (!policy || policy.calendar.status !== 'active') continue;
    const owed = calendarLedger(policy.calendar, monthEnd).periods.filter(
      (p) =>
        (p.state === 'unpaid' || p.state === 'partial') &&
        (p.period === month || (includeArrears && p.period < month)) &&
        !taken.has(premiumKey(m.policyId, p.period)),
    );
    const amount = owed.reduce((sum, p) => sum + decimalToCents(p.amountDue) - decimalToCents(p.amountPaid), 0n);
    if (amount <= 0n) continue;
    items.push({
      policyId: m.policyId,
      policyNumber: policy.policyNumber,
      memberId: m.memberId,
      memberName: m.memberName,
      mandateReference: m.mandateReference,
      accountHolder: m.accountHolder,
      bank: m.bank,
      branchCode: m.branchCode,
      accountNumber: m.accountNumber,
      accountType: m.accountType,
      periods: owed.map((p) => p.period),
      amount: centsToDecimal(amount),
    });
  }
  return items;
}

/**
 * The mandates a debit may be sent on on `date`: collectable (isCollectable: not cancelled, not suspended, a
 * DebiCheck mandate only once authenticated) and debiting that day of the month, or, on a month's last day,
 * any later day (the 31st debits on the 30th in November).
 */
export function mandatesDebitingOn(mandates: readonly CollectableMandate[], date: string): CollectableMandate[] {
  const day = Number(date.slice(8, 10));
  const last = day === daysInMonth(Number(date.slice(0, 4)), Number(date.slice(5, 7)));
  return mandates.filter(
    (m) =>
      isCollectable({ status: m.status, debiCheck: m.debiCheck, suspended: m.suspended !== null }) &&
      (m.debitDay === day || (last && m.debitDay > day)),
  );
}

async function reservedPremiums(sql: SqlExecutor, companyId: string): Promise<Set<string>> {
  const rows = await sql.query<{ key: string }>(`select key from reservations where scope = $1`, [premiumScope(companyId)]);
  return new Set(rows.map((r) => r.key));
}

async function batchCount(sql: SqlExecutor, companyId: string): Promise<number> {
  const [row] = await sql.query<{ n: number }>(`select count(*)::int as n from reservations where scope = $1`, [batchScope(companyId)]);
  return row?.n ?? 0;
}

export const createCollectionBatchSlice = commandSlice<CreateBatchOutcome>({
  name: 'createCollectionBatch',
  operation: 'payments:create',
  input: createBatchSchemaOn,
  handle: ({ store, sql }, { input }, ctx) => createCollectionBatch({ store, sql }, input, ctx),
});

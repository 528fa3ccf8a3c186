import { createHash } from 'node:crypto';
import {
  appendOptions,
  collectionFileSchema,
  collectionSettingsStreamId,
  commandSlice,
  ConcurrencyError,
  guessStatementColumns,
  holders,
  matchIndex,
  matchStatementLine,
  parseInput,
  parseStatementCsv,
  parseStatementOfx,
  paymentPii,
  paymentStreamId,
  requireCompany,
  reserveAll,
  collectionFileId,
  southAfricanDate,
  statementHeaders,
  STATEMENT_DATE_FORMATS,
  statementStreamId,
  toNewEvent,
  ValidationError,
  withConflictRetry,
  type BankStatementImported,
  type CommandContext,
  type CommandOutcome,
  type ImportedStatementLine,
  type PaymentRecorded,
  type StatementColumns,
  type StatementColumnsSet,
  type StatementLine,
} from '@fpa/write-model';
import type { EventStore, SqlExecutor, StreamAppend } from '@fpa/write-model/event-store';
import { centsToDecimal } from '@fpa/write-model/validation';
import { billingProjection } from '../billing/billing.projection.ts';
import { committedHead } from '../engine/catch-up-to.ts';
import { pollingReadModelWait } from '../engine/wait.ts';
import { collectionsProjection } from './collections.projection.ts';
import { matchablePolicies, statementColumns, type MatchableRow } from './collections.queries.ts';

export const statementLineScope = (companyId: string) => `statement-line:${companyId}`;

export const chooseColumns = (headers: readonly string[]) =>
  `Choose which columns of your bank's statement hold the date, description, reference and amount (Collections settings). The file's header row is: ${headers.join(', ')}.`;

export type StatementImportAnswer = {
  statementId: string;
  credits: number;
  matched: number;
  unmatched: number;
  suggested: number;
  duplicates: number;
  debitsIgnored: number;
};

export type ImportStatementOutcome = CommandOutcome & { answer: StatementImportAnswer };

/**
 * POST /api/collections/statements (issue #21): a bank statement (CSV through the company's column
 * mapping, or OFX). Each credit is matched by the policy number, then the mandate reference, in its
 * reference or description (statement/matching.ts): an exact match becomes an EFT payment in the same
 * append; anything else goes to the unmatched queue with suggestions (surname and premium), never
 * applied by itself. A line taken in from an earlier statement (an overlapping export) is a duplicate:
 * each credit's fingerprint is reserved. A first CSV without a mapping uses the one proposed from its
 * header row, and keeps it.
 */
export async function importBankStatement(deps: { store: EventStore; sql: SqlExecutor }, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const { content, fileName } = parseInput(collectionFileSchema, input);
  const head = await committedHead(deps.sql);
  if (head) await pollingReadModelWait(deps.sql, [billingProjection, collectionsProjection])(head);
  const format = /^\s*(OFXHEADER|<\?xml[^>]*>\s*<\?OFX|<OFX>)/i.test(content) ? ('ofx' as const) : ('csv' as const);
  const saved = format === 'csv' ? await statementColumns(deps.sql, companyId) : null;
  const columns = format === 'csv' ? (saved ?? proposedColumns(content)) : null;
  const parsed = columns ? parseStatementCsv(content, columns) : parseStatementOfx(content);
  const sha256 = createHash('sha256').update(content).digest('hex');
  const statementId = collectionFileId(companyId, sha256);

  return withConflictRetry(async (): Promise<ImportStatementOutcome> => {
    const credits = parsed.filter((l) => l.amountCents > 0);
    const done = await deps.store.readStream(statementStreamId(statementId));
    if (done.version > 0) return { append: null, answer: answerOf(statementId, [], credits.length, parsed.length - credits.length) };
    const prints = fingerprints(credits);
    const seen = await holders(deps.sql, statementLineScope(companyId), [...prints.values()]);
    const fresh = credits.filter((l) => !seen.has(prints.get(l)!));
    const policies = await matchablePolicies(deps.sql, companyId);
    const byId = new Map(policies.map((p) => [p.policyId, p]));
    const index = matchIndex(policies);
    const payments: PaymentRecorded[] = [];
    const lines: ImportedStatementLine[] = fresh.map((l) => {
      const found = matchStatementLine(l, index);
      const base = {
        line: l.line,
        date: l.date,
        description: l.description,
        reference: l.reference,
        amount: centsToDecimal(BigInt(l.amountCents)),
      };
      if (found.kind === 'exact') {
        const policy = byId.get(found.policyId)!;
        const paymentId = ctx.newId();
        payments.push(eftPayment(paymentId, companyId, policy, l, base.amount));
        return { ...base, match: { kind: 'exact', policyId: policy.policyId, policyNumber: policy.policyNumber, by: found.by, paymentId } };
      }
      if (found.kind === 'suggestion') {
        const candidates = found.candidates.map((c) => ({ ...c, policyNumber: byId.get(c.policyId)?.policyNumber ?? '' }));
        return { ...base, match: { kind: 'suggestion', candidates } };
      }
      return { ...base, match: { kind: 'none' } };
    });
    const imported: BankStatementImported = {
      type: 'BankStatementImported',
      data: {
        statementId,
        companyId,
        sha256,
        fileName,
        format,
        importedOn: southAfricanDate(ctx.now),
        lines,
        duplicates: credits.length - fresh.length,
        debitsIgnored: parsed.length - credits.length,
      },
    };
    const streams: StreamAppend[] = [
      { streamId: statementStreamId(statementId), expectedVersion: 'no_stream', events: [toNewEvent(imported)] },
    ];
    for (const p of payments) {
      streams.push({ streamId: paymentStreamId(p.data.paymentId), expectedVersion: 'no_stream', events: [toNewEvent(p, paymentPii)] });
    }
    if (columns && !saved) {
      const kept: StatementColumnsSet = { type: 'StatementColumnsSet', data: { companyId, columns } };
      streams.push({ streamId: collectionSettingsStreamId(companyId), expectedVersion: 'any', events: [toNewEvent(kept)] });
    }
    const keys = fresh.map((l) => prints.get(l)!);
    const append = await deps.store.append(
      streams,
      appendOptions(ctx, async (tx) => {
        // Another import took one of these lines since we looked: decide again without it.
        if ((await reserveAll(tx, statementLineScope(companyId), keys, statementId)) !== keys.length) {
          throw new ConcurrencyError(statementStreamId(statementId), 'no_stream', null);
        }
      }),
    );
    return { append, answer: answerOf(statementId, lines, credits.length - fresh.length, parsed.length - credits.length) };
  });
}

/**
 * The mapping proposed from the file's header row, with the date format its rows are written in: the
 * header cannot say whether 02/03/2026 is the 2nd of March, so each format is tried on the whole file,
 * the proposal's first (days first, as most South African banks write them).
 */
function proposedColumns(content: string): StatementColumns {
  const headers = statementHeaders(content);
  const guessed = guessStatementColumns(headers);
  if (!guessed) throw new ValidationError(chooseColumns(headers), [{ path: ['columns'], message: chooseColumns(headers) }]);
  const formats = [guessed.dateFormat, ...STATEMENT_DATE_FORMATS.filter((f) => f !== guessed.dateFormat)];
  let first: unknown = null;
  for (const dateFormat of formats) {
    try {
      parseStatementCsv(content, { ...guessed, dateFormat });
      return { ...guessed, dateFormat };
    } catch (error) {
      first ??= error;
    }
  }
  throw first;
}

/**
 * A credit's fingerprint: its date, amount, reference and description, and how many identical lines
 * came before it in the file (two equal deposits on one day are two payments).
 */
function fingerprints(lines: readonly StatementLine[]): Map<StatementLine, string> {
  const counts = new Map<string, number>();
  const out = new Map<StatementLine, string>();
  for (const l of lines) {
    const base = [l.date, l.amountCents, l.reference.trim().toUpperCase(), l.description.trim().toUpperCase()].join('|');
    const n = (counts.get(base) ?? 0) + 1;
    counts.set(base, n);
    out.set(l, createHash('sha256').update(`${base}|${n}`).digest('hex'));
  }
  return out;
}

function eftPayment(paymentId: string, companyId: string, policy: MatchableRow, line: StatementLine, amount: string): PaymentRecorded {
  return {
    type: 'PaymentRecorded',
    data: {
      paymentId,
      companyId,
      policyId: policy.policyId,
      policyNumber: policy.policyNumber,
      memberId: policy.memberId,
      memberName: policy.memberName,
      amount,
      paymentDate: line.date,
      paymentMethod: 'eft',
      reference: line.reference.slice(0, 200) || null,
      notes: `Bank statement line ${line.line}: ${line.description}`.slice(0, 500),
      status: 'completed',
      groupSchemeId: null,
      groupPaymentId: null,
    },
  };
}

function answerOf(
  statementId: string,
  lines: readonly ImportedStatementLine[],
  duplicates: number,
  debitsIgnored: number,
): StatementImportAnswer {
  const matched = lines.filter((l) => l.match.kind === 'exact').length;
  const suggested = lines.filter((l) => l.match.kind === 'suggestion').length;
  return {
    statementId,
    credits: lines.length + duplicates,
    matched,
    unmatched: lines.length - matched,
    suggested,
    duplicates,
    debitsIgnored,
  };
}

export const importBankStatementSlice = commandSlice<ImportStatementOutcome>({
  name: 'importBankStatement',
  operation: 'payments:create',
  input: () => collectionFileSchema,
  handle: ({ store, sql }, { input }, ctx) => importBankStatement({ store, sql }, input, ctx),
});

import type { CommandContext } from '../../command-handling/context.ts';
import { toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, asDomainEvent, loadState, requireCompany, withConflictRetry } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { DomainError, NotFoundError, ValidationError } from '../../errors.ts';
import type { EventStore, StreamAppend } from '../../event-store/types.ts';
import { memberStreamId } from '../../members/members.events.ts';
import { evolveMember, initialMemberState } from '../../members/members.state.ts';
import { paymentPii, paymentStreamId, type PaymentRecorded } from '../../payments/payments.events.ts';
import { policyStreamId } from '../../policies/policies.events.ts';
import { evolvePolicy, initialPolicyState } from '../../policies/policies.state.ts';
import { assignStatementLineSchema, dismissStatementLineSchema, STATEMENT_MESSAGES } from '../../validation/collections.ts';
import { centsToDecimal, decimalToCents } from '../../validation/decimal.ts';
import { statementStreamId, type ImportedStatementLine, type StatementEvent } from '../collections.events.ts';

export const STATEMENT_NOT_FOUND = 'Bank statement not found';
export const lineNotOnStatement = (line: number) => `Line ${line} is not a credit of this statement.`;
export const lineResolved = (line: number, how: string) => `Line ${line} was ${how} already.`;
const POLICY_NOT_FOUND = 'No policy of this company has that id.';

type LineState = ImportedStatementLine & { state: 'matched' | 'unmatched' | 'assigned' | 'dismissed' };

/** A statement's credits with where each stands, and the stream's version. */
async function loadStatement(store: EventStore, statementId: string, companyId: string) {
  const { version, events } = await store.readStream(statementStreamId(statementId));
  const lines = new Map<number, LineState>();
  let owner: string | null = null;
  for (const event of events.map(asDomainEvent<StatementEvent>)) {
    if (event.type === 'BankStatementImported') {
      owner = event.data.companyId;
      for (const l of event.data.lines) lines.set(l.line, { ...l, state: l.match.kind === 'exact' ? 'matched' : 'unmatched' });
    } else {
      const line = lines.get(event.data.line);
      if (line) line.state = event.type === 'StatementLineAssigned' ? 'assigned' : 'dismissed';
    }
  }
  if (owner !== companyId) throw new NotFoundError(STATEMENT_NOT_FOUND);
  return { version, lines };
}

function unresolved(lines: Map<number, LineState>, line: number): LineState {
  const found = lines.get(line);
  if (!found) throw new NotFoundError(lineNotOnStatement(line));
  if (found.state !== 'unmatched') throw new DomainError('INVALID_TRANSITION', lineResolved(line, found.state));
  return found;
}

/**
 * POST /api/collections/statements/{id}/assign {line, allocations, note?}: the clerk puts an unmatched credit on one
 * or more policies of the company; the amounts add up to the credit exactly. Each part is an EFT payment
 * dated as the credit, appended with the decision.
 */
export async function assignStatementLine(store: EventStore, statementId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const { line, allocations, note } = parseInput(assignStatementLineSchema, input);
  return withConflictRetry(async () => {
    const { version, lines } = await loadStatement(store, statementId, companyId);
    const credit = unresolved(lines, line);
    const total = allocations.reduce((sum, a) => sum + decimalToCents(a.amount), 0n);
    if (total !== decimalToCents(credit.amount)) {
      const message = STATEMENT_MESSAGES.allocationsTotal(credit.amount);
      throw new ValidationError(message, [{ path: ['allocations'], message }]);
    }
    const payments: PaymentRecorded[] = [];
    for (const [i, a] of allocations.entries()) {
      const { state: policy } = await loadState(store, policyStreamId(a.policyId), {
        initialState: initialPolicyState,
        evolve: evolvePolicy,
      });
      if (policy.status === 'none' || policy.companyId !== companyId) {
        throw new ValidationError(POLICY_NOT_FOUND, [{ path: ['allocations', i, 'policyId'], message: POLICY_NOT_FOUND }]);
      }
      const { state: member } = await loadState(store, memberStreamId(policy.memberId), {
        initialState: initialMemberState,
        evolve: evolveMember,
      });
      payments.push({
        type: 'PaymentRecorded',
        data: {
          paymentId: ctx.newId(),
          companyId,
          policyId: policy.policyId,
          policyNumber: policy.policyNumber,
          memberId: policy.memberId,
          memberName: member.status === 'none' ? '' : `${member.firstName} ${member.lastName}`,
          amount: centsToDecimal(decimalToCents(a.amount)),
          paymentDate: credit.date,
          paymentMethod: 'eft',
          reference: credit.reference.slice(0, 200) || null,
          notes: `Bank statement line ${line}, assigned by hand: ${credit.description}`.slice(0, 500),
          status: 'completed',
          groupSchemeId: null,
          groupPaymentId: null,
        },
      });
    }
    const assigned: StatementEvent = {
      type: 'StatementLineAssigned',
      data: {
        statementId,
        companyId,
        line,
        allocations: payments.map((p) => ({
          policyId: p.data.policyId,
          policyNumber: p.data.policyNumber,
          amount: p.data.amount,
          paymentId: p.data.paymentId,
        })),
        note,
      },
    };
    const streams: StreamAppend[] = [
      { streamId: statementStreamId(statementId), expectedVersion: version, events: [toNewEvent(assigned)] },
      ...payments.map((p) => ({
        streamId: paymentStreamId(p.data.paymentId),
        expectedVersion: 'no_stream' as const,
        events: [toNewEvent(p, paymentPii)],
      })),
    ];
    return { append: await store.append(streams, appendOptions(ctx)), statementId, line };
  });
}

/** POST /api/collections/statements/{id}/dismiss {line, reason}: the credit is not a premium, for a stated reason. */
export async function dismissStatementLine(store: EventStore, statementId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const { line, reason } = parseInput(dismissStatementLineSchema, input);
  return withConflictRetry(async () => {
    const { version, lines } = await loadStatement(store, statementId, companyId);
    unresolved(lines, line);
    const dismissed: StatementEvent = { type: 'StatementLineDismissed', data: { statementId, companyId, line, reason } };
    const append = await store.append(
      [{ streamId: statementStreamId(statementId), expectedVersion: version, events: [toNewEvent(dismissed)] }],
      appendOptions(ctx),
    );
    return { append, statementId, line };
  });
}

export const assignStatementLineSlice = commandSlice({
  name: 'assignStatementLine',
  operation: 'payments:create',
  target: 'id',
  input: () => assignStatementLineSchema,
  handle: ({ store }, { target, input }, ctx) => assignStatementLine(store, target, input, ctx),
});

export const dismissStatementLineSlice = commandSlice({
  name: 'dismissStatementLine',
  operation: 'payments:create',
  target: 'id',
  input: () => dismissStatementLineSchema,
  handle: ({ store }, { target, input }, ctx) => dismissStatementLine(store, target, input, ctx),
});

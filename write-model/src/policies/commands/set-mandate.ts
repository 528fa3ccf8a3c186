import type { CommandContext } from '../../command-handling/context.ts';
import { toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, expectedVersion, loadState, requireCompany, withConflictRetry } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { DomainError, NotFoundError } from '../../errors.ts';
import type { SqlExecutor } from '../../event-store/sql.ts';
import type { EventStore } from '../../event-store/types.ts';
import { release, reserve } from '../../identity/credentials.ts';
import { mandateReferenceScope } from '../../collections/reservations.ts';
import { reserveIdentifiers } from '../../members/member-imports.ts';
import { MANDATE_MESSAGES, mandateReferenceKey, mandateSchema, type MandateInput } from '../../validation/mandates.ts';
import { mandatePii, policyStreamId, type DebitMandateSet } from '../policies.events.ts';
import { evolvePolicy, initialPolicyState, type PolicyState } from '../policies.state.ts';
import { POLICY_NOT_FOUND } from './change-policy-status.ts';

/**
 * PUT /api/policies/{id}/mandate (GraphQL setDebitMandate): the policy's debit-order mandate, set or
 * replaced whole (issue #21). Its reference is unique within the company: claimed in the append's
 * transaction, and the old one freed when it changes.
 */
export async function setDebitMandate(store: EventStore, policyId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const mandate = parseInput(mandateSchema, input);
  const streamId = policyStreamId(policyId);
  return withConflictRetry(async () => {
    const { state, version } = await loadState(store, streamId, { initialState: initialPolicyState, evolve: evolvePolicy });
    const event = decideSetMandate(state, companyId, mandate);
    const previous = state.status === 'none' ? null : state.mandate?.reference;
    const append = await store.append(
      [{ streamId, expectedVersion: expectedVersion(version), events: [toNewEvent(event, mandatePii)] }],
      appendOptions(ctx, (tx) => moveReference(tx, companyId, policyId, previous ?? null, mandate.mandateReference)),
    );
    return { append, policyId };
  });
}

/** Any policy of the company may hold a mandate; a debit is only sent for an active one (the batch's rule). */
export function decideSetMandate(state: PolicyState, companyId: string, mandate: MandateInput): DebitMandateSet {
  if (state.status === 'none' || state.companyId !== companyId) throw new NotFoundError(POLICY_NOT_FOUND);
  return { type: 'DebitMandateSet', data: { policyId: state.policyId, companyId, memberId: state.memberId, ...mandate } };
}

async function moveReference(tx: SqlExecutor, companyId: string, policyId: string, from: string | null, to: string) {
  if (from !== null && mandateReferenceKey(from) === mandateReferenceKey(to)) return;
  await reserveMandateReference(tx, companyId, policyId, to);
  if (from !== null) await release(tx, { scope: mandateReferenceScope(companyId), key: mandateReferenceKey(from), ownerId: policyId });
}

/**
 * Claims a new policy's mandate reference in the append's transaction (also for onboarding, issue #21);
 * refused with the schema's words at `path` when another policy of the company holds it.
 */
export async function reserveMandateReference(
  tx: SqlExecutor,
  companyId: string,
  policyId: string,
  reference: string,
  path: (string | number)[] = ['mandateReference'],
) {
  const refusal = new DomainError('ALREADY_EXISTS', MANDATE_MESSAGES.referenceTaken, [{ path, message: MANDATE_MESSAGES.referenceTaken }]);
  await reserve(tx, { scope: mandateReferenceScope(companyId), key: mandateReferenceKey(reference), ownerId: policyId }, refusal);
}

/**
 * Claims the mandate references of many new policies at once (the bulk import): false when any was
 * taken meanwhile, and the caller plans again.
 */
export async function reserveMandateReferences(
  tx: SqlExecutor,
  companyId: string,
  claims: readonly { reference: string; policyId: string }[],
) {
  return reserveIdentifiers(
    tx,
    mandateReferenceScope(companyId),
    claims.map((c) => mandateReferenceKey(c.reference)),
    claims.map((c) => c.policyId),
  );
}

export const setDebitMandateSlice = commandSlice({
  name: 'setDebitMandate',
  operation: 'payments:create',
  target: 'id',
  input: () => mandateSchema,
  handle: ({ store }, { target, input }, ctx) => setDebitMandate(store, target, input, ctx),
});

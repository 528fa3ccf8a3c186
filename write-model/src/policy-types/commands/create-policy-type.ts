import type { EventStore } from '../../event-store/types.ts';
import type { SqlExecutor } from '../../event-store/sql.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleCommand, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { DomainError } from '../../errors.ts';
import { reserve } from '../../identity/credentials.ts';
import { policyTypeSchema } from '../../validation/index.ts';
import { policyTypeDecider } from '../policy-types.decider.ts';
import { policyTypeStreamId } from '../policy-types.events.ts';

export const POLICY_TYPE_NAME_TAKEN = 'A policy type with this name already exists';

/** Policy type names are unique within a company (case-insensitive), also under concurrent saves. */
export function nameReservation(companyId: string, name: string, policyTypeId: string) {
  return { scope: `policy-type-name:${companyId}`, key: name.trim().toLowerCase(), ownerId: policyTypeId };
}

export async function reservePolicyTypeName(tx: SqlExecutor, companyId: string, name: string, policyTypeId: string) {
  await reserve(
    tx,
    nameReservation(companyId, name, policyTypeId),
    new DomainError('ALREADY_EXISTS', POLICY_TYPE_NAME_TAKEN, [{ path: ['name'], message: POLICY_TYPE_NAME_TAKEN }]),
  );
}

export async function createPolicyType(store: EventStore, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const terms = parseInput(policyTypeSchema, input);
  const policyTypeId = ctx.newId();
  return handleCommand(store, {
    streamId: policyTypeStreamId(policyTypeId),
    decider: policyTypeDecider,
    command: { type: 'CreatePolicyType', policyTypeId, companyId, terms },
    ctx,
    inTransaction: (tx) => reservePolicyTypeName(tx, companyId, terms.name, policyTypeId),
  });
}


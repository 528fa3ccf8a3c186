import type { EventStore } from '../../event-store/types.ts';
import type { SqlExecutor } from '../../event-store/sql.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleCommand, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { DomainError } from '../../errors.ts';
import { reserve } from '../../identity/credentials.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { policyTypeSchema, type PolicyTypeInput } from '../../validation/index.ts';
import { policyTypeTerms } from '../policy-types.decider.ts';
import { policyTypeStreamId, type PolicyTypeEvent } from '../policy-types.events.ts';
import { evolvePolicyType, initialPolicyTypeState, type PolicyTypeState } from '../policy-types.state.ts';

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
    decider: {
      initialState: initialPolicyTypeState,
      evolve: evolvePolicyType,
      decide: (command, state) => decideCreatePolicyType(state, command),
    },
    command: { type: 'CreatePolicyType', policyTypeId, companyId, terms } satisfies CreatePolicyType,
    ctx,
    inTransaction: (tx) => reservePolicyTypeName(tx, companyId, terms.name, policyTypeId),
  });
}

export type CreatePolicyType = { type: 'CreatePolicyType'; policyTypeId: string; companyId: string; terms: PolicyTypeInput };

export function decideCreatePolicyType(state: PolicyTypeState, command: CreatePolicyType): PolicyTypeEvent[] {
  if (state.status !== 'none') throw new DomainError('ALREADY_EXISTS', 'This policy type already exists');
  return [
    {
      type: 'PolicyTypeCreated',
      data: { policyTypeId: command.policyTypeId, companyId: command.companyId, ...policyTypeTerms(command.terms) },
    },
  ];
}

export const createPolicyTypeSlice = commandSlice({
  name: 'createPolicyType',
  operation: 'policy_types:create',
  input: () => policyTypeSchema,
  handle: ({ store }, { input }, ctx) => createPolicyType(store, input, ctx),
});

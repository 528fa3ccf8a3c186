import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleCommand, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { release } from '../../identity/credentials.ts';
import { policyTypeSchema } from '../../validation/index.ts';
import { policyTypeDecider } from '../policy-types.decider.ts';
import { policyTypeStreamId } from '../policy-types.events.ts';
import { nameReservation, reservePolicyTypeName } from './create-policy-type.ts';

/** New terms for future policies; policies already issued keep the terms they were written on. */
export async function updatePolicyType(store: EventStore, policyTypeId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const terms = parseInput(policyTypeSchema, input);
  return handleCommand(store, {
    streamId: policyTypeStreamId(policyTypeId),
    decider: policyTypeDecider,
    command: { type: 'UpdatePolicyType', policyTypeId, companyId, terms },
    ctx,
    async inTransaction(tx, _events, before) {
      if (before.status === 'exists' && before.name.trim().toLowerCase() !== terms.name.trim().toLowerCase()) {
        await release(tx, nameReservation(companyId, before.name, policyTypeId));
        await reservePolicyTypeName(tx, companyId, terms.name, policyTypeId);
      }
    },
  });
}

import { asDomainEvent } from '../../command-handling/handle.ts';
import type { EventStore } from '../../event-store/types.ts';
import { southAfricanDate } from '../../validation/dates.ts';
import { policyStreamId, type PolicyEvent } from '../policies.events.ts';
import { evolvePolicy, initialPolicyState, type PolicyState } from '../policies.state.ts';

/**
 * A policy folded from its stream, with the day of its current lapse (null when it is not lapsed). A
 * staff lapse recorded before issue #20 carries no day on its event: the South African day it was
 * recorded. Staff's reinstatement window and a new policy's waiting-period carry-over both run from it.
 */
export async function loadPolicy(store: EventStore, policyId: string): Promise<{ state: PolicyState; lapsedOn: string | null }> {
  const { events } = await store.readStream(policyStreamId(policyId));
  const state = events.map(asDomainEvent<PolicyEvent>).reduce(evolvePolicy, initialPolicyState);
  if (state.status !== 'lapsed') return { state, lapsedOn: null };
  const staffLapse = events.findLast((e) => e.type === 'PolicyStatusChanged' && e.data.to === 'lapsed');
  return { state, lapsedOn: state.lapse?.on || (staffLapse ? southAfricanDate(staffLapse.recordedAt) : null) };
}

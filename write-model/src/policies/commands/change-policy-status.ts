import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleCommand, loadState, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { memberStreamId } from '../../members/members.events.ts';
import { evolveMember, initialMemberState, type MemberState } from '../../members/members.state.ts';
import { checkLifeCovers, livesGainingCover } from '../../members/life-cover-cap.ts';
import { loadFuneralCaps } from '../lives.ts';
import { z } from 'zod';
import type { Decider } from '../../command-handling/decider.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { DomainError, NotFoundError, ValidationError } from '../../errors.ts';
import { policyTypeStreamId } from '../../policy-types/policy-types.events.ts';
import { evolvePolicyType, initialPolicyTypeState } from '../../policy-types/policy-types.state.ts';
import { addMonths, southAfricanDate } from '../../validation/dates.ts';
import { CALENDAR_RULE_DEFAULTS } from '../../validation/policy-types.ts';
import { canChangePolicyStatus, missingReason, policyStatusSchema, transitionRefusal, type PolicyStatus } from '../../validation/index.ts';
import { policyStreamId, type PolicyEvent } from '../policies.events.ts';
import { evolvePolicy, initialPolicyState, type PolicyState } from '../policies.state.ts';
import { loadPolicy } from './load-policy.ts';

/** {status, note?}: the note (trimmed; blank or not text is none) is kept with the change; a lapse and a reinstatement from lapsed need one. */
export const changePolicyStatusSchema = policyStatusSchema.extend({
  note: z
    .string()
    .nullish()
    .catch(null)
    .transform((note) => note?.trim() || null)
    .meta({
      description: 'The reason, kept with the change: required to lapse a policy or to set a lapsed one active again (a reinstatement).',
    }),
});

/** PATCH /api/policies/{id} {status, note?}: the transitions of spec part 1 §4, enforced here. */
export async function changePolicyStatus(store: EventStore, policyId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const { status, note } = parseInput(changePolicyStatusSchema, input);
  const streamId = policyStreamId(policyId);
  const { state: policy, lapsedOn } = await loadPolicy(store, policyId);
  const memberDeleted =
    policy.status !== 'none' &&
    (await loadState(store, memberStreamId(policy.memberId), { initialState: initialMemberState, evolve: evolveMember })).state.status ===
      'deleted';
  // Issue #22: a cancelled policy set active again gives its lives their cover back: held against the limit per life.
  const reviving = policy.status === 'cancelled' && status === 'active';
  const people = reviving ? await policyPeople(store, policy) : [];
  const caps = reviving ? await loadFuneralCaps(store) : null;
  const reinstatementMonths =
    policy.status === 'lapsed'
      ? await policyTypeRules(store, policy.policyTypeId).then((rules) => rules.reinstatementMonths)
      : CALENDAR_RULE_DEFAULTS.reinstatementMonths;
  return handleCommand(store, {
    streamId,
    decider: policyDecider,
    command: {
      type: 'ChangePolicyStatus',
      policyId,
      companyId,
      to: status,
      note,
      memberDeleted,
      reinstatementMonths,
      lapsedOn,
    },
    ctx,
    inTransaction: async (tx, events, before) => {
      if (!caps) return;
      const lives = livesGainingCover(before, events.reduce(evolvePolicy, before), people, ['status']);
      await checkLifeCovers(tx, { companyId, caps, now: ctx.now, lives });
    },
  });
}

/** The people a policy covers: its holder and the holder's family. */
async function policyPeople(store: EventStore, policy: PolicyState): Promise<MemberState[]> {
  if (policy.status === 'none') return [];
  const fold = { initialState: initialMemberState, evolve: evolveMember };
  const holder = (await loadState(store, memberStreamId(policy.memberId), fold)).state;
  const family = holder.status === 'none' ? [] : holder.familyMemberIds;
  return [holder, ...(await Promise.all(family.map(async (id) => (await loadState(store, memberStreamId(id), fold)).state)))];
}

/** The reinstatement window of the policy's type (its rules are read at the time of the decision). */
async function policyTypeRules(store: EventStore, policyTypeId: string) {
  const { state } = await loadState(store, policyTypeStreamId(policyTypeId), {
    initialState: initialPolicyTypeState,
    evolve: evolvePolicyType,
  });
  const months = state.status === 'exists' ? state.reinstatementMonths : undefined;
  return { reinstatementMonths: months ?? CALENDAR_RULE_DEFAULTS.reinstatementMonths };
}

export type ChangePolicyStatus = {
  type: 'ChangePolicyStatus';
  policyId: string;
  companyId: string;
  to: PolicyStatus;
  note: string | null;
  /** Whether the policy's member still exists: a deleted member's policy cannot come back. */
  memberDeleted: boolean;
  /** The policy type's reinstatement window in months (rule 2A.9; default 3). */
  reinstatementMonths: number;
  /** The day of the current lapse as loaded (loadPolicy: a staff lapse before issue #20 has it from its record time). */
  lapsedOn: string | null;
};
export type PolicyCommand = ChangePolicyStatus;

export const POLICY_NOT_FOUND = 'Policy not found';
export { LAPSE_REASON_REQUIRED, REINSTATE_REASON_REQUIRED } from '../../validation/policy-status.ts';
export const reinstatementWindowPassed = (lapsedOn: string, months: number, until: string) =>
  `The reinstatement window has passed: the policy lapsed on ${lapsedOn} and its type allows reinstatement within ${months} month${months === 1 ? '' : 's'} (until ${until}). Issue a new policy instead.`;

/**
 * Spec part 1 §4's switch, with issue #20's rules: staff lapse a policy or set a lapsed one active again
 * only for a stated reason (the confirmation dialog asks for it; the server refuses without it), and a
 * lapsed policy set active is a reinstatement by staff decision (rule 2A.9) — within the policy type's
 * window after the lapse, on the same terms, with no new waiting period.
 */
export const policyDecider: Decider<PolicyCommand, PolicyState, PolicyEvent> = {
  initialState: initialPolicyState,
  evolve: evolvePolicy,
  decide(command, state, ctx) {
    if (state.status === 'none' || state.companyId !== command.companyId) throw new NotFoundError(POLICY_NOT_FOUND);
    if (!canChangePolicyStatus(state.status, command.to)) {
      throw new DomainError('INVALID_TRANSITION', transitionRefusal(state.status, command.to));
    }
    if (command.to === 'active' && command.memberDeleted) {
      throw new DomainError('RULE_VIOLATED', 'The member of this policy has been deleted, so the policy cannot be reinstated.');
    }
    const reasonMissing = missingReason(state.status, command.to, command.note);
    if (reasonMissing) throw new ValidationError(reasonMissing, [{ path: ['note'], message: reasonMissing }]);
    const today = southAfricanDate(ctx.now);
    const { policyId, companyId, note } = command;
    if (state.status === 'lapsed' && command.to === 'active') {
      const lapsedOn = state.lapse?.on || command.lapsedOn || today;
      const until = addMonths(lapsedOn, command.reinstatementMonths);
      if (today > until) throw new DomainError('RULE_VIOLATED', reinstatementWindowPassed(lapsedOn, command.reinstatementMonths, until));
      return [{ type: 'PolicyReinstated', data: { policyId, companyId, reinstatedOn: today, lapsedOn, reason: 'staff_decision', note } }];
    }
    return [{ type: 'PolicyStatusChanged', data: { policyId, companyId, from: state.status, to: command.to, note, changedOn: today } }];
  },
};

export const changePolicyStatusSlice = commandSlice({
  name: 'changePolicyStatus',
  operation: 'policies:update_status',
  target: 'id',
  input: () => changePolicyStatusSchema,
  handle: ({ store }, { target, input }, ctx) => changePolicyStatus(store, target, input, ctx),
});

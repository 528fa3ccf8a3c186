import type { CommandContext } from '../../command-handling/context.ts';
import { toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, expectedVersion, loadState, requireCompany, withConflictRetry } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { DomainError, NotFoundError, ValidationError } from '../../errors.ts';
import type { EventStore } from '../../event-store/types.ts';
import { POLICY_TYPE_INACTIVE } from '../../members/members.decider.ts';
import { memberStreamId } from '../../members/members.events.ts';
import { evolveMember, initialMemberState, type MemberState } from '../../members/members.state.ts';
import { POLICY_TYPE_NOT_FOUND, suicideWaitingMonthsOf } from '../../policy-types/policy-types.decider.ts';
import { policyTypeStreamId } from '../../policy-types/policy-types.events.ts';
import { evolvePolicyType, initialPolicyTypeState, type PolicyTypeState } from '../../policy-types/policy-types.state.ts';
import {
  addMonths,
  changePolicyTypeSchema,
  compareDecimal,
  lifeRelationshipOf,
  southAfricanDate,
  sumPremiums,
  type ChangePolicyTypeInput,
  type FuneralCaps,
} from '../../validation/index.ts';
import { joiningLife, lifeDateOfBirth, loadFuneralCaps } from '../lives.ts';
import { policyStreamId, type CoverIncrease, type CoveredLife, type PolicyTypeChanged } from '../policies.events.ts';
import { evolvePolicy, initialPolicyState, type PolicyState } from '../policies.state.ts';
import { POLICY_NOT_FOUND } from './change-policy-status.ts';
import { checkLifeCovers, livesGainingCover } from '../../members/life-cover-cap.ts';

export const SAME_POLICY_TYPE = 'The policy is already on this policy type.';
export const onlyActiveChangesType = (policyNumber: string, status: string) =>
  `Only an active policy can change its type; policy ${policyNumber} is ${status}.`;

export type ChangePolicyType = {
  companyId: string;
  input: ChangePolicyTypeInput;
  policy: PolicyState;
  policyType: PolicyTypeState;
  /** The people the policy covers now: its main member first, then the family lives. */
  lives: readonly MemberState[];
  caps: FuneralCaps | null;
  today: string;
  now: Date;
};

/**
 * Issue #22: an active policy moves to another active type of its company from today. With a benefit
 * table each life is repriced at its age today (entry ages and the funeral limits apply, as when it
 * joined) and keeps the day it joined; without, the type's one cover and premium. Where a life's cover
 * goes up, the increase waits the new type's waiting period from today (PPR 2A.6); a decrease waits for
 * nothing. The premium changes from the next due date on (premium-ledger.ts premiumChanges).
 */
export function decideChangePolicyType(command: ChangePolicyType): [PolicyTypeChanged] {
  const { policy, policyType: type, companyId, today } = command;
  if (policy.status === 'none' || policy.companyId !== companyId) throw new NotFoundError(POLICY_NOT_FOUND);
  if (policy.status !== 'active') throw new DomainError('RULE_VIOLATED', onlyActiveChangesType(policy.policyNumber, policy.status));
  if (type.status === 'none' || type.companyId !== companyId) {
    throw new ValidationError(POLICY_TYPE_NOT_FOUND, [{ path: ['policyTypeId'], message: POLICY_TYPE_NOT_FOUND }]);
  }
  if (type.policyTypeId === policy.policyTypeId) {
    throw new DomainError('RULE_VIOLATED', SAME_POLICY_TYPE, [{ path: ['policyTypeId'], message: SAME_POLICY_TYPE }]);
  }
  if (!type.isActive)
    throw new DomainError('RULE_VIOLATED', POLICY_TYPE_INACTIVE, [{ path: ['policyTypeId'], message: POLICY_TYPE_INACTIVE }]);

  const benefits = type.benefits?.length ? type.benefits : null;
  const oldCover = (memberId: string) => policy.lives.find((l) => l.memberId === memberId)?.coverAmount ?? policy.coverageAmount;
  const joinedOn = (memberId: string) => policy.lives.find((l) => l.memberId === memberId)?.joinedOn ?? policy.startDate;
  const waitingEndsOn = addMonths(today, type.waitingPeriod);
  let lives: CoveredLife[] = [];
  const increases: CoverIncrease[] = [];
  if (benefits) {
    if (!command.caps) throw new Error('The funeral limits were not loaded for a policy type with a benefit table');
    lives = command.lives.flatMap((person, index) => {
      if (person.status !== 'active') return [];
      const priced = joiningLife(benefits, command.caps!, {
        memberId: person.memberId,
        relationship: index === 0 ? 'main_member' : lifeRelationshipOf(person.relationship),
        dateOfBirth: lifeDateOfBirth(person, command.now),
        joinedOn: today,
      });
      // The life keeps the day it joined (its waiting period so far); only an increase waits again.
      return [{ ...priced, joinedOn: joinedOn(person.memberId) }];
    });
    for (const life of lives) {
      const before = oldCover(life.memberId);
      if (compareDecimal(life.coverAmount, before) > 0) {
        increases.push({ memberId: life.memberId, fromCover: before, toCover: life.coverAmount, waitingEndsOn });
      }
    }
  } else if (compareDecimal(type.coverageAmount, policy.coverageAmount) > 0) {
    increases.push({ memberId: null, fromCover: policy.coverageAmount, toCover: type.coverageAmount, waitingEndsOn });
  }
  return [
    {
      type: 'PolicyTypeChanged',
      data: {
        policyId: policy.policyId,
        companyId,
        fromPolicyTypeId: policy.policyTypeId,
        toPolicyTypeId: type.policyTypeId,
        changedOn: today,
        coverageAmount: benefits ? (lives[0]?.coverAmount ?? type.coverageAmount) : type.coverageAmount,
        monthlyPremium: benefits ? sumPremiums(lives) : type.monthlyPremium,
        benefits,
        lives,
        increases,
        suicideWaitingMonths: suicideWaitingMonthsOf(type),
      },
    },
  ];
}

const memberFold = { initialState: initialMemberState, evolve: evolveMember };

/** POST /api/policies/{id}/change-type {policyTypeId}. */
export async function changePolicyType(store: EventStore, policyId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const parsed = parseInput(changePolicyTypeSchema, input);
  return withConflictRetry(async () => {
    const policy = await loadState(store, policyStreamId(policyId), { initialState: initialPolicyState, evolve: evolvePolicy });
    const policyType = await loadState(store, policyTypeStreamId(parsed.policyTypeId), {
      initialState: initialPolicyTypeState,
      evolve: evolvePolicyType,
    });
    const priced = policyType.state.status === 'exists' && (policyType.state.benefits?.length ?? 0) > 0;
    let people: MemberState[] = [];
    const current = policy.state;
    // Every life is loaded, priced or not (issue #22): a higher cover is held against the limit per life.
    if (current.status !== 'none') {
      const holder = (await loadState(store, memberStreamId(current.memberId), memberFold)).state;
      // On a policy with a table its lives are recorded; on one without, the holder's family is covered.
      const family = current.benefits
        ? current.lives.map((l) => l.memberId).filter((id) => id !== current.memberId)
        : holder.status === 'none'
          ? []
          : holder.familyMemberIds;
      people = [holder, ...(await Promise.all(family.map(async (id) => (await loadState(store, memberStreamId(id), memberFold)).state)))];
    }
    // The decider prices the lives only for a type with a table.
    const lives = priced ? people : [];
    const caps = priced ? await loadFuneralCaps(store) : null;
    const events = decideChangePolicyType({
      companyId,
      input: parsed,
      policy: policy.state,
      policyType: policyType.state,
      lives,
      caps,
      today: southAfricanDate(ctx.now),
      now: ctx.now,
    });
    const gaining = livesGainingCover(current, events.reduce(evolvePolicy, current), people, ['policyTypeId']);
    const coverCaps = gaining.length > 0 ? (caps ?? (await loadFuneralCaps(store))) : null;
    const append = await store.append(
      [{ streamId: policyStreamId(policyId), expectedVersion: expectedVersion(policy.version), events: events.map((e) => toNewEvent(e)) }],
      appendOptions(ctx, async (tx) => {
        if (coverCaps) await checkLifeCovers(tx, { companyId, caps: coverCaps, now: ctx.now, lives: gaining });
      }),
    );
    return { policyId, events, append };
  });
}

export const changePolicyTypeSlice = commandSlice({
  name: 'changePolicyType',
  // Whoever may change a policy's status may move it to another type.
  operation: 'policies:update_status',
  target: 'id',
  input: () => changePolicyTypeSchema,
  handle: ({ store }, { target, input }, ctx) => changePolicyType(store, target, input, ctx),
});

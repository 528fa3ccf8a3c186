import type { CommandContext } from '../../command-handling/context.ts';
import { idFromStream, toNewEvent } from '../../command-handling/decider.ts';
import { appendOptions, expectedVersion, loadState, requireCompany, withConflictRetry } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { allocateNumbers } from '../../companies/company-numbers.ts';
import { DomainError, NotFoundError, ValidationError } from '../../errors.ts';
import type { SqlExecutor } from '../../event-store/sql.ts';
import type { EventStore } from '../../event-store/types.ts';
import { formatPolicyNumber } from '../../members/commands/register-member.ts';
import { MEMBER_NOT_FOUND, POLICY_TYPE_INACTIVE } from '../../members/members.decider.ts';
import { memberStreamId, type MemberEvent } from '../../members/members.events.ts';
import { evolveMember, initialMemberState, type MemberState } from '../../members/members.state.ts';
import { POLICY_TYPE_NOT_FOUND, suicideWaitingMonthsOf } from '../../policy-types/policy-types.decider.ts';
import { policyTypeStreamId } from '../../policy-types/policy-types.events.ts';
import { evolvePolicyType, initialPolicyTypeState, type PolicyTypeState } from '../../policy-types/policy-types.state.ts';
import { southAfricanDate } from '../../validation/dates.ts';
import { issuePolicySchema, lifeRelationshipOf, sumPremiums, type FuneralCaps, type IssuePolicyInput } from '../../validation/index.ts';
import { joiningLife, lifeDateOfBirth, loadFuneralCaps } from '../lives.ts';
import { policyStreamId, type PolicyEvent, type PolicyIssued } from '../policies.events.ts';
import type { PolicyState } from '../policies.state.ts';
import { reservePolicyNumbers } from '../policy-numbers.ts';
import { waitingPeriodFor, type LapsedPolicy } from '../waiting-carry-over.ts';
import { loadPolicy } from './load-policy.ts';
import { checkLifeCovers, livesGainingCover } from '../../members/life-cover-cap.ts';
import { evolvePolicy, initialPolicyState } from '../policies.state.ts';

export const NOT_A_MAIN_MEMBER = 'Only a main member holds a policy; a family member is covered under theirs.';
export const policyInForce = (policyNumber: string) =>
  `This member already has a policy in force (${policyNumber}). A new policy is issued only when the last one has lapsed or been cancelled.`;

export type IssuePolicy = {
  memberId: string;
  companyId: string;
  input: IssuePolicyInput;
  member: MemberState;
  /** The member's earlier policies, each with the day it lapsed when it is lapsed. */
  policies: readonly { state: PolicyState; lapsedOn: string | null }[];
  policyType: PolicyTypeState;
  policyId: string;
  policyNumber: string;
  /** Issue #22: the main member's family (each a life on a policy with a benefit table) and the funeral limits. */
  family?: readonly MemberState[];
  caps?: FuneralCaps | null;
};

/**
 * A new policy for a main member with none in force, on a policy type's current terms, starting today;
 * its waiting period carries over only the unexpired part of a policy lapsed within 2 months (rule 2A.9).
 */
export function decideIssuePolicy(command: IssuePolicy, ctx: CommandContext): { member: MemberEvent[]; policy: PolicyEvent[] } {
  const { member, companyId, policyType: type } = command;
  if (member.status !== 'active' || member.companyId !== companyId) throw new NotFoundError(MEMBER_NOT_FOUND);
  if (!member.isMainMember) throw new DomainError('RULE_VIOLATED', NOT_A_MAIN_MEMBER);
  const inForce = command.policies.find((p) => p.state.status === 'active');
  if (inForce && inForce.state.status !== 'none') throw new DomainError('ALREADY_EXISTS', policyInForce(inForce.state.policyNumber));
  if (type.status === 'none' || type.companyId !== companyId) {
    throw new ValidationError(POLICY_TYPE_NOT_FOUND, [{ path: ['policyTypeId'], message: POLICY_TYPE_NOT_FOUND }]);
  }
  if (!type.isActive)
    throw new DomainError('RULE_VIOLATED', POLICY_TYPE_INACTIVE, [{ path: ['policyTypeId'], message: POLICY_TYPE_INACTIVE }]);
  const today = southAfricanDate(ctx.now);
  const lapsed: LapsedPolicy[] = command.policies.flatMap(({ state, lapsedOn }) =>
    state.status === 'lapsed' && lapsedOn
      ? [
          {
            policyId: state.policyId,
            policyNumber: state.policyNumber,
            startDate: state.startDate,
            waitingPeriod: state.waitingPeriod,
            lapsedOn,
          },
        ]
      : [],
  );
  const waiting = waitingPeriodFor(type.waitingPeriod, lapsed, today);
  // Issue #22: with a benefit table the main member and each family member is a life priced at its age today.
  const benefits = type.benefits?.length ? type.benefits : null;
  const lives =
    benefits && command.caps
      ? [member, ...(command.family ?? []).filter((f) => f.status === 'active')].map((person) =>
          joiningLife(benefits, command.caps!, {
            memberId: person.status === 'none' ? '' : person.memberId,
            relationship: person === member ? 'main_member' : lifeRelationshipOf(person.status === 'none' ? null : person.relationship),
            dateOfBirth: person.status === 'none' ? null : lifeDateOfBirth(person, ctx.now),
            joinedOn: today,
          }),
        )
      : null;
  if (benefits && !lives) throw new Error('The funeral limits were not loaded for a policy with a benefit table');
  const issued: PolicyIssued = {
    type: 'PolicyIssued',
    data: {
      policyId: command.policyId,
      companyId,
      policyNumber: command.policyNumber,
      memberId: command.memberId,
      policyTypeId: type.policyTypeId,
      coverageAmount: lives ? lives[0]!.coverAmount : type.coverageAmount,
      monthlyPremium: lives ? sumPremiums(lives) : type.monthlyPremium,
      waitingPeriod: waiting.months,
      startDate: today,
      suicideWaitingMonths: suicideWaitingMonthsOf(type),
      agentId: null,
      ...(command.input.debitDay !== undefined ? { debitDay: command.input.debitDay } : {}),
      ...(waiting.carriedOver ? { waitingCarriedOver: waiting.carriedOver } : {}),
      ...(benefits && lives ? { benefits, lives } : {}),
    },
  };
  return {
    member: [{ type: 'MemberPolicyIssued', data: { memberId: command.memberId, companyId, policyId: command.policyId } }],
    policy: [issued],
  };
}

/** POST /api/members/{id}/policy {policyTypeId, debitDay?}. */
export async function issuePolicy(store: EventStore, sql: SqlExecutor, memberId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const parsed = parseInput(issuePolicySchema, input);
  return withConflictRetry(async () => {
    const member = await loadState(store, memberStreamId(memberId), { initialState: initialMemberState, evolve: evolveMember });
    const policies = await Promise.all((member.state.status === 'none' ? [] : member.state.policyIds).map((id) => loadPolicy(store, id)));
    const policyType = await loadState(store, policyTypeStreamId(parsed.policyTypeId), {
      initialState: initialPolicyTypeState,
      evolve: evolvePolicyType,
    });
    const priced = policyType.state.status === 'exists' && (policyType.state.benefits?.length ?? 0) > 0;
    // The family is loaded priced or not (issue #22): each life's cover is held against the limit per life.
    const familyMembers =
      member.state.status !== 'none'
        ? await Promise.all(
            member.state.familyMemberIds.map((id) =>
              loadState(store, memberStreamId(id), { initialState: initialMemberState, evolve: evolveMember }).then((f) => f.state),
            ),
          )
        : [];
    // The decider prices the family only for a type with a table.
    const family = priced ? familyMembers : [];
    const caps = priced ? await loadFuneralCaps(store) : null;
    // Refusals first, so a refused request takes no policy number.
    const probe = { memberId, companyId, input: parsed, member: member.state, policies, policyType: policyType.state, family, caps };
    decideIssuePolicy({ ...probe, policyId: '', policyNumber: '' }, ctx);
    const policyId = ctx.newId();
    const policyNumber = formatPolicyNumber(await allocateNumbers(sql, companyId, 'policy'), ctx.now);
    const decided = decideIssuePolicy({ ...probe, policyId, policyNumber }, ctx);
    const issued = decided.policy.reduce(evolvePolicy, initialPolicyState);
    const gaining = livesGainingCover(initialPolicyState, issued, [member.state, ...familyMembers], ['policyTypeId']);
    const coverCaps = gaining.length > 0 ? (caps ?? (await loadFuneralCaps(store))) : null;
    const append = await store.append(
      [
        {
          streamId: memberStreamId(memberId),
          expectedVersion: expectedVersion(member.version),
          events: decided.member.map((e) => toNewEvent(e)),
        },
        { streamId: policyStreamId(policyId), expectedVersion: 'no_stream', events: decided.policy.map((e) => toNewEvent(e)) },
      ],
      appendOptions(ctx, async (tx) => {
        if (coverCaps) await checkLifeCovers(tx, { companyId, caps: coverCaps, now: ctx.now, lives: gaining });
        await reservePolicyNumbers(tx, companyId, [policyNumber], [policyId]);
      }),
    );
    // A retried command id answers with the first attempt's streams.
    return { memberId, policyId: idFromStream(append.streams, policyStreamId('')), append };
  });
}

export const issuePolicySlice = commandSlice({
  name: 'issuePolicy',
  operation: 'members:create',
  target: 'id',
  input: () => issuePolicySchema,
  handle: ({ store, sql }, { target, input }, ctx) => issuePolicy(store, sql, target, input, ctx),
});

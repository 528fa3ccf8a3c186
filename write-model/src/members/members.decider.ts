import { DomainError, NotFoundError, ValidationError } from '../errors.ts';
import type { CommandContext } from '../command-handling/context.ts';
import { lifeRelationshipOf, MEMBER_MESSAGES, sumPremiums, type FuneralCaps, type MemberInput } from '../validation/index.ts';
import { joiningLife, lifeDateOfBirth } from '../policies/lives.ts';
import type { PolicyState } from '../policies/policies.state.ts';
import { southAfricanDate } from '../validation/dates.ts';
import type { PolicyEvent } from '../policies/policies.events.ts';
import type { PolicyTypeState } from '../policy-types/policy-types.state.ts';
import { POLICY_TYPE_NOT_FOUND, suicideWaitingMonthsOf } from '../policy-types/policy-types.decider.ts';
import type { MemberEvent, MemberSource } from './members.events.ts';
import type { ExistingMember, MemberState } from './members.state.ts';

export const MEMBER_NOT_FOUND = 'Member not found';
export const MAIN_MEMBER_NOT_FOUND = 'The main member was not found. Choose an existing principal member.';
export const POLICY_TYPE_INACTIVE = 'This policy type is inactive and no longer offered. Choose an active policy type.';

export type RegisterMember = {
  memberId: string;
  companyId: string;
  input: MemberInput;
  source: MemberSource;
  /** The family member's main member, loaded by the handler (null for principals). */
  mainMember: MemberState | null;
  /** A policy to issue with a principal: its id, number and the chosen type as loaded. */
  policy: { policyId: string; policyNumber: string; policyType: PolicyTypeState; agentId: string | null } | null;
  /** A family member's main member's policy in force, as loaded (issue #22: the life joins it). */
  mainPolicy?: PolicyState | null;
  /** The funeral limits per life, loaded when a benefit table prices a life. */
  caps?: FuneralCaps | null;
};

// The product's one "today" lives with the other date rules; re-exported where callers found it.
export { southAfricanDate };

/**
 * Registers a principal (optionally with a policy) or a family member under an existing principal.
 * Answers the events for each stream involved: the member, its main member, its policy.
 */
export function decideRegisterMember(command: RegisterMember, ctx: CommandContext) {
  const { input, companyId, memberId } = command;
  const mainMemberEvents: MemberEvent[] = [];
  const policyEvents: PolicyEvent[] = [];
  if (!input.isMainMember) {
    const main = command.mainMember;
    if (!main || main.status !== 'active' || main.companyId !== companyId || !main.isMainMember) {
      throw new ValidationError(MAIN_MEMBER_NOT_FOUND, [{ path: ['mainMemberId'], message: MAIN_MEMBER_NOT_FOUND }]);
    }
    mainMemberEvents.push({ type: 'FamilyMemberAdded', data: { memberId: main.memberId, familyMemberId: memberId, companyId } });
    // Issue #22: on a policy with a benefit table the family member is a life of its own, priced at its
    // age today, and the policy's premium becomes the sum of its lives from today on.
    const mainPolicy = command.mainPolicy;
    if (mainPolicy && mainPolicy.status !== 'none' && mainPolicy.status !== 'cancelled' && mainPolicy.benefits) {
      const life = joiningLife(mainPolicy.benefits, command.caps ?? missingCaps(), {
        memberId,
        relationship: lifeRelationshipOf(input.relationship ?? null),
        dateOfBirth: lifeDateOfBirth(input, ctx.now),
        joinedOn: southAfricanDate(ctx.now),
      });
      policyEvents.push({
        type: 'PolicyLifeAdded',
        data: { policyId: mainPolicy.policyId, companyId, life, monthlyPremium: sumPremiums([...mainPolicy.lives, life]) },
      });
    }
  }
  const policy = input.isMainMember ? command.policy : null;
  if (policy) {
    const type = policy.policyType;
    if (type.status === 'none' || type.companyId !== companyId) {
      throw new ValidationError(POLICY_TYPE_NOT_FOUND, [{ path: ['policyTypeId'], message: POLICY_TYPE_NOT_FOUND }]);
    }
    if (!type.isActive)
      throw new DomainError('RULE_VIOLATED', POLICY_TYPE_INACTIVE, [{ path: ['policyTypeId'], message: POLICY_TYPE_INACTIVE }]);
    // A policy migrated from another system starts on its inception date (issue #20); a new one today.
    const startDate = input.inceptionDate ?? southAfricanDate(ctx.now);
    if (input.paidUpTo && input.paidUpTo < startDate) {
      throw new ValidationError(MEMBER_MESSAGES.paidUpToBeforeInception, [
        { path: ['paidUpTo'], message: MEMBER_MESSAGES.paidUpToBeforeInception },
      ]);
    }
    // Issue #22: with a benefit table the main member is the policy's first life, priced at its age on the start date.
    const benefits = type.benefits?.length ? type.benefits : null;
    const lives = benefits
      ? [
          joiningLife(benefits, command.caps ?? missingCaps(), {
            memberId,
            relationship: 'main_member',
            dateOfBirth: lifeDateOfBirth(input, ctx.now),
            joinedOn: startDate,
          }),
        ]
      : null;
    policyEvents.push({
      type: 'PolicyIssued',
      data: {
        policyId: policy.policyId,
        companyId,
        policyNumber: policy.policyNumber,
        memberId,
        policyTypeId: type.policyTypeId,
        coverageAmount: lives ? lives[0]!.coverAmount : type.coverageAmount,
        monthlyPremium: lives ? sumPremiums(lives) : type.monthlyPremium,
        waitingPeriod: type.waitingPeriod,
        startDate,
        suicideWaitingMonths: suicideWaitingMonthsOf(type),
        agentId: policy.agentId,
        // Only when given, so events without them read as before (the 1st; nothing paid before issue).
        ...(input.debitDay !== undefined ? { debitDay: input.debitDay } : {}),
        ...(input.paidUpTo ? { paidUpTo: input.paidUpTo } : {}),
        ...(benefits && lives ? { benefits, lives } : {}),
      },
    });
  }
  const memberEvents: MemberEvent[] = [
    {
      type: 'MemberRegistered',
      data: {
        memberId,
        companyId,
        isMainMember: input.isMainMember,
        mainMemberId: input.isMainMember ? null : input.mainMemberId,
        relationship: input.isMainMember ? null : input.relationship,
        otherRelationship: input.otherRelationship ?? null,
        identifierType: input.identifierType,
        saId: input.saId,
        passportNumber: input.passportNumber ? input.passportNumber.toUpperCase() : null,
        nationality: input.nationality,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone || null,
        address: input.address || null,
        city: input.city || null,
        province: input.province || null,
        postalCode: input.postalCode || null,
        dateOfBirth: input.dateOfBirth,
        policyId: policy?.policyId ?? null,
        source: command.source,
        // Only when given, so a registration without it reads as before.
        ...(input.priorCover ? { priorCover: input.priorCover } : {}),
      },
    },
  ];
  return { member: memberEvents, mainMember: mainMemberEvents, policy: policyEvents };
}

function missingCaps(): never {
  throw new Error('The funeral limits were not loaded for a policy with a benefit table');
}

/** A member of another company, or deleted, reads as missing. */
export function assertOwnActiveMember(state: MemberState, companyId: string): asserts state is ExistingMember {
  if (state.status !== 'active' || state.companyId !== companyId) throw new NotFoundError(MEMBER_NOT_FOUND);
}

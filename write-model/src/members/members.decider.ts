import { DomainError, NotFoundError, ValidationError } from '../errors.ts';
import type { CommandContext } from '../command-handling/context.ts';
import { MEMBER_MESSAGES, type MemberInput } from '../validation/index.ts';
import { southAfricanDate } from '../validation/dates.ts';
import type { PolicyEvent } from '../policies/policies.events.ts';
import type { PolicyTypeState } from '../policy-types/policy-types.state.ts';
import { POLICY_TYPE_NOT_FOUND } from '../policy-types/policy-types.decider.ts';
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
    policyEvents.push({
      type: 'PolicyIssued',
      data: {
        policyId: policy.policyId,
        companyId,
        policyNumber: policy.policyNumber,
        memberId,
        policyTypeId: type.policyTypeId,
        coverageAmount: type.coverageAmount,
        monthlyPremium: type.monthlyPremium,
        waitingPeriod: type.waitingPeriod,
        startDate,
        agentId: policy.agentId,
        // Only when given, so events without them read as before (the 1st; nothing paid before issue).
        ...(input.debitDay !== undefined ? { debitDay: input.debitDay } : {}),
        ...(input.paidUpTo ? { paidUpTo: input.paidUpTo } : {}),
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

/** A member of another company, or deleted, reads as missing. */
export function assertOwnActiveMember(state: MemberState, companyId: string): asserts state is ExistingMember {
  if (state.status !== 'active' || state.companyId !== companyId) throw new NotFoundError(MEMBER_NOT_FOUND);
}

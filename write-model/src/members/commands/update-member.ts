import type { EventStore } from '../../event-store/types.ts';
import type { CommandContext } from '../../command-handling/context.ts';
import { handleCommand, requireCompany } from '../../command-handling/handle.ts';
import { parseInput } from '../../command-handling/parse.ts';
import {
  editFamilyMemberSchemaOn,
  editMemberSchemaOn,
  priorCoverOfFields,
  southAfricanDate,
  type EditFamilyMemberInput,
  type EditMemberInput,
  type Relationship,
} from '../../validation/index.ts';
import { commandSlice } from '../../command-handling/slice.ts';
import { DomainError } from '../../errors.ts';
import { assertOwnActiveMember } from '../members.decider.ts';
import { memberPii, memberStreamId, type MemberDetails, type MemberEvent } from '../members.events.ts';
import { evolveMember, initialMemberState, type MemberState } from '../members.state.ts';

/** Loads the member, decides the edit and appends it: the one way both edits (main and family) run. */
function runUpdate<Input>(
  store: EventStore,
  memberId: string,
  ctx: CommandContext,
  companyId: string,
  input: Input,
  decide: (state: MemberState, command: { companyId: string; input: Input }) => MemberEvent[],
) {
  return handleCommand<{ companyId: string; input: Input }, MemberState, MemberEvent>(store, {
    streamId: memberStreamId(memberId),
    decider: { initialState: initialMemberState, evolve: evolveMember, decide: (command, state) => decide(state, command) },
    command: { companyId, input },
    ctx,
    piiOf: memberPii,
  });
}

/** The whole set of a member's details as edited, and a family member's relationship when given. */
function memberUpdated(
  state: MemberState,
  i: MemberDetails & { relationship?: Relationship; otherRelationship?: string | null } & Parameters<typeof priorCoverOfFields>[0],
): MemberEvent {
  if (state.status === 'none') throw new Error('memberUpdated needs a member');
  const { firstName, lastName, email, phone, address, city, province, postalCode, dateOfBirth } = i;
  const relationship = i.relationship === undefined ? {} : { relationship: i.relationship, otherRelationship: i.otherRelationship ?? null };
  const priorCover = priorCoverOfFields(i);
  return {
    type: 'MemberUpdated',
    data: {
      memberId: state.memberId,
      companyId: state.companyId,
      firstName,
      lastName,
      email,
      phone,
      address,
      city,
      province,
      postalCode,
      dateOfBirth,
      ...relationship,
      ...(priorCover ? { priorCover } : {}),
    },
  };
}

/** PUT /api/members/{id}: a main member's personal, contact and address details. */
export async function updateMember(store: EventStore, memberId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const parsed = parseInput(editMemberSchemaOn(southAfricanDate(ctx.now)), input);
  return runUpdate(store, memberId, ctx, companyId, parsed, decideUpdateMember);
}

export const ONLY_MAIN_MEMBERS_EDITABLE = 'Only main members can be edited.';

export function decideUpdateMember(state: MemberState, command: { companyId: string; input: EditMemberInput }): MemberEvent[] {
  assertOwnActiveMember(state, command.companyId);
  if (!state.isMainMember) throw new DomainError('RULE_VIOLATED', ONLY_MAIN_MEMBERS_EDITABLE);
  return [memberUpdated(state, command.input)];
}

export const updateMemberSlice = commandSlice({
  name: 'updateMember',
  operation: 'members:update',
  target: 'id',
  input: editMemberSchemaOn,
  handle: ({ store }, { target, input }, ctx) => updateMember(store, target, input, ctx),
});

/** PUT /api/members/{id}/family-details (issue #22): a family member's names, date of birth, relationship and contact. */
export async function updateFamilyMember(store: EventStore, memberId: string, input: unknown, ctx: CommandContext) {
  const companyId = requireCompany(ctx);
  const parsed = parseInput(editFamilyMemberSchemaOn(southAfricanDate(ctx.now)), input);
  return runUpdate(store, memberId, ctx, companyId, parsed, decideUpdateFamilyMember);
}

export const ONLY_FAMILY_MEMBERS = "A main member's details are edited with their contact and address (PUT /api/members/{id}).";

export function decideUpdateFamilyMember(state: MemberState, command: { companyId: string; input: EditFamilyMemberInput }): MemberEvent[] {
  assertOwnActiveMember(state, command.companyId);
  if (state.isMainMember) throw new DomainError('RULE_VIOLATED', ONLY_FAMILY_MEMBERS);
  return [memberUpdated(state, command.input)];
}

export const updateFamilyMemberSlice = commandSlice({
  name: 'updateFamilyMember',
  operation: 'members:update',
  target: 'id',
  input: editFamilyMemberSchemaOn,
  handle: ({ store }, { target, input }, ctx) => updateFamilyMember(store, target, input, ctx),
});

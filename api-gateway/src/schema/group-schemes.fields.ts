import { builder, withoutNulls } from '../builder.ts';
import * as schemes from '../operations/group-schemes.ts';
import { GroupSchemeMembersPayload, GroupSchemeStatusEnum, GroupSchemeType, RemoveSchemeMemberPayload, SchemeMemberType } from './group-schemes.ts';

// Rows arrive as the form holds them (every field a string, possibly blank): the scheme schema drops incomplete rows.
const SchemeFamilyMemberInput = builder.inputType('SchemeFamilyMemberInput', {
  fields: (t) => ({ firstName: t.string(), lastName: t.string(), saId: t.string(), relationship: t.string(), coverAmount: t.string() }),
});

const SchemeMainMemberInput = builder.inputType('SchemeMainMemberInput', {
  fields: (t) => ({
    firstName: t.string(),
    lastName: t.string(),
    saId: t.string(),
    phone: t.string(),
    address: t.string(),
    city: t.string(),
    province: t.string(),
    postalCode: t.string(),
    email: t.string(),
    coverAmount: t.string(),
    familyMembers: t.field({ type: [SchemeFamilyMemberInput] }),
  }),
});

const CreateGroupSchemeInput = builder.inputType('CreateGroupSchemeInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    description: t.string(),
    mainMembers: t.field({ type: [SchemeMainMemberInput], required: true }),
  }),
});

const UpdateGroupSchemeInput = builder.inputType('UpdateGroupSchemeInput', {
  fields: (t) => ({ name: t.string({ required: true }), description: t.string(), status: t.field({ type: GroupSchemeStatusEnum, required: true }) }),
});

const AddSchemeMembersInput = builder.inputType('AddSchemeMembersInput', {
  fields: (t) => ({ mainMembers: t.field({ type: [SchemeMainMemberInput], required: true }) }),
});

builder.queryFields((t) => ({
  groupSchemes: t.field({ type: [GroupSchemeType], description: "The company's schemes, newest first.", resolve: (_r, _a, ctx) => schemes.groupSchemes(ctx) }),
  groupScheme: t.field({
    type: GroupSchemeType,
    nullable: true,
    description: "Null when unknown or another company's (the page shows Scheme Not Found).",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => schemes.groupScheme(ctx, String(id)),
  }),
  schemeMembers: t.field({
    type: [SchemeMemberType],
    description: 'Main members in the order they joined, with their family nested; NOT_FOUND for an unknown scheme.',
    args: { schemeId: t.arg.id({ required: true }) },
    resolve: (_r, { schemeId }, ctx) => schemes.schemeMembers(ctx, String(schemeId)),
  }),
}));

builder.mutationFields((t) => ({
  createGroupScheme: t.field({
    type: GroupSchemeMembersPayload,
    args: { input: t.arg({ type: CreateGroupSchemeInput, required: true }) },
    resolve: (_r, { input }, ctx) => schemes.createGroupScheme(ctx, withoutNulls(input)),
  }),
  updateGroupScheme: t.field({
    type: GroupSchemeType,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdateGroupSchemeInput, required: true }) },
    resolve: (_r, { id, input }, ctx) => schemes.updateGroupScheme(ctx, String(id), withoutNulls(input)),
  }),
  addSchemeMembers: t.field({
    type: GroupSchemeMembersPayload,
    args: { schemeId: t.arg.id({ required: true }), input: t.arg({ type: AddSchemeMembersInput, required: true }) },
    resolve: (_r, { schemeId, input }, ctx) => schemes.addSchemeMembers(ctx, String(schemeId), input),
  }),
  removeSchemeMember: t.field({
    type: RemoveSchemeMemberPayload,
    description: "A main member's removal removes its family with it.",
    args: { schemeId: t.arg.id({ required: true }), memberId: t.arg.id({ required: true }) },
    resolve: (_r, { schemeId, memberId }, ctx) => schemes.removeSchemeMember(ctx, String(schemeId), String(memberId)),
  }),
}));

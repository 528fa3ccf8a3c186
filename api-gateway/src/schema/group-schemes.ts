import { enumType } from '../commands/graphql-input.ts';
import type { GroupSchemeRow, SchemeMemberNode, SchemeMemberRow } from '@fpa/projections';
import { SCHEME_STATUSES } from '@fpa/write-model/validation';
import { builder } from '../builder.ts';
import { RelationshipEnum } from './portfolio.ts';

/** What a create or an add did; droppedRows counts the incomplete rows the schema left out. */
export type SchemeMembersAnswer = { scheme: GroupSchemeRow; mainMembersAdded: number; familyMembersAdded: number; droppedRows: number };

export type RemoveSchemeMemberAnswer = { scheme: GroupSchemeRow; removedMemberId: string; familyMembersRemoved: number };

export const GroupSchemeStatusEnum = enumType('GroupSchemeStatus', { values: SCHEME_STATUSES });

export const GroupSchemeType = builder.objectRef<GroupSchemeRow>('GroupScheme').implement({
  description: 'A scheme card and the detail header.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    description: t.exposeString('description'),
    status: t.field({ type: GroupSchemeStatusEnum, resolve: (s) => s.status }),
    totalMembers: t.exposeInt('totalMembers', { description: 'Main members and family members on the scheme now.' }),
    mainMemberCount: t.exposeInt('mainMemberCount'),
    familyMemberCount: t.exposeInt('familyMemberCount'),
    policyPrefix: t.exposeString('policyPrefix', {
      description: 'The first three letters of the current name, upper case, padded with X (new group policy numbers start with it).',
    }),
    createdAt: t.string({ resolve: (s) => s.createdAt.toISOString() }),
    updatedAt: t.string({ resolve: (s) => s.updatedAt.toISOString() }),
  }),
});

export const SchemeMemberType = builder.objectRef<SchemeMemberRow | SchemeMemberNode>('SchemeMember');

// Declared before it is implemented: its familyMembers field is a list of itself.
SchemeMemberType.implement({
  description: 'A person on a scheme; family members are nested under their main member.',
  fields: (t) => ({
    id: t.exposeID('id'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    saId: t.exposeString('saId', { nullable: true }),
    passportNumber: t.exposeString('passportNumber', { nullable: true }),
    phone: t.exposeString('phone', { nullable: true }),
    address: t.exposeString('address', { nullable: true }),
    city: t.exposeString('city', { nullable: true }),
    province: t.exposeString('province', { nullable: true }),
    postalCode: t.exposeString('postalCode', { nullable: true }),
    email: t.exposeString('email', { nullable: true }),
    coverAmount: t.exposeString('coverAmount', { nullable: true }),
    policyNumber: t.exposeString('policyNumber', {
      description: "The main member's group policy number (family members are covered under it).",
    }),
    policyId: t.exposeID('policyId'),
    isMainMember: t.exposeBoolean('isMainMember'),
    mainMemberId: t.exposeID('mainMemberId', { nullable: true }),
    relationship: t.field({ type: RelationshipEnum, nullable: true, resolve: (m) => m.relationship }),
    status: t.exposeString('status'),
    createdAt: t.string({ resolve: (m) => m.createdAt.toISOString() }),
    familyMembers: t.field({
      type: [SchemeMemberType],
      description: 'Empty for family members.',
      resolve: (m) => ('familyMembers' in m ? m.familyMembers : []),
    }),
  }),
});

export const GroupSchemeMembersPayload = builder.objectRef<SchemeMembersAnswer>('GroupSchemeMembersPayload').implement({
  description: 'What a create or an add did.',
  fields: (t) => ({
    scheme: t.field({ type: GroupSchemeType, resolve: (a) => a.scheme }),
    mainMembersAdded: t.exposeInt('mainMembersAdded'),
    familyMembersAdded: t.exposeInt('familyMembersAdded'),
    droppedRows: t.exposeInt('droppedRows', {
      description:
        'Incomplete main-member rows that had something typed in (a wholly blank row is not counted), plus the family rows under them.',
    }),
  }),
});

export const RemoveSchemeMemberPayload = builder.objectRef<RemoveSchemeMemberAnswer>('RemoveSchemeMemberPayload').implement({
  description: "What a removal did: a main member's family goes with it.",
  fields: (t) => ({
    scheme: t.field({ type: GroupSchemeType, resolve: (a) => a.scheme }),
    removedMemberId: t.exposeID('removedMemberId'),
    familyMembersRemoved: t.exposeInt('familyMembersRemoved'),
  }),
});

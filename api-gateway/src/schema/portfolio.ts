import { enumType } from '../commands/graphql-input.ts';
import type { MemberRow, PolicyLife, PolicyRow, PolicyTypeRow } from '@fpa/projections';
import {
  IDENTIFIER_TYPES,
  LIFE_RELATIONSHIPS,
  MAIN_MEMBER_DEATH_RULES,
  POLICY_STATUSES,
  RELATIONSHIPS,
  type BenefitRow,
} from '@fpa/write-model/validation';
import type { ObjectRef } from '@pothos/core';
import { builder } from '../builder.ts';

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : value);

export const PolicyStatusEnum = enumType('PolicyStatus', { values: POLICY_STATUSES });
export const RelationshipEnum = enumType('Relationship', { values: RELATIONSHIPS });
export const IdentifierTypeEnum = enumType('IdentifierType', { values: IDENTIFIER_TYPES });

export const LifeRelationshipEnum = enumType('LifeRelationship', { values: LIFE_RELATIONSHIPS });
export const MainMemberDeathRuleEnum = enumType('MainMemberDeathRule', { values: MAIN_MEMBER_DEATH_RULES });

/** Issue #22: a row of a policy type's benefit table. */
export const BenefitRowType = builder.objectRef<BenefitRow>('BenefitRow').implement({
  description: 'Cover and premium for one relationship and age band; the lowest and highest bands are the entry ages.',
  fields: (t) => ({
    relationship: t.field({ type: LifeRelationshipEnum, resolve: (r) => r.relationship }),
    minAge: t.exposeInt('minAge'),
    maxAge: t.exposeInt('maxAge'),
    coverAmount: t.exposeString('coverAmount', { description: 'Decimal string, rand.' }),
    monthlyPremium: t.exposeString('monthlyPremium', { description: 'Decimal string, rand.' }),
  }),
});

/** Issue #22: a life on a policy with a benefit table, with its own cover and premium. */
export const CoveredLifeType = builder.objectRef<PolicyLife>('CoveredLife').implement({
  fields: (t) => ({
    memberId: t.exposeID('memberId'),
    relationship: t.field({ type: LifeRelationshipEnum, resolve: (l) => l.relationship }),
    ageAtEntry: t.exposeInt('ageAtEntry', { description: 'Whole years on the day it joined: the age band that priced it.' }),
    coverAmount: t.exposeString('coverAmount', { description: 'Decimal string, rand.' }),
    monthlyPremium: t.exposeString('monthlyPremium', { description: 'Decimal string, rand.' }),
    joinedOn: t.exposeString('joinedOn', { description: 'YYYY-MM-DD: its waiting period runs from here.' }),
    deceasedOn: t.string({
      nullable: true,
      description: 'YYYY-MM-DD: the life died (an approved death claim); its cover and premium are then 0. Null while alive.',
      resolve: (l) => l.deceasedOn ?? null,
    }),
  }),
});

export const PolicyTypeType = builder.objectRef<PolicyTypeRow>('PolicyType').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    coverageAmount: t.exposeString('coverageAmount', { description: 'Decimal string, rand.' }),
    monthlyPremium: t.exposeString('monthlyPremium', { description: 'Decimal string, rand.' }),
    waitingPeriod: t.exposeInt('waitingPeriod', { description: 'Months.' }),
    isActive: t.exposeBoolean('isActive'),
    graceDays: t.exposeInt('graceDays', {
      description: 'Days of cover after an unpaid premium is due: 15 (Policyholder Protection Rules, rule 15A) to 90.',
    }),
    lapseAfterMissed: t.exposeInt('lapseAfterMissed', {
      description: 'Missed premiums after which a policy lapses when grace ends: 1 to 6.',
    }),
    reinstatementMonths: t.exposeInt('reinstatementMonths', {
      description: 'Months after a lapse within which paying the arrears reinstates the policy: 0 to 12.',
    }),
    benefits: t.field({
      type: [BenefitRowType],
      description: 'Cover and premium per life and age band; empty for a type with one cover and one premium.',
      resolve: (row) => row.benefits,
    }),
    suicideWaitingMonths: t.exposeInt('suicideWaitingMonths', {
      description: 'Months a life waits for a claim on a death by suicide: 0 to 24 (issue #22). A natural death waits at most 6.',
    }),
    onMainMemberDeath: t.field({
      type: MainMemberDeathRuleEnum,
      description:
        "What the main member's death does (issue #22): end_policy (the premiums end) or continue_with_spouse (with a benefit table, a surviving spouse becomes the policyholder at the remaining lives' premium).",
      resolve: (row) => row.onMainMemberDeath,
    }),
    createdAt: t.string({ resolve: (row) => iso(row.createdAt) }),
  }),
});

export const MemberType = builder.objectRef<MemberRow>('Member').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    identifierType: t.field({ type: IdentifierTypeEnum, resolve: (m) => (m.saId ? 'saId' : 'passport') }),
    saId: t.exposeString('saId', { nullable: true }),
    passportNumber: t.exposeString('passportNumber', { nullable: true }),
    nationality: t.exposeString('nationality'),
    email: t.exposeString('email', { nullable: true }),
    phone: t.exposeString('phone', { nullable: true }),
    address: t.exposeString('address', { nullable: true }),
    city: t.exposeString('city', { nullable: true }),
    province: t.exposeString('province', { nullable: true }),
    postalCode: t.exposeString('postalCode', { nullable: true }),
    dateOfBirth: t.exposeString('dateOfBirth', { nullable: true }),
    isMainMember: t.exposeBoolean('isMainMember'),
    mainMemberId: t.exposeID('mainMemberId', { nullable: true }),
    mainMemberName: t.exposeString('mainMemberName', { nullable: true }),
    relationship: t.field({ type: RelationshipEnum, nullable: true, resolve: (m) => m.relationship }),
    otherRelationship: t.exposeString('otherRelationship', { nullable: true }),
    policyTypeId: t.exposeID('policyTypeId', { nullable: true }),
    policyId: t.exposeID('policyId', { nullable: true }),
    policyNumber: t.exposeString('policyNumber', {
      nullable: true,
      description: "The member's own policy, or its main member's for a family member; null shows as N/A.",
    }),
    policyStatus: t.field({
      type: PolicyStatusEnum,
      nullable: true,
      description: "That policy's status: a main member with none in force can be issued a new policy (issuePolicy).",
      resolve: (m) => m.policyStatus,
    }),
    status: t.exposeString('status'),
    schemeId: t.exposeID('schemeId', {
      nullable: true,
      description:
        "A group scheme's member: the scheme, whose group policy covers them (their policy's actions are the scheme's). Null for everyone else.",
    }),
    schemeName: t.exposeString('schemeName', { nullable: true, description: "The group scheme's current name; null for everyone else." }),
    createdAt: t.string({ resolve: (m) => iso(m.createdAt) }),
  }),
});

export const PolicyType = builder.objectRef<PolicyRow>('Policy').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    policyNumber: t.exposeString('policyNumber'),
    memberId: t.exposeID('memberId'),
    memberName: t.exposeString('memberName'),
    memberPhone: t.exposeString('memberPhone', { nullable: true }),
    memberSaId: t.exposeString('memberSaId', { nullable: true, description: 'SA ID, or the passport number when the member has none.' }),
    policyTypeId: t.exposeID('policyTypeId'),
    policyTypeName: t.exposeString('policyTypeName'),
    status: t.field({ type: PolicyStatusEnum, resolve: (p) => p.status }),
    monthlyPremium: t.exposeString('monthlyPremium'),
    coverageAmount: t.exposeString('coverageAmount'),
    waitingPeriod: t.exposeInt('waitingPeriod'),
    startDate: t.exposeString('startDate', { description: 'YYYY-MM-DD' }),
    debitDay: t.exposeInt('debitDay', { description: "The day of the month its premium is due (1–31; past a month's end, its last day)." }),
    schemeId: t.exposeID('schemeId', {
      nullable: true,
      description: "A group scheme's policy: the scheme whose terms it has (policyTypeId is then ''). Null for everyone else's.",
    }),
    schemeName: t.exposeString('schemeName', { nullable: true, description: "The group scheme's current name; null for everyone else's." }),
    coverByLife: t.field({
      type: [CoveredLifeType],
      description: "Each life's own cover and premium on a policy with a benefit table (the premium is their sum); empty otherwise.",
      resolve: (p) => p.lives,
    }),
    createdAt: t.string({ resolve: (p) => iso(p.createdAt) }),
  }),
});

type Page<T> = { nodes: T[]; totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null } };

export const PageInfo = builder.objectRef<Page<unknown>['pageInfo']>('PageInfo').implement({
  fields: (t) => ({ hasNextPage: t.exposeBoolean('hasNextPage'), endCursor: t.exposeString('endCursor', { nullable: true }) }),
});

/** A page of a list with cursor pagination: `nodes`, `totalCount`, `pageInfo`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any builder's schema types
function connection<T>(name: string, node: ObjectRef<any, T>) {
  return builder.objectRef<Page<T>>(name).implement({
    fields: (t) => ({
      nodes: t.field({ type: [node], resolve: (page) => page.nodes }),
      totalCount: t.exposeInt('totalCount'),
      pageInfo: t.field({ type: PageInfo, resolve: (page) => page.pageInfo }),
    }),
  });
}

const MemberConnection = connection<MemberRow>('MemberConnection', MemberType);
const PolicyConnection = connection<PolicyRow>('PolicyConnection', PolicyType);

const PolicyCounts = builder.objectRef<{ active: number; lapsed: number; cancelled: number; total: number }>('PolicyCounts').implement({
  fields: (t) => ({
    active: t.exposeInt('active'),
    lapsed: t.exposeInt('lapsed'),
    cancelled: t.exposeInt('cancelled'),
    total: t.exposeInt('total'),
  }),
});

const DashboardStats = builder
  .objectRef<{ totalMembers: number; activePolicies: number; monthlyRevenue: string; memberGrowth: number | null }>('DashboardStats')
  .implement({
    fields: (t) => ({
      totalMembers: t.exposeInt('totalMembers'),
      activePolicies: t.exposeInt('activePolicies'),
      monthlyRevenue: t.exposeString('monthlyRevenue', { description: "Decimal string: the sum of active policies' monthly premiums." }),
      memberGrowth: t.exposeFloat('memberGrowth', {
        nullable: true,
        description: "Percent: this month's new members against last month's; null when last month had none.",
      }),
    }),
  });

const CanAddMember = builder.objectRef<{ canAdd: boolean; reason: string | null }>('CanAddMember').implement({
  fields: (t) => ({ canAdd: t.exposeBoolean('canAdd'), reason: t.exposeString('reason', { nullable: true }) }),
});

const ImportRowFailure = builder.objectRef<{ rowNumber: number; errors: string[] }>('ImportRowFailure').implement({
  fields: (t) => ({ rowNumber: t.exposeInt('rowNumber'), errors: t.exposeStringList('errors') }),
});

/** The answer to one chunk of a CSV member import. */
export const ImportMembersResult = builder
  .objectRef<{ imported: number; failed: { rowNumber: number; errors: string[] }[]; skippedForLimit: number }>('ImportMembersResult')
  .implement({
    fields: (t) => ({
      imported: t.exposeInt('imported'),
      failed: t.field({ type: [ImportRowFailure], resolve: (r) => r.failed }),
      skippedForLimit: t.exposeInt('skippedForLimit', {
        description: 'Rows not imported because the member limit was reached (also in failed).',
      }),
    }),
  });

export { MemberConnection, PolicyConnection, PolicyCounts, DashboardStats, CanAddMember };

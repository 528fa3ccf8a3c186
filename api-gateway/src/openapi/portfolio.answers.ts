import { z } from 'zod';
import type { DashboardStatsRow, MemberRow, PolicyRow, PolicyTypeRow } from '@fpa/projections';
import type { ImportChunkResult } from '@fpa/write-model';
import { LIFE_RELATIONSHIPS, MAIN_MEMBER_DEATH_RULES, POLICY_STATUSES, RELATIONSHIPS } from '@fpa/write-model/validation';
import { MEMBER_DOCUMENT_KINDS, type MemberDocument } from '../queries/member-documents.ts';
import { claim } from './claims.answers.ts';
import { payment } from './payments.answers.ts';
import { day, id, instant, money, named, okWithId, rowOf, type AnswerMap } from './shapes.ts';

export const member = named(
  'Member',
  rowOf<MemberRow>()(
    z.strictObject({
      id,
      firstName: z.string(),
      lastName: z.string(),
      identifierType: z.enum(['saId', 'passport']),
      saId: z.string().nullable(),
      passportNumber: z.string().nullable(),
      nationality: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      address: z.string().nullable(),
      city: z.string().nullable(),
      province: z.string().nullable(),
      postalCode: z.string().nullable(),
      dateOfBirth: z.string().nullable().meta({ description: 'YYYY-MM-DD as entered ("[erased]" once the person is erased)' }),
      isMainMember: z.boolean(),
      mainMemberId: z.string().nullable(),
      mainMemberName: z.string().nullable(),
      relationship: z.enum(RELATIONSHIPS).nullable(),
      otherRelationship: z.string().nullable(),
      policyTypeId: z.string().nullable().meta({ description: 'The covering policy: the member’s own, or its main member’s' }),
      policyId: z.string().nullable(),
      policyNumber: z.string().nullable(),
      policyStatus: z.enum(['active', 'lapsed', 'cancelled']).nullable(),
      status: z.string(),
      schemeId: z.string().nullable().meta({ description: 'A group scheme’s member: the scheme whose group policy covers them' }),
      schemeName: z.string().nullable().meta({ description: 'The group scheme’s current name' }),
      createdAt: instant,
    }),
  ),
);

/** Issue #22: a benefit table's row, and a life with its own cover and premium. */
const benefitRow = named(
  'BenefitRow',
  z.strictObject({
    relationship: z.enum(LIFE_RELATIONSHIPS),
    minAge: z.int(),
    maxAge: z.int(),
    coverAmount: money,
    monthlyPremium: money,
  }),
);

const coveredLife = named(
  'CoveredLife',
  z.strictObject({
    memberId: id,
    relationship: z.enum(LIFE_RELATIONSHIPS),
    ageAtEntry: z.int(),
    coverAmount: money,
    monthlyPremium: money,
    joinedOn: day,
    deceasedOn: day
      .optional()
      .meta({ description: 'Issue #22: the life died on this day (an approved death claim); its cover and premium are then 0.' }),
  }),
);

const policyType = named(
  'PolicyType',
  rowOf<PolicyTypeRow>()(
    z.strictObject({
      id,
      name: z.string(),
      description: z.string().nullable(),
      coverageAmount: money,
      monthlyPremium: money,
      waitingPeriod: z.int().meta({ description: 'Months' }),
      isActive: z.boolean(),
      graceDays: z.int().meta({ description: 'Days of cover after an unpaid premium is due (15 to 90; rule 15A)' }),
      lapseAfterMissed: z.int().meta({ description: 'Missed premiums after which a policy lapses when grace ends (1 to 6)' }),
      reinstatementMonths: z.int().meta({ description: 'Months after a lapse within which paying the arrears reinstates (0 to 12)' }),
      benefits: z.array(benefitRow).meta({ description: 'Cover and premium per life and age band; empty: one cover and one premium' }),
      suicideWaitingMonths: z.int().meta({ description: 'Months a life waits for a claim on a death by suicide (0 to 24; issue #22)' }),
      onMainMemberDeath: z.enum(MAIN_MEMBER_DEATH_RULES).meta({
        description: "What the main member's death does: end_policy, or continue_with_spouse (a surviving spouse becomes the policyholder)",
      }),
      createdAt: instant,
    }),
  ),
);

const policy = named(
  'Policy',
  rowOf<PolicyRow>()(
    z.strictObject({
      id,
      policyNumber: z.string(),
      memberId: id,
      memberName: z.string(),
      memberPhone: z.string().nullable(),
      memberSaId: z.string().nullable(),
      policyTypeId: z.string().meta({ description: 'The policy type; empty for a group scheme’s policy (its terms are the scheme’s)' }),
      policyTypeName: z.string().meta({ description: 'The policy type’s name; a group scheme’s policy shows the scheme’s' }),
      status: z.enum(POLICY_STATUSES),
      monthlyPremium: money,
      coverageAmount: money,
      waitingPeriod: z.int(),
      startDate: day,
      debitDay: z.int().meta({ description: 'The day of the month its premium is due (1 to 31)' }),
      schemeId: z.string().nullable().meta({ description: 'A group scheme’s policy: the scheme' }),
      schemeName: z.string().nullable().meta({ description: 'The group scheme’s current name' }),
      lives: z
        .array(coveredLife)
        .meta({ description: 'Each life’s own cover and premium (a policy with a benefit table); empty otherwise' }),
      suicideWaitingMonths: z.int().nullable().meta({
        description:
          'The policy’s own wait for a claim on a death by suicide, in months, copied from its type at issue and at a change of type (issue #22); null for a group scheme’s policy',
      }),
      createdAt: instant,
    }),
  ),
);

const age = z.int().nullable().meta({ description: 'Whole years today, from the date of birth or the SA ID; null when unknown' });

const birthDate = day.nullable().meta({ description: 'The date of birth as entered, or the one the SA ID carries' });

const life = z.strictObject({
  id,
  firstName: z.string(),
  lastName: z.string(),
  isMainMember: z.boolean(),
  relationship: z.enum(RELATIONSHIPS).nullable(),
  otherRelationship: z.string().nullable(),
  saId: z.string().nullable(),
  passportNumber: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  birthDate,
  age,
  status: z.string(),
});

const memberDocument = named(
  'MemberDocument',
  rowOf<MemberDocument>()(
    z.strictObject({
      kind: z.enum(MEMBER_DOCUMENT_KINDS),
      title: z.string(),
      date: day,
      href: z.string(),
      fileName: z.string(),
      policyNumber: z.string().nullable(),
      claimNumber: z.string().nullable(),
    }),
  ),
);

const memberSummary = named(
  'MemberSummary',
  member.extend({
    birthDate,
    age,
    lives: z.array(life).meta({ description: 'The lives the member’s policy covers: the main member first, then the family' }),
    policies: z
      .array(
        policy.extend({
          paidUpTo: day.nullable(),
          balance: money.nullable().meta({ description: 'Owed today; null for a group-scheme policy' }),
          monthsInArrears: z.int().nullable(),
        }),
      )
      .nullable()
      .meta({ description: 'Newest first (a family member: the policy covering them); null without policies:read' }),
    payments: z.array(payment).nullable().meta({ description: 'The latest 36 per policy, newest first; null without payments:read' }),
    claims: z.array(claim).nullable().meta({ description: 'Newest first; null without claims:read' }),
    documents: z.array(memberDocument).meta({
      description:
        'The papers for this person, newest first, each with the GET route that gives it; a kind the caller may not read is left out',
    }),
  }),
);

const dashboardStats = named(
  'DashboardStats',
  rowOf<DashboardStatsRow>()(
    z.strictObject({
      totalMembers: z.int(),
      activePolicies: z.int(),
      monthlyRevenue: money,
      memberGrowth: z.number().nullable().meta({ description: 'Percent against last month; null when last month had none' }),
    }),
  ),
);

const importResult = rowOf<ImportChunkResult>()(
  z.strictObject({
    imported: z.int(),
    failed: z.array(z.strictObject({ rowNumber: z.int(), errors: z.array(z.string()) })),
    skippedForLimit: z.int(),
  }),
);

/** Spec part 1 §7: dashboard, members, policy types, policies. */
export const portfolioAnswers: AnswerMap = {
  'GET /api/dashboard/stats': { summary: 'The dashboard’s figures (non-agents with a company)', answer: dashboardStats },
  'GET /api/members': { summary: 'Every member of the company', answer: z.array(member) },
  'GET /api/members/can-add': {
    summary: 'Whether the plan’s member limit allows another member',
    answer: z.strictObject({ canAdd: z.boolean(), reason: z.string().nullable() }),
  },
  'GET /api/members/:id': {
    summary: 'One member with their lives, policies (paid-up-to, balance, arrears), payments and claims: the member’s page',
    answer: memberSummary,
  },
  'POST /api/members': { summary: 'Add a member (a main member gets a policy)', answer: member },
  'POST /api/members/import': { summary: 'Import members from CSV rows (one chunk)', answer: importResult },
  'PUT /api/members/:id': { summary: 'Update a member’s details', answer: member },
  'PUT /api/members/:id/family-details': {
    summary: 'Update a family member’s names, date of birth, relationship and optional contact and address',
    answer: member,
  },
  'DELETE /api/members/:id': { summary: 'Delete a member', answer: okWithId },
  'POST /api/members/:id/policy': {
    summary: 'Issue a new policy to a main member with none in force (rule 2A.9 waiting-period carry-over)',
    answer: policy,
  },
  'GET /api/policy-types': { summary: 'The company’s policy types', answer: z.array(policyType) },
  'POST /api/policy-types': { summary: 'Create a policy type', answer: policyType },
  'PUT /api/policy-types/:id': { summary: 'Update a policy type', answer: policyType },
  'GET /api/policies': { summary: 'Every policy of the company', answer: z.array(policy) },
  'PATCH /api/policies/:id': { summary: 'Change a policy’s status', answer: policy },
  'POST /api/policies/:id/change-type': {
    summary: 'Move an active policy to another policy type (an increase in cover waits for the increase only)',
    answer: policy,
  },
  'GET /api/policies/:id/schedule.pdf': {
    summary:
      'The policy schedule (issue #23): the policy, each life with its cover and waiting period, beneficiaries, cooling-off and how to claim',
    responses: { 200: { description: 'An A4 PDF', content: { 'application/pdf': z.string().meta({ format: 'binary' }) } } },
  },
};

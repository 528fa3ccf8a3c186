import { enumType } from '../commands/graphql-input.ts';
import type {
  AgeingBucket,
  LapseMonth,
  PermissionChange,
  PersonalDataRequest,
  SuspendedCompany,
  TurnaroundMonth,
  DecisionMonth,
  WaitingPeriodPolicy,
} from '@fpa/projections';
import { builder } from '../builder.ts';
import * as audit from '../queries/audit.ts';
import { complianceReport, complianceReports } from '../queries/compliance.ts';
import * as popia from '../commands/popia.ts';
import {
  AuditActorType,
  AuditEntityEnum,
  AuditHistoryType,
  ChainVerificationType,
  CompanyHistoryConnectionType,
  DataSubjectExportType,
  EntityAsOfType,
  ErasureResultType,
} from './audit.ts';

const TurnaroundMonthType = builder.objectRef<TurnaroundMonth>('TurnaroundMonth').implement({
  description: 'Claims paid in a month: days from submission to payment.',
  fields: (t) => ({
    month: t.exposeString('month'),
    claimsPaid: t.exposeInt('claimsPaid'),
    medianDays: t.exposeFloat('medianDays'),
    p90Days: t.exposeFloat('p90Days'),
  }),
});

const RejectionReasonCountType = builder.objectRef<DecisionMonth['rejectionReasons'][number]>('RejectionReasonCount').implement({
  fields: (t) => ({ reason: t.exposeString('reason'), count: t.exposeInt('count') }),
});

const DecisionMonthType = builder.objectRef<DecisionMonth>('DecisionMonth').implement({
  description: 'Claims decided (approved or rejected) in a month, against the 2-business-day decision deadline of PPR rule 2A.8.',
  fields: (t) => ({
    month: t.exposeString('month'),
    decided: t.exposeInt('decided'),
    decidedLate: t.exposeInt('decidedLate'),
    withClock: t.exposeInt('withClock', { description: 'Decided after the clock started (the last document verified).' }),
    medianBusinessHours: t.exposeFloat('medianBusinessHours', { nullable: true }),
    p90BusinessHours: t.exposeFloat('p90BusinessHours', { nullable: true }),
    rejected: t.exposeInt('rejected'),
    rejectionReasons: t.field({ type: [RejectionReasonCountType], resolve: (m) => m.rejectionReasons }),
  }),
});

const AgeingBucketType = builder.objectRef<AgeingBucket>('AgeingBucket').implement({
  description: 'Open claims (neither paid nor rejected) by whole days open.',
  fields: (t) => ({
    bucket: t.exposeString('bucket'),
    minDays: t.exposeInt('minDays'),
    maxDays: t.exposeInt('maxDays', { nullable: true }),
    count: t.exposeInt('count'),
    claimIds: t.exposeIDList('claimIds'),
  }),
});

export const LapseMonthType = builder.objectRef<LapseMonth>('LapseMonth').implement({
  fields: (t) => ({
    month: t.exposeString('month'),
    activeAtStart: t.exposeInt('activeAtStart'),
    lapsed: t.exposeInt('lapsed'),
    ratio: t.exposeFloat('ratio'),
  }),
});

const WaitingPeriodPolicyType = builder.objectRef<WaitingPeriodPolicy>('WaitingPeriodPolicy').implement({
  fields: (t) => ({
    policyId: t.exposeID('policyId'),
    policyNumber: t.exposeString('policyNumber'),
    memberId: t.exposeID('memberId'),
    memberName: t.exposeString('memberName'),
    startDate: t.exposeString('startDate'),
    waitingPeriodEnds: t.exposeString('waitingPeriodEnds'),
    daysRemaining: t.exposeInt('daysRemaining'),
  }),
});

const SuspendedCompanyType = builder.objectRef<SuspendedCompany>('SuspendedCompany').implement({
  fields: (t) => ({
    companyId: t.exposeID('companyId'),
    name: t.exposeString('name'),
    suspendedAt: t.string({ resolve: (c) => c.suspendedAt.toISOString() }),
    reason: t.exposeString('reason', { nullable: true }),
  }),
});

const PermissionChangeType = builder.objectRef<PermissionChange>('PermissionChange').implement({
  fields: (t) => ({
    position: t.exposeInt('position'),
    occurredAt: t.string({ resolve: (c) => c.occurredAt.toISOString() }),
    eventType: t.exposeString('eventType'),
    title: t.string({
      resolve: (c) =>
        ({
          RolePermissionsSet: 'Role permissions changed',
          UserPermissionGranted: 'Permission granted',
          UserPermissionRevoked: 'Permission revoked',
          UserRoleChanged: 'User role changed',
        })[c.eventType] ?? c.eventType,
    }),
    actor: t.field({ type: AuditActorType, resolve: (c) => c.actor }),
    targetUserId: t.exposeID('targetUserId', { nullable: true }),
    targetRole: t.exposeString('targetRole', { nullable: true }),
    permission: t.exposeString('permission', { nullable: true }),
    detail: t.exposeString('detail', {
      description: "'claim_admin: +claims:read −payments:read', 'role agent → auditor', 'granted reports:read'.",
    }),
  }),
});

const PersonalDataRequestKindEnum = enumType('PersonalDataRequestKind', { values: ['export', 'erasure', 'erasure_refused'] as const });

const PersonalDataRequestType = builder.objectRef<PersonalDataRequest>('PersonalDataRequest').implement({
  fields: (t) => ({
    position: t.exposeInt('position'),
    occurredAt: t.string({ resolve: (r) => r.occurredAt.toISOString() }),
    kind: t.field({ type: PersonalDataRequestKindEnum, resolve: (r) => r.kind }),
    subjectReference: t.exposeString('subjectReference', { description: 'The ID or passport number masked to its last four characters.' }),
    actor: t.field({ type: AuditActorType, resolve: (r) => r.actor }),
    reason: t.exposeString('reason', { nullable: true }),
    outcome: t.exposeString('outcome', { description: "'exported', 'erased', or the legal holds that refused it." }),
  }),
});

type Scope = { companyId: string | null };
const ComplianceReportsType = builder.objectRef<Scope>('ComplianceReports').implement({
  description: 'The compliance reports of the company (from the compliance projection).',
  fields: (t) => ({
    claimsTurnaround: t.field({
      type: [TurnaroundMonthType],
      resolve: (s, _a, ctx) => complianceReport(ctx, 'claims-turnaround', {}, s.companyId, false) as Promise<TurnaroundMonth[]>,
    }),
    claimsDecisions: t.field({
      type: [DecisionMonthType],
      resolve: (s, _a, ctx) => complianceReport(ctx, 'claims-decisions', {}, s.companyId, false) as Promise<DecisionMonth[]>,
    }),
    claimsAgeing: t.field({
      type: [AgeingBucketType],
      args: { asOf: t.arg.string({ description: 'A date (YYYY-MM-DD) or time; default now.' }) },
      resolve: (s, { asOf }, ctx) => complianceReport(ctx, 'claims-ageing', { asOf }, s.companyId, false) as Promise<AgeingBucket[]>,
    }),
    lapseRatio: t.field({
      type: [LapseMonthType],
      resolve: (s, _a, ctx) => complianceReport(ctx, 'lapse-ratio', {}, s.companyId, false) as Promise<LapseMonth[]>,
    }),
    policiesInWaitingPeriod: t.field({
      type: [WaitingPeriodPolicyType],
      args: { asOf: t.arg.string({ description: 'A date (YYYY-MM-DD); default today.' }) },
      resolve: (s, { asOf }, ctx) =>
        complianceReport(ctx, 'waiting-period', { asOf }, s.companyId, false) as Promise<WaitingPeriodPolicy[]>,
    }),
    suspendedCompanies: t.field({
      type: [SuspendedCompanyType],
      description: 'The super admin without a company: every suspended company; otherwise the company, if suspended.',
      resolve: (s, _a, ctx) => complianceReport(ctx, 'suspended-companies', {}, s.companyId, false) as Promise<SuspendedCompany[]>,
    }),
    permissionChanges: t.field({
      type: [PermissionChangeType],
      args: { from: t.arg.string(), to: t.arg.string() },
      resolve: (s, { from, to }, ctx) =>
        complianceReport(ctx, 'permission-changes', { from, to }, s.companyId, false) as Promise<PermissionChange[]>,
    }),
    personalDataRequests: t.field({
      type: [PersonalDataRequestType],
      resolve: (s, _a, ctx) => complianceReport(ctx, 'personal-data-requests', {}, s.companyId, false) as Promise<PersonalDataRequest[]>,
    }),
  }),
});

builder.queryFields((t) => ({
  history: t.field({
    type: AuditHistoryType,
    description: 'The full history of one record, oldest first (audit:read). Recorded as an audit read.',
    args: { entity: t.arg({ type: AuditEntityEnum, required: true }), id: t.arg.id({ required: true }), companyId: t.arg.id() },
    resolve: (_r, { entity, id, companyId }, ctx) => audit.history(ctx, entity, String(id), companyId?.toString()),
  }),
  entityAsOf: t.field({
    type: EntityAsOfType,
    description: "A record as it stood at a moment: asOf is an ISO time or a global position ('1234') (audit:read).",
    args: {
      entity: t.arg({ type: AuditEntityEnum, required: true }),
      id: t.arg.id({ required: true }),
      asOf: t.arg.string({ required: true }),
      companyId: t.arg.id(),
    },
    resolve: (_r, { entity, id, asOf, companyId }, ctx) => audit.entityAsOf(ctx, entity, String(id), asOf, companyId?.toString()),
  }),
  companyHistory: t.field({
    type: CompanyHistoryConnectionType,
    description: 'Every event of the company in order, filtered by type, actor and date range (YYYY-MM-DD or ISO), paginated (audit:read).',
    args: {
      type: t.arg.string(),
      actorId: t.arg.id(),
      from: t.arg.string(),
      to: t.arg.string(),
      first: t.arg.int({ defaultValue: 50 }),
      after: t.arg.string(),
      companyId: t.arg.id(),
    },
    resolve: (_r, { actorId, companyId, ...args }, ctx) =>
      audit.companyHistory(ctx, { ...args, actorId: actorId?.toString() ?? null, companyId: companyId?.toString() ?? null }),
  }),
  companyEventTypes: t.stringList({
    description: 'The event types recorded in the company (the type filter).',
    args: { companyId: t.arg.id() },
    resolve: (_r, { companyId }, ctx) => audit.companyEventTypes(ctx, companyId?.toString()),
  }),
  verifyEventChains: t.field({
    type: ChainVerificationType,
    description: "Checks the hash chains of the company's streams (the super admin without companyId: every stream).",
    args: { companyId: t.arg.id() },
    resolve: (_r, { companyId }, ctx) => audit.verifyEventChains(ctx, companyId?.toString()),
  }),
  complianceReports: t.field({
    type: ComplianceReportsType,
    args: { companyId: t.arg.id() },
    resolve: (_r, { companyId }, ctx) => complianceReports(ctx, companyId?.toString()),
  }),
  dataSubjectExport: t.field({
    type: DataSubjectExportType,
    description: 'Everything held about a person, by SA ID or passport number (personal_data:manage). Recorded.',
    args: { idNumber: t.arg.string({ required: true }), companyId: t.arg.id() },
    resolve: (_r, { idNumber, companyId }, ctx) => popia.dataSubjectExport(ctx, idNumber, companyId?.toString()),
  }),
}));

builder.mutationFields((t) => ({
  erasePersonalData: t.field({
    type: ErasureResultType,
    description:
      "ErasePersonalData (personal_data:manage): refused with LEGAL_HOLD and the reasons while a legal hold applies; otherwise the person's keys are destroyed and the read models rebuilt.",
    args: { idNumber: t.arg.string({ required: true }), reason: t.arg.string({ required: true }), companyId: t.arg.id() },
    resolve: (_r, { idNumber, reason, companyId }, ctx) => popia.erasePersonalData(ctx, idNumber, { reason }, companyId?.toString()),
  }),
}));

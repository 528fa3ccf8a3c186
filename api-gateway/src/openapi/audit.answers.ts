import { z } from 'zod';
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
import { AUDIT_ENTITIES, type AuditEntry, type EntityAsOf } from '@fpa/write-model';
import type { ChainVerification } from '@fpa/write-model/event-store';
import { day, id, instant, named, rowOf, type AnswerMap } from './shapes.ts';

const entity = z.enum(AUDIT_ENTITIES);
const actor = z.strictObject({ userId: z.string().nullable(), name: z.string(), role: z.string().nullable() });

const auditEntry = named(
  'AuditEntry',
  rowOf<AuditEntry>()(
    z.strictObject({
      position: z.int().meta({ description: 'The event’s global position' }),
      streamId: z.string(),
      version: z.int(),
      entity: entity.nullable(),
      entityId: z.string().nullable(),
      eventType: z.string(),
      title: z.string(),
      occurredAt: instant,
      actor,
      note: z.string().nullable(),
      changes: z.array(z.strictObject({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() })),
      data: z.record(z.string(), z.unknown()).meta({ description: 'The event’s data as read ("[erased]" after erasure)' }),
    }),
  ),
);

const verification = rowOf<ChainVerification>()(
  z.strictObject({
    ok: z.boolean(),
    streamsChecked: z.int(),
    eventsChecked: z.int(),
    firstBroken: z
      .strictObject({
        streamId: z.string(),
        version: z.int(),
        globalPosition: z.int(),
        reason: z.enum(['missing hash', 'hash mismatch', 'version gap', 'stream version mismatch']),
      })
      .nullable(),
    brokenCount: z.int(),
    checkedAt: instant,
  }),
);

const asOf = rowOf<EntityAsOf>()(
  z.strictObject({
    entity,
    id,
    asOf: z.string(),
    label: z.string(),
    position: z.int().nullable(),
    occurredAt: instant.nullable(),
    version: z.int(),
    exists: z.boolean(),
    state: z.record(z.string(), z.unknown()).nullable(),
    positions: z.array(z.int()),
    times: z.array(instant),
  }),
);

const compliance = {
  'claims-turnaround': rowOf<TurnaroundMonth>()(
    z.strictObject({ month: z.string(), claimsPaid: z.int(), medianDays: z.number(), p90Days: z.number() }),
  ),
  'claims-decisions': rowOf<DecisionMonth>()(
    z.strictObject({
      month: z.string(),
      decided: z.int(),
      decidedLate: z.int().meta({ description: 'Decided after the 2-business-day deadline (16 with the underwriter)' }),
      withClock: z.int().meta({ description: 'Decided after the clock started (the last document verified)' }),
      medianBusinessHours: z.number().nullable(),
      p90BusinessHours: z.number().nullable(),
      rejected: z.int(),
      rejectionReasons: z.array(z.strictObject({ reason: z.string(), count: z.int() })),
    }),
  ),
  'claims-ageing': rowOf<AgeingBucket>()(
    z.strictObject({ bucket: z.string(), minDays: z.int(), maxDays: z.int().nullable(), count: z.int(), claimIds: z.array(z.string()) }),
  ),
  'lapse-ratio': rowOf<LapseMonth>()(z.strictObject({ month: z.string(), activeAtStart: z.int(), lapsed: z.int(), ratio: z.number() })),
  'waiting-period': rowOf<WaitingPeriodPolicy>()(
    z.strictObject({
      policyId: id,
      policyNumber: z.string(),
      memberId: id,
      memberName: z.string(),
      startDate: day,
      waitingPeriodEnds: day,
      daysRemaining: z.int(),
    }),
  ),
  'suspended-companies': rowOf<SuspendedCompany>()(
    z.strictObject({ companyId: id, name: z.string(), suspendedAt: instant, reason: z.string().nullable() }),
  ),
  'permission-changes': rowOf<PermissionChange>()(
    z.strictObject({
      position: z.int(),
      occurredAt: instant,
      eventType: z.string(),
      actor,
      targetUserId: z.string().nullable(),
      targetRole: z.string().nullable(),
      permission: z.string().nullable(),
      detail: z.string(),
    }),
  ),
  'personal-data-requests': rowOf<PersonalDataRequest>()(
    z.strictObject({
      position: z.int(),
      occurredAt: instant,
      kind: z.enum(['export', 'erasure', 'erasure_refused']),
      subjectReference: z.string(),
      actor,
      reason: z.string().nullable(),
      outcome: z.string(),
    }),
  ),
};

const complianceSummaries: Record<keyof typeof compliance, string> = {
  'claims-turnaround': 'Claims paid per month, with the median and 90th-percentile days to pay',
  'claims-decisions':
    'Claims decided per month: decided late (PPR rule 2A.8), median and 90th-percentile business hours to decide, rejections by reason',
  'claims-ageing': 'Open claims by age',
  'lapse-ratio': 'Policies lapsed per month against those active at its start',
  'waiting-period': 'Active policies still in their waiting period',
  'suspended-companies': 'Suspended companies',
  'permission-changes': 'Role and permission changes',
  'personal-data-requests': 'Personal-data exports and erasures (POPIA)',
};

/** Issue 10: histories, point-in-time records, chain verification, compliance reports, POPIA. */
export const auditAnswers: AnswerMap = {
  'GET /api/audit/verify': { summary: 'Verify the company’s event hash chains', answer: verification },
  'GET /api/audit/company/events': {
    summary: 'The company’s history, newest first (a page)',
    answer: z.strictObject({
      entries: z.array(auditEntry),
      totalCount: z.int(),
      hasNextPage: z.boolean(),
      endCursor: z.string().nullable(),
    }),
  },
  'GET /api/audit/company/events.csv': {
    summary: 'The filtered company history as CSV (up to 10 000 events)',
    responses: { 200: { description: 'A CSV file', content: { 'text/csv': z.string() } } },
  },
  'GET /api/audit/company/event-types': { summary: 'The event types in the company’s history', answer: z.array(z.string()) },
  ...Object.fromEntries(
    Object.entries(compliance).map(([name, row]) => [
      `GET /api/audit/reports/${name}`,
      { summary: complianceSummaries[name as keyof typeof compliance], answer: z.array(row) },
    ]),
  ),
  'GET /api/audit/personal-data/:idNumber': {
    summary: 'Export everything held about a person (POPIA access request)',
    answer: z.record(z.string(), z.unknown()).meta({ description: 'The export document' }),
  },
  'POST /api/audit/personal-data/:idNumber/erase': {
    summary: 'Erase a person’s personal data (POPIA): their key is destroyed',
    answer: z.strictObject({
      erased: z.literal(true),
      subjectIds: z.array(z.string()),
      eventsAffected: z.int(),
      erasedAt: instant,
      projectionsRebuilt: z.array(z.string()),
    }),
  },
  'GET /api/audit/:entity/:id/events': {
    summary: 'A record’s whole history, event by event',
    answer: z.strictObject({ entity, id, label: z.string(), entries: z.array(auditEntry) }),
  },
  'GET /api/audit/:entity/:id': { summary: 'A record as it was at a moment (?asOf= a position or a date-time)', answer: asOf },
};

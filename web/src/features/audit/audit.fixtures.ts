import type { AuditEntry, ChainVerification, ComplianceReports } from './audit.operations';

// Answers shaped as the gateway sends them (with __typename), for the audit screens' tests.

const actor = (name: string, role: string | null, userId: string | null = 'u1') => ({
  __typename: 'AuditActor' as const,
  userId,
  name,
  role,
});
const change = (field: string, before: unknown, after: unknown) => ({
  __typename: 'AuditChange' as const,
  field,
  before: before === undefined ? null : JSON.stringify(before),
  after: after === undefined ? null : JSON.stringify(after),
});

export function entry(overrides: Partial<AuditEntry> & Pick<AuditEntry, 'position' | 'version' | 'eventType' | 'title'>) {
  return {
    __typename: 'AuditEntry' as const,
    streamId: 'claim-cl1',
    occurredAt: '2025-06-02T08:00:00.000Z',
    actor: actor('Thandi Nkosi', 'claim_admin'),
    note: null,
    changes: [],
    entity: 'claim' as const,
    entityId: 'cl1',
    ...overrides,
  };
}

/** A claim submitted, put under review with a note, then approved. */
export const claimEntries = [
  entry({
    position: 11,
    version: 1,
    eventType: 'ClaimSubmitted',
    title: 'Claim submitted',
    occurredAt: '2025-06-01T07:30:00.000Z',
    actor: actor('Precious Mahlangu', 'administrator', 'u0'),
    changes: [
      change('status', undefined, 'submitted'),
      change('claimAmount', undefined, '15000'),
      change('deceased.firstName', undefined, 'Themba'),
    ],
  }),
  entry({
    position: 15,
    version: 2,
    eventType: 'ClaimStatusChanged',
    title: 'Claim put under review',
    occurredAt: '2025-06-02T08:00:00.000Z',
    note: 'Documents look complete',
    changes: [change('status', 'submitted', 'under_review')],
  }),
  entry({
    position: 21,
    version: 3,
    eventType: 'ClaimApproved',
    title: 'Claim approved',
    occurredAt: '2025-06-03T12:15:00.000Z',
    changes: [change('status', 'under_review', 'approved')],
  }),
];

export const claimHistory = (entries = claimEntries) => ({
  __typename: 'AuditHistory' as const,
  entity: 'claim' as const,
  id: 'cl1',
  label: 'CLM-2025-000001',
  entries,
});

const STATUS_AT: Record<number, string> = { 11: 'submitted', 15: 'under_review', 21: 'approved' };

/** The claim folded to a position, as the server's entityAsOf would answer it. */
export function claimAsOf(asOf: string) {
  const position = Number(asOf);
  const version = claimEntries.filter((e) => e.position <= position).length;
  return {
    __typename: 'EntityAsOf' as const,
    entity: 'claim' as const,
    id: 'cl1',
    asOf,
    position: version > 0 ? claimEntries[version - 1]!.position : null,
    occurredAt: version > 0 ? claimEntries[version - 1]!.occurredAt : null,
    version,
    exists: version > 0,
    state:
      version > 0
        ? JSON.stringify({
            claimNumber: 'CLM-2025-000001',
            status: STATUS_AT[claimEntries[version - 1]!.position],
            claimAmount: '15000',
            deceased: { firstName: 'Themba', lastName: 'Mthembu' },
          })
        : null,
    positions: claimEntries.map((e) => e.position),
    times: claimEntries.map((e) => e.occurredAt),
  };
}

export const chainsOk: ChainVerification = {
  ok: true,
  streamsChecked: 12,
  eventsChecked: 340,
  firstBroken: null,
  checkedAt: '2025-06-04T09:00:00.000Z',
  brokenCount: 0,
};

export const chainsBroken = {
  ...chainsOk,
  ok: false,
  eventsChecked: 57,
  brokenCount: 1,
  firstBroken: { __typename: 'BrokenLink' as const, streamId: 'claim-cl1', version: 2, globalPosition: 15, reason: 'hash mismatch' },
};

export const complianceReports: ComplianceReports = {
  claimsTurnaround: [{ month: '2025-05', claimsPaid: 4, medianDays: 6.5, p90Days: 12.1 }],
  claimsDecisions: [
    {
      month: '2025-05',
      decided: 5,
      decidedLate: 1,
      withClock: 4,
      medianBusinessHours: 20.5,
      p90BusinessHours: 51.2,
      rejected: 2,
      rejectionReasons: [
        { reason: 'not_covered', count: 1 },
        { reason: 'waiting_period', count: 1 },
      ],
    },
  ],
  claimsAgeing: [
    { bucket: '0-7', minDays: 0, maxDays: 7, count: 2, claimIds: ['cl1', 'cl2'] },
    { bucket: '90+', minDays: 91, maxDays: null, count: 1, claimIds: ['cl3'] },
  ],
  lapseRatio: [{ month: '2025-05', activeAtStart: 40, lapsed: 2, ratio: 0.05 }],
  policiesInWaitingPeriod: [
    {
      policyId: 'p1',
      policyNumber: 'POL-2025-000009',
      memberId: 'm1',
      memberName: 'Sipho Dlamini',
      startDate: '2025-05-01',
      waitingPeriodEnds: '2025-11-01',
      daysRemaining: 150,
    },
  ],
  suspendedCompanies: [],
  permissionChanges: [
    {
      position: 3,
      occurredAt: '2025-05-02T10:00:00.000Z',
      eventType: 'RolePermissionsSet',
      title: 'Role permissions changed',
      actor: { userId: 'u0', name: 'Precious Mahlangu', role: 'administrator' },
      targetUserId: null,
      targetRole: 'claim_admin',
      permission: null,
      detail: 'claim_admin: +claims:approve',
    },
  ],
  personalDataRequests: [
    {
      position: 30,
      occurredAt: '2025-06-01T10:00:00.000Z',
      kind: 'erasure_refused',
      subjectReference: '800101*******',
      actor: { userId: 'u0', name: 'Precious Mahlangu', role: 'administrator' },
      reason: 'Asked by the person',
      outcome: 'The person has an active policy (POL-2025-000009)',
    },
  ],
};

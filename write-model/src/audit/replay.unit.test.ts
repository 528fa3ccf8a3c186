import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import type { EventStore, RecordedEvent } from '../event-store/types.ts';
import type { SqlExecutor } from '../event-store/sql.ts';
import { diffStates } from './changes.ts';
import { entityAsOf, entityHistory, parseAsOf } from './replay.ts';

const COMPANY = '11111111-1111-4111-8111-111111111111';
const CLAIM = '22222222-2222-4222-8222-222222222222';
const DOC = '33333333-3333-4333-8333-333333333333';
const CLERK = '44444444-4444-4444-8444-444444444444';
const at = (iso: string) => new Date(iso);

let n = 0;
function recorded(
  streamId: string,
  streamVersion: number,
  globalPosition: number,
  time: string,
  type: string,
  data: Record<string, unknown>,
  actorUserId: string | null = CLERK,
): RecordedEvent {
  n++;
  return {
    globalPosition,
    txId: String(globalPosition),
    streamId,
    streamVersion,
    eventId: `e-${n}`,
    type,
    data,
    metadata: { companyId: COMPANY, actorUserId, commandId: null, correlationId: 'c', causationId: null, schemaVersion: 1 },
    recordedAt: at(time),
  };
}

const submitted = {
  claimId: CLAIM,
  companyId: COMPANY,
  claimNumber: 'CLM-000001',
  policyId: 'p1',
  policyNumber: 'POL-1',
  memberId: 'm1',
  memberName: 'Thandi Nkosi',
  claimAmount: '15000.00',
  documents: [{ documentId: DOC, field: 'deceasedIdDocument', category: 'identity_document' }],
  flags: { withinWaitingPeriod: false, exceedsCover: false },
  submittedDate: '2025-03-01',
};

/** The claim's stream: submitted, a document verified, under review (note), approved (note). */
const claimStream = [
  recorded(`claim-${CLAIM}`, 1, 10, '2025-03-01T08:00:00.000Z', 'ClaimSubmitted', submitted),
  recorded(`claim-${CLAIM}`, 2, 12, '2025-03-02T09:00:00.000Z', 'ClaimDocumentReviewed', {
    claimId: CLAIM,
    companyId: COMPANY,
    documentId: DOC,
    from: 'pending',
    to: 'verified',
    note: null,
  }),
  recorded(`claim-${CLAIM}`, 3, 15, '2025-03-03T10:00:00.000Z', 'ClaimStatusChanged', {
    claimId: CLAIM,
    companyId: COMPANY,
    from: 'submitted',
    to: 'under_review',
    note: 'Checking the certificate',
  }),
  recorded(`claim-${CLAIM}`, 4, 20, '2025-03-05T11:00:00.000Z', 'ClaimStatusChanged', {
    claimId: CLAIM,
    companyId: COMPANY,
    from: 'under_review',
    to: 'approved',
    note: 'All documents verified',
  }),
];

/** The clerk was a claim admin until position 18, then an auditor. */
const clerkStream = [
  recorded(
    `user-${CLERK}`,
    1,
    5,
    '2025-02-01T08:00:00.000Z',
    'UserRegistered',
    {
      userId: CLERK,
      companyId: COMPANY,
      username: 'sipho',
      role: 'claim_admin',
      email: 'sipho@example.co.za',
      firstName: 'Sipho',
      lastName: 'Dlamini',
      saId: null,
      phone: null,
    },
    null,
  ),
  recorded(
    `user-${CLERK}`,
    2,
    18,
    '2025-03-04T08:00:00.000Z',
    'UserRoleChanged',
    { userId: CLERK, companyId: COMPANY, from: 'claim_admin', to: 'auditor' },
    null,
  ),
];

function fakeStore(): EventStore {
  const streams = new Map<string, RecordedEvent[]>([
    [`claim-${CLAIM}`, claimStream],
    [`user-${CLERK}`, clerkStream],
  ]);
  return {
    readStream: async (streamId: string) => {
      const events = streams.get(streamId) ?? [];
      return { version: events.length, events };
    },
  } as unknown as EventStore;
}

/** es_events' company column: the claim stream is COMPANY's, nothing else is anyone's. */
const fakeSql = {
  query: async (_text: string, params: unknown[]) => (params[0] === `claim-${CLAIM}` && params[1] === COMPANY ? [{}] : []),
} as unknown as SqlExecutor;

// Hand-computed: the decider's state (status, number, document statuses and which document each is) over the submission's data.
// The claim's state as its decider folds it: the decision's fields start empty (issue #23).
const base = {
  ...submitted,
  status: 'submitted',
  documents: { [DOC]: 'pending' },
  documentFields: { [DOC]: 'deceasedIdDocument' },
  withinWaitingPeriod: false,
  approvedAmount: null,
  approvedOn: null,
  clock: null,
  extendedFor: null,
  disputed: false,
};
const afterReview = { ...base, documents: { [DOC]: 'verified' } };

describe('replaying a claim', () => {
  it('folds to any moment, by global position or time, like the stream read as of that point', async () => {
    const store = fakeStore();
    const ref = { entity: 'claim' as const, id: CLAIM, companyId: COMPANY };
    const before = await entityAsOf(store, fakeSql, { ...ref, asOf: '9' });
    expect(before).toMatchObject({ exists: false, state: null, position: null, version: 0, positions: [10, 12, 15, 20] });

    expect((await entityAsOf(store, fakeSql, { ...ref, asOf: '10' })).state).toEqual(base);
    expect((await entityAsOf(store, fakeSql, { ...ref, asOf: '14' })).state).toEqual(afterReview);
    const midway = await entityAsOf(store, fakeSql, { ...ref, asOf: '2025-03-04T00:00:00Z' });
    expect(midway).toMatchObject({ position: 15, version: 3, occurredAt: at('2025-03-03T10:00:00.000Z'), label: 'CLM-000001' });
    expect(midway.state).toEqual({ ...afterReview, status: 'under_review' });
    // A time exactly on an event includes it.
    expect((await entityAsOf(store, fakeSql, { ...ref, asOf: '2025-03-05T11:00:00.000Z' })).state).toEqual({
      ...afterReview,
      status: 'approved',
    });
    expect((await entityAsOf(store, fakeSql, { ...ref, asOf: '2025-03-05T10:59:59.999Z' })).version).toBe(3);
  });

  it('gives the timeline with business names, actors with the role they had then, notes and changes', async () => {
    const history = await entityHistory(fakeStore(), fakeSql, { entity: 'claim', id: CLAIM, companyId: COMPANY });
    expect(history.label).toBe('CLM-000001');
    expect(history.entries.map((e) => [e.position, e.title, e.actor.name, e.actor.role, e.note])).toEqual([
      [10, 'Claim submitted', 'Sipho Dlamini', 'claim_admin', null],
      [12, 'Claim document verified', 'Sipho Dlamini', 'claim_admin', null],
      [15, 'Claim under review', 'Sipho Dlamini', 'claim_admin', 'Checking the certificate'],
      [20, 'Claim approved', 'Sipho Dlamini', 'auditor', 'All documents verified'],
    ]);
    expect(history.entries[1]?.changes).toEqual([{ field: `documents.${DOC}`, before: '"pending"', after: '"verified"' }]);
    expect(history.entries[3]?.changes).toEqual([{ field: 'status', before: '"under_review"', after: '"approved"' }]);
    expect(history.entries[0]?.changes).toContainEqual({ field: 'claimAmount', before: null, after: '"15000.00"' });
  });

  it('is not found in another company, nor for an unknown id', async () => {
    const other = { entity: 'claim' as const, id: CLAIM, companyId: '99999999-9999-4999-8999-999999999999' };
    await expect(entityHistory(fakeStore(), fakeSql, other)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(entityAsOf(fakeStore(), fakeSql, { entity: 'member', id: CLAIM, companyId: COMPANY, asOf: '1' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('asOf and changes', () => {
  it('reads a number as a global position and anything else as an ISO time', () => {
    expect(parseAsOf('1234')).toEqual({ globalPosition: 1234 });
    expect(parseAsOf('2025-03-01')).toEqual({ time: at('2025-03-01T00:00:00.000Z') });
    expect(() => parseAsOf('yesterday')).toThrow(DomainError);
    expect(() => parseAsOf('2025-13-45')).toThrow('asOf must be an ISO date-time or a global position');
  });

  it('diffs lists of records item by item and sets as sorted lists', () => {
    const a = { members: [{ memberId: 'a', firstName: 'Ann' }], tags: new Set(['y', 'x']) };
    const b = {
      members: [
        { memberId: 'a', firstName: 'Anne' },
        { memberId: 'b', firstName: 'Ben' },
      ],
      tags: new Set(['x', 'y']),
    };
    expect(diffStates(a, b)).toEqual([
      { field: 'members.a.firstName', before: '"Ann"', after: '"Anne"' },
      { field: 'members.b.memberId', before: null, after: '"b"' },
      { field: 'members.b.firstName', before: null, after: '"Ben"' },
    ]);
  });
});

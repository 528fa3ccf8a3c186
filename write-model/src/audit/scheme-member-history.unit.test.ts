import { describe, expect, it } from 'vitest';
import type { AuditEntry } from './replay.ts';
import { schemeMemberEntries } from './scheme-member-history.ts';

let position = 0;
const entry = (eventType: string, data: Record<string, unknown>): AuditEntry => ({
  position: ++position,
  streamId: 'group-scheme-s1',
  version: position,
  entity: 'group_scheme',
  entityId: 's1',
  eventType,
  title: eventType,
  occurredAt: new Date(0),
  actor: { userId: null, name: 'System' } as unknown as AuditEntry['actor'],
  note: null,
  changes: [],
  data,
});

describe("a scheme member's history from the scheme's stream (issue #22)", () => {
  const log = [
    entry('GroupSchemeCreated', { name: 'Mine Workers' }),
    entry('SchemeMemberAdded', { memberId: 'other', isMainMember: true, policyNumber: 'GRP-1', coverAmount: '20000.00' }),
    entry('GroupPaymentRecorded', { amountPerMember: '100.00', paymentDate: '2026-01-01', reference: null }),
    entry('SchemeMemberAdded', { memberId: 'm1', isMainMember: true, policyNumber: 'GRP-2', coverAmount: '15000.00' }),
    entry('GroupSchemeUpdated', { name: 'Mine Workers Union', status: 'active' }),
    entry('GroupPaymentRecorded', { amountPerMember: '100.00', paymentDate: '2026-02-01', reference: 'FEB' }),
    entry('SchemeMemberRemoved', { memberId: 'other' }),
    entry('SchemeMemberRemoved', { memberId: 'm1' }),
    entry('GroupPaymentRecorded', { amountPerMember: '100.00', paymentDate: '2026-03-01', reference: null }),
  ];

  it('keeps their joining and leaving, and what the scheme did while they were on it; nothing of anyone else', () => {
    const kept = schemeMemberEntries(log, 'm1');
    expect(kept.map((k) => [k.entry.eventType, k.changes])).toEqual([
      [
        'SchemeMemberAdded',
        [
          { label: 'Group policy', before: null, after: 'GRP-2' },
          { label: 'Cover amount', before: null, after: '15000.00' },
        ],
      ],
      ['GroupSchemeUpdated', null],
      [
        'GroupPaymentRecorded',
        [
          { label: 'Amount per member', before: null, after: '100.00' },
          { label: 'Payment date', before: null, after: '2026-02-01' },
          { label: 'Reference', before: null, after: 'FEB' },
        ],
      ],
      ['SchemeMemberRemoved', []],
    ]);
  });
});

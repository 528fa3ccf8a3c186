import { describe, expect, it } from 'vitest';
import { commandContext } from '../../command-handling/context.ts';
import { outcome } from '../../command-handling/given-when-then.ts';
import { decideErasure, legalHolds, NO_PERSONAL_DATA, type PersonFacts } from './erase-personal-data.ts';

const COMPANY = '11111111-1111-4111-8111-111111111111';
const ctx = commandContext({ userId: 'admin', role: 'administrator', companyId: COMPANY }, 'cmd', new Date('2025-06-01T10:00:00Z'));
const person: PersonFacts = {
  subjects: [
    { subjectId: 'member:m2', kind: 'member', recordId: 'm2', label: 'Nomvula Dlamini' },
    { subjectId: 'claim-claimant:c1', kind: 'claim_claimant', recordId: 'c1', label: 'CLM-1: Nomvula Dlamini' },
  ],
  openClaims: [],
  activePolicies: [],
  lastFinancialEvent: null,
  activeStaff: [],
};
const erase = (facts: PersonFacts, retentionYears = 5) =>
  outcome(() =>
    decideErasure(
      { companyId: COMPANY, input: { idNumber: '8001015009087', reason: 'Asked by the person' }, facts, retentionYears, eventsAffected: 7 },
      ctx,
    ),
  );

describe('ErasePersonalData', () => {
  it('ends the retention period on the South African date: at 00:30 there (22:30 UTC the day before) the last day has passed', () => {
    const lastDay = { ...person, lastFinancialEvent: '2020-06-02' }; // retention ends 2025-06-02
    const at = (iso: string) => commandContext({ userId: 'admin', role: 'administrator', companyId: COMPANY }, 'cmd', new Date(iso));
    const decide = (iso: string) =>
      decideErasure(
        {
          companyId: COMPANY,
          input: { idNumber: '8001015009087', reason: 'Asked by the person' },
          facts: lastDay,
          retentionYears: 5,
          eventsAffected: 7,
        },
        at(iso),
      );
    expect(decide('2025-06-01T21:59:00Z')[0].type).toBe('PersonalDataErasureRefused');
    expect(decide('2025-06-01T22:30:00Z')[0].type).toBe('PersonalDataErased');
  });

  it('erases when no legal hold applies: every key of the person, the identifier masked', () => {
    erase(person).then([
      {
        type: 'PersonalDataErased',
        data: {
          companyId: COMPANY,
          subjectReference: '*********9087',
          subjectIds: ['claim-claimant:c1', 'member:m2'],
          reason: 'Asked by the person',
          eventsAffected: 7,
        },
      },
    ]);
  });

  it('is refused, with every reason, while a legal hold applies', () => {
    const held = {
      ...person,
      openClaims: [{ claimNumber: 'CLM-000004' }],
      activePolicies: [{ policyNumber: 'POL-000002' }],
      lastFinancialEvent: '2021-06-02',
      activeStaff: [{ kind: 'agent' as const, label: 'Nomvula Dlamini (AG01)' }],
    };
    erase(held).then([
      {
        type: 'PersonalDataErasureRefused',
        data: {
          companyId: COMPANY,
          subjectReference: '*********9087',
          reason: 'Asked by the person',
          holds: [
            'The person has an open claim (CLM-000004).',
            'The person has an active policy (POL-000002).',
            'Inside the retention period until 2026-06-02 after the last financial event (2021-06-02).',
            'The person has an active agent record (Nomvula Dlamini (AG01)).',
          ],
        },
      },
    ]);
  });

  it('counts the retention period from the last financial event, as configured', () => {
    expect(legalHolds({ ...person, lastFinancialEvent: '2020-06-01' }, '2025-06-01', 5)).toEqual([]);
    expect(legalHolds({ ...person, lastFinancialEvent: '2020-06-02' }, '2025-06-01', 5)).toHaveLength(1);
    expect(legalHolds({ ...person, lastFinancialEvent: '2024-06-02' }, '2025-06-01', 1)).toHaveLength(1);
    expect(legalHolds({ ...person, lastFinancialEvent: '2025-06-01' }, '2025-06-01', 0)).toEqual([]);
  });

  it('answers not found when nothing is held about the person, and needs a reason', () => {
    erase({ ...person, subjects: [] }).thenThrows('NOT_FOUND', NO_PERSONAL_DATA);
    outcome(() =>
      decideErasure(
        { companyId: COMPANY, input: { idNumber: '8001015009087', reason: ' ' }, facts: person, retentionYears: 5, eventsAffected: 0 },
        ctx,
      ),
    ).thenThrows('VALIDATION_FAILED', 'A reason for the erasure is required');
  });
});

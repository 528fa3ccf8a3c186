import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../command-handling/context.ts';
import { deciderScenario } from '../command-handling/given-when-then.ts';
import { BENEFICIARY_MESSAGES, luhnCheckDigit, sharesTotalMessage } from '../validation/index.ts';
import { POLICY_NOT_FOUND } from './commands/change-policy-status.ts';
import { beneficiariesDecider, type NominateBeneficiaries } from './commands/nominate-beneficiaries.ts';
import { beneficiariesPii, type PolicyEvent, type PolicyIssued, type PolicyStatusChanged } from './policies.events.ts';

const ctx: CommandContext = {
  now: new Date('2026-04-01T08:00:00Z'),
  newId: () => 'id-1',
  actor: { userId: 'u1', role: 'policy_admin', companyId: 'c1' },
  commandId: 'cmd-1',
};

const issued: PolicyIssued = {
  type: 'PolicyIssued',
  data: {
    policyId: 'p-1',
    companyId: 'c1',
    policyNumber: 'POL-2026-000001',
    memberId: 'm-1',
    policyTypeId: 'pt-1',
    coverageAmount: '20000',
    monthlyPremium: '150',
    waitingPeriod: 6,
    startDate: '2026-01-01',
    agentId: null,
  },
};

const cancelled: PolicyStatusChanged = {
  type: 'PolicyStatusChanged',
  data: { policyId: 'p-1', companyId: 'c1', from: 'active', to: 'cancelled', note: null, changedOn: '2026-03-01' },
};

const saId = (first12: string) => `${first12}${luhnCheckDigit(first12)}`;
const THANDI_ID = saId('900101012308');

const row = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Thandi',
  lastName: 'Mokoena',
  relationship: 'spouse',
  share: '100',
  ...overrides,
});

const nominate = (beneficiaries: unknown, companyId = 'c1'): NominateBeneficiaries => ({
  type: 'NominateBeneficiaries',
  policyId: 'p-1',
  companyId,
  input: { beneficiaries },
});

const policy = deciderScenario(beneficiariesDecider, ctx);

/** The set a decision nominated. */
function nominatedSet(events: PolicyEvent[]) {
  const [event] = events;
  if (event?.type !== 'BeneficiariesNominated') throw new Error(`expected BeneficiariesNominated, got ${event?.type}`);
  return event.data.beneficiaries;
}

describe('nominate beneficiaries', () => {
  it('names the set as given, ID numbers and phones tidied, shares with two places', () => {
    policy
      .given([issued])
      .when(
        nominate([
          row({ idNumber: ` ${THANDI_ID} `, phone: '082 123 4567', share: '60' }),
          row({ firstName: 'Sipho', relationship: 'child', idNumber: 'a1234567', share: 40 }),
        ]),
      )
      .then([
        {
          type: 'BeneficiariesNominated',
          data: {
            policyId: 'p-1',
            companyId: 'c1',
            memberId: 'm-1',
            beneficiaries: [
              {
                firstName: 'Thandi',
                lastName: 'Mokoena',
                idNumber: THANDI_ID,
                relationship: 'spouse',
                phone: '0821234567',
                share: '60.00',
              },
              { firstName: 'Sipho', lastName: 'Mokoena', idNumber: 'A1234567', relationship: 'child', phone: null, share: '40.00' },
            ],
          },
        },
      ]);
  });

  it('takes shares with two decimals that add up to exactly 100', () => {
    const decided = policy
      .given([issued])
      .when(nominate([row({ share: '33.34' }), row({ firstName: 'Sipho', share: '33.33' }), row({ firstName: 'Lerato', share: 33.33 })]))
      .decided();
    expect(nominatedSet(decided).map((b) => b.share)).toEqual(['33.34', '33.33', '33.33']);
  });

  it('refuses shares that do not add up to 100, saying the total', () => {
    policy
      .given([issued])
      .when(nominate([row({ share: '50' }), row({ firstName: 'Sipho', share: '40' })]))
      .thenThrows('VALIDATION_FAILED', sharesTotalMessage('90.00'), [
        { path: ['beneficiaries'], message: "The beneficiaries' shares must add up to 100% (now 90%)." },
      ]);
    policy
      .given([issued])
      .when(nominate([row({ share: '60.5' }), row({ firstName: 'Sipho', share: '40' })]))
      .thenThrows('VALIDATION_FAILED', "The beneficiaries' shares must add up to 100% (now 100.5%).");
  });

  it('refuses the same ID number twice (spaces and case ignored), on the later beneficiary', () => {
    policy
      .given([issued])
      .when(nominate([row({ idNumber: 'ab123456', share: '50' }), row({ firstName: 'Sipho', idNumber: 'AB 123456', share: '50' })]))
      .thenThrows('VALIDATION_FAILED', BENEFICIARY_MESSAGES.duplicateId, [
        { path: ['beneficiaries', 1, 'idNumber'], message: BENEFICIARY_MESSAGES.duplicateId },
      ]);
  });

  it('refuses none and refuses 11; takes 10', () => {
    policy.given([issued]).when(nominate([])).thenThrows('VALIDATION_FAILED', BENEFICIARY_MESSAGES.tooFew);
    policy
      .given([issued])
      .when(nominate(Array.from({ length: 11 }, (_, i) => row({ firstName: `Child ${i}`, share: i === 0 ? '0.01' : '9.99' }))))
      .thenThrows('VALIDATION_FAILED', BENEFICIARY_MESSAGES.tooMany);
    const decided = policy
      .given([issued])
      .when(nominate(Array.from({ length: 10 }, (_, i) => row({ firstName: `Child ${i}`, share: '10' }))))
      .decided();
    expect(nominatedSet(decided)).toHaveLength(10);
  });

  it('refuses a bad field on its own path: an ID that is neither, a zero share, a relationship not on the list', () => {
    policy
      .given([issued])
      .when(nominate([row({ idNumber: saId('900101012308').replace(/\d$/, (d) => String((Number(d) + 1) % 10)) })]))
      .thenThrows('VALIDATION_FAILED', BENEFICIARY_MESSAGES.idNumber, [
        { path: ['beneficiaries', 0, 'idNumber'], message: BENEFICIARY_MESSAGES.idNumber },
      ]);
    policy
      .given([issued])
      .when(nominate([row({ share: '0' }), row({ firstName: 'Sipho', share: '100' })]))
      .thenThrows('VALIDATION_FAILED', BENEFICIARY_MESSAGES.sharePositive);
    policy
      .given([issued])
      .when(nominate([row({ relationship: 'neighbour' })]))
      .thenThrows('VALIDATION_FAILED', BENEFICIARY_MESSAGES.relationship);
    policy
      .given([issued])
      .when(nominate([row({ relationship: undefined })]))
      .thenThrows('VALIDATION_FAILED', BENEFICIARY_MESSAGES.relationshipMissing);
  });

  it('lets a cancelled policy change them (a claim may be paid out)', () => {
    const [event] = policy
      .given([issued, cancelled])
      .when(nominate([row()]))
      .decided();
    expect(event!.type).toBe('BeneficiariesNominated');
  });

  it("answers another company's policy, and an unknown one, as not found, whatever the input", () => {
    policy
      .given([issued])
      .when(nominate([row()], 'c2'))
      .thenThrows('NOT_FOUND', POLICY_NOT_FOUND);
    policy.given([issued]).when(nominate([], 'c2')).thenThrows('NOT_FOUND', POLICY_NOT_FOUND);
    policy
      .given([])
      .when(nominate([row()]))
      .thenThrows('NOT_FOUND', POLICY_NOT_FOUND);
  });

  it("seals each beneficiary's names, ID number and phone with the main member's key", () => {
    const [event] = policy
      .given([issued])
      .when(nominate([row({ share: '50' }), row({ firstName: 'Sipho', share: '50' })]))
      .decided();
    expect(beneficiariesPii(event!)).toEqual([
      {
        subjectId: 'member:m-1',
        fields: [
          'beneficiaries.0.firstName',
          'beneficiaries.0.lastName',
          'beneficiaries.0.idNumber',
          'beneficiaries.0.phone',
          'beneficiaries.1.firstName',
          'beneficiaries.1.lastName',
          'beneficiaries.1.idNumber',
          'beneficiaries.1.phone',
        ],
      },
    ]);
    expect(beneficiariesPii(issued)).toBeUndefined();
  });
});
